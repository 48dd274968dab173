import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { i18n, PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText } from '@platform/i18n/testing';
import { installFakeServer, sessionAs, testUser } from '@platform/store/testing';
import { renderShell, testManifest, serveTestRemotes } from '../../test/renderShell';
import { registerRemoteEntries, resetRemoteLoader } from '../federation/remoteLoader';
import {
  dashboardPage,
  downloadsPage,
  landingPage,
  pageUrl,
  signinPage,
  signupPage,
  speakPage,
  textToSpeechPage,
} from '@platform/contracts/client';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

function clearLocaleCookie() {
  document.cookie = 'lang=; Path=/; Max-Age=0';
}

serveTestRemotes();
beforeEach(clearLocaleCookie);
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  document.documentElement.lang = 'en';
});

describe('the language picker', () => {
  it('switches the whole chrome to Yoruba, sets <html lang>, keeps the choice in the cookie and the account', async () => {
    const { server } = renderShell(pageUrl(dashboardPage));
    server.on('PUT /auth/locale', { body: { ok: true, locale: 'yo' } });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Yorùbá');

    const nav = await screen.findByRole('navigation', { name: 'Ìlọ kiri àkọ́kọ́' });
    expect(within(nav).getByRole('link', { name: 'Àwọn ìgbàsílẹ̀' })).toHaveAttribute(
      'href',
      pageUrl(downloadsPage),
    );
    expect(screen.getByRole('button', { name: 'Jáde' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Èdè' })).toHaveValue('yo');
    expect(document.documentElement.lang).toBe('yo');
    expect(document.cookie).toContain('lang=yo');
    await waitFor(() =>
      expect(server.calls('PUT /auth/locale').map((r) => r.json)).toEqual([{ locale: 'yo' }]),
    );
  });

  it("keeps a visitor's choice in the cookie only", async () => {
    const { server } = renderShell(pageUrl(landingPage), testManifest, { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Alpha home' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Hausa');
    await screen.findByRole('link', { name: 'Tsallaka zuwa abun ciki' });
    expect(document.cookie).toContain('lang=ha');
    expect(server.calls('PUT /auth/locale')).toEqual([]);
  });

  it('lists the languages in their own names in the mobile drawer, and switches from there', async () => {
    renderShell(pageUrl(speakPage));
    await screen.findByRole('heading', { level: 1, name: 'Speak' });
    await userEvent.click(screen.getByLabelText('Open menu', { selector: 'button' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const buttons = within(drawer).getAllByRole('button', { pressed: false });
    expect(buttons.map((b) => b.textContent)).toEqual(['Yorùbá', 'Hausa', 'Igbo']);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Igbo' }));
    expect(await screen.findByRole('dialog', { name: 'Ndepụta' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Igbo' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("gives a visitor on an open page of the app layout Sign in and Sign up in the visitor's language", async () => {
    document.cookie = 'lang=yo; Path=/';
    await act(() => i18n.changeLanguage('yo'));
    renderShell(pageUrl(textToSpeechPage), testManifest, { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Text-to-Speech Model' });
    const footer = document.querySelector('[data-session-user]') as HTMLElement;
    expect(await within(footer).findByRole('link', { name: 'Wọlé' })).toHaveAttribute(
      'href',
      pageUrl(signinPage, { next: pageUrl(textToSpeechPage) }),
    );
    expect(within(footer).getByRole('link', { name: 'Forúkọsílẹ̀' })).toHaveAttribute(
      'href',
      pageUrl(signupPage),
    );
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Wọlé' })).toBeInTheDocument();
  });

  it("follows the signed-in person's account language", async () => {
    const server = installFakeServer();
    sessionAs(server, { ...testUser, locale: 'ha' } as typeof testUser);
    renderShell(pageUrl(dashboardPage), testManifest, { server });
    expect(await screen.findByRole('navigation', { name: 'Babbar kewayawa' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ha');
    expect(document.cookie).toContain('lang=ha');
  });
});

describe('the chrome in the pseudo-locale', () => {
  beforeEach(() => act(() => void i18n.changeLanguage(PSEUDO_LOCALE)));

  // The remote's own page is checked by the remote's tests; here only what the shell draws around it.
  // (and the test's own location probe).
  const withoutRemotePages = () => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[data-remote], [data-testid="location"]').forEach((node) => node.remove());
    return copy;
  };

  it('shows only catalogue text in the app layout, its menus included', async () => {
    renderShell(pageUrl(dashboardPage));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: /Ṗŕöƒîļé|Þŕöƒîļé/ }));
    expectOnlyCatalogueText(withoutRemotePages());
  });

  it('shows only catalogue text in the app layout as a signed-out visitor sees it on an open page', async () => {
    renderShell(pageUrl(textToSpeechPage), testManifest, { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Text-to-Speech Model' });
    await waitFor(() => expect(document.querySelector('[data-session-user] a')).not.toBeNull());
    expectOnlyCatalogueText(withoutRemotePages());
  });

  it('shows only catalogue text in the contributor layout, drawer and user menu included', async () => {
    renderShell(pageUrl(speakPage));
    await screen.findByRole('heading', { level: 1, name: 'Speak' });
    await userEvent.click(screen.getByRole('button', { name: /Ûšéŕ/ }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByLabelText(/Öþéñ ɱéñû/, { selector: 'button' }));
    expectOnlyCatalogueText(withoutRemotePages());
  });

  it('shows only catalogue text in the public layout, the not-found screen and the session states', async () => {
    renderShell(pageUrl(landingPage), testManifest, { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Alpha home' });
    expectOnlyCatalogueText(withoutRemotePages());
  });

  it('shows only catalogue text on the not-found screen', () => {
    renderShell('/no/such/page');
    expectOnlyCatalogueText(withoutRemotePages());
  });

  it('shows only catalogue text while a section loads and when it is unavailable', async () => {
    jest.mocked(loadRemote).mockImplementation(() => new Promise(() => undefined));
    const loading = renderShell(pageUrl(downloadsPage));
    await waitFor(() => expect(document.querySelector('[data-remote-loading]')).not.toBeNull());
    expectOnlyCatalogueText(withoutRemotePages());
    loading.unmount();

    resetRemoteLoader();
    registerRemoteEntries(testManifest);
    jest.mocked(loadRemote).mockRejectedValue(new Error('down'));
    renderShell(pageUrl(downloadsPage));
    await waitFor(() => expect(document.querySelector('[data-remote-unavailable]')).not.toBeNull());
    expectOnlyCatalogueText(withoutRemotePages());
  });

  it('shows only catalogue text while the session is checked and when it cannot be', async () => {
    const server = installFakeServer();
    server.on('GET /auth/session', { status: 500, body: { message: 'boom' } });
    renderShell(pageUrl(dashboardPage), testManifest, { server });
    expect(document.querySelector('[data-session-loading]')).not.toBeNull();
    expectOnlyCatalogueText(withoutRemotePages());
    await waitFor(() => expect(screen.getAllByRole('button').length).toBeGreaterThan(0));
    expectOnlyCatalogueText(withoutRemotePages());
  });
});
