import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@platform/i18n';
import { testUser } from '@platform/store/testing';
import { renderShell, testManifest, serveTestRemotes } from '../../test/renderShell';
import {
  aboutPage,
  addTextPairPage,
  analyticsPage,
  dashboardPage,
  donatePage,
  downloadPage,
  downloadsPage,
  landingPage,
  listenPage,
  pageUrl,
  projectsPage,
  reviewPage,
  settingsPage,
  signinPage,
  signupPage,
  speakPage,
  speechToSpeechPage,
  tasksPage,
  textToSpeechPage,
  viewAudioPairsPage,
  writePage,
} from '@platform/contracts/client';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

serveTestRemotes();

describe('app layout (sidebar and top bar)', () => {
  it('lists the SPEC sidebar links with their paths and groups', async () => {
    renderShell(pageUrl(dashboardPage));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefOf = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('Dashboard')).toBe(pageUrl(dashboardPage));
    expect(hrefOf('Projects')).toBe(pageUrl(projectsPage));
    expect(hrefOf('Tasks')).toBe(pageUrl(tasksPage));
    expect(hrefOf('Add Text Pair')).toBe(pageUrl(addTextPairPage));
    expect(hrefOf('Donate Dataset')).toBe(pageUrl(donatePage));
    expect(hrefOf('View Audio Pairs')).toBe(pageUrl(viewAudioPairsPage));
    expect(hrefOf('Downloads')).toBe(pageUrl(downloadsPage));
    expect(hrefOf('Text to Speech')).toBe(pageUrl(textToSpeechPage));
    expect(hrefOf('Speech to Speech')).toBe(pageUrl(speechToSpeechPage));
    expect(hrefOf('Analytics')).toBe(pageUrl(analyticsPage));
    expect(hrefOf('Settings')).toBe(pageUrl(settingsPage));
    expect(within(nav).getByRole('list', { name: 'Datasets' })).toBeInTheDocument();
    expect(within(nav).getByRole('list', { name: 'Specialized Model' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the signed-in person's real name and role, and no invented role or badge count", async () => {
    renderShell(pageUrl(dashboardPage));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const footer = document.querySelector('[data-session-user]') as HTMLElement;
    expect(within(footer).getByText('Adaeze Okafor')).toBeInTheDocument();
    expect(within(footer).getByText('Reviewer')).toBeInTheDocument();
    expect(screen.queryByText('Developer')).not.toBeInTheDocument();
    expect(screen.queryByText('12')).not.toBeInTheDocument();
  });

  it('has the search box, language picker and profile menu', async () => {
    renderShell(pageUrl(dashboardPage));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(
      within(screen.getByRole('search')).getByPlaceholderText('Search tasks, projects, or data'),
    ).toBeInTheDocument();
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Yorùbá', 'Hausa', 'Igbo']);
    expect(language).toHaveValue('en');

    await userEvent.click(screen.getByRole('button', { name: 'Profile menu: Adaeze Okafor' }));
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Edit Profile',
      'Account Settings',
      'Help & Support',
      'Feedback',
      'Logout',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      pageUrl(settingsPage),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      pageUrl(settingsPage, { tab: 'account' }),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).not.toHaveAttribute('href');
  });

  it('moves focus to the new page heading after a navigation', async () => {
    renderShell(pageUrl(dashboardPage));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Downloads' }),
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' });
    expect(heading).toHaveFocus();
  });

  it('starts with a skip link to the main content', async () => {
    renderShell(pageUrl(dashboardPage));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    await userEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe("app layout on a page open to signed-out visitors (signedOut: 'allowed')", () => {
  const OPEN = pageUrl(textToSpeechPage);
  const openHeading = () => screen.findByRole('heading', { level: 1, name: 'Text-to-Speech Model' });
  const footer = () => document.querySelector('[data-session-user]') as HTMLElement;
  // One test picks another language: the next ones start in English again.
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    document.cookie = 'lang=; Path=/; Max-Age=0';
    document.documentElement.lang = 'en';
  });

  it('shows a visitor the navigation with Sign in and Sign up instead of the person and Logout', async () => {
    renderShell(OPEN, testManifest, { user: null });
    await openHeading();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      pageUrl(dashboardPage),
      pageUrl(projectsPage),
      pageUrl(tasksPage),
      pageUrl(addTextPairPage),
      pageUrl(donatePage),
      pageUrl(viewAudioPairsPage),
      pageUrl(downloadsPage),
      pageUrl(textToSpeechPage),
      pageUrl(speechToSpeechPage),
      pageUrl(analyticsPage),
      pageUrl(settingsPage),
    ]);
    // Sign in comes back to this page afterwards.
    expect(within(footer()).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      pageUrl(signinPage, { next: pageUrl(textToSpeechPage) }),
    );
    expect(within(footer()).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      pageUrl(signupPage),
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(footer().querySelector('[data-session-name]')).toBeNull();
  });

  it('shows a visitor the top bar without search or profile menu, with the language picker and Sign in', async () => {
    renderShell(OPEN, testManifest, { user: null });
    await openHeading();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      pageUrl(signinPage, { next: pageUrl(textToSpeechPage) }),
    );
    expect(within(bar).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Search tasks, projects, or data')).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /Profile menu/ })).not.toBeInTheDocument();
  });

  it('calls no signed-in endpoint for a visitor: the session is the only request', async () => {
    const { server } = renderShell(OPEN, testManifest, { user: null });
    await openHeading();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Hausa');
    await screen.findByRole('navigation', { name: 'Babbar kewayawa' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /auth/session']);
  });

  it('shows a signed-in person the chrome as on every other page of the layout', async () => {
    const { server } = renderShell(OPEN, testManifest, { user: testUser });
    await openHeading();
    expect(within(footer()).getByText('Adaeze Okafor')).toBeInTheDocument();
    expect(within(footer()).getByText('Reviewer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('search')).getByPlaceholderText('Search tasks, projects, or data'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile menu: Adaeze Okafor' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    // Their profile is read for the chrome, as on the guarded pages.
    await waitFor(() => expect(server.calls('GET /api/settings/profile').length).toBeGreaterThan(0));
  });
});

describe('contributor layout (public header and tab bar)', () => {
  it('has the brand link home, DOWNLOAD and ABOUT menus and the Speak, Listen, Write and Review tabs', async () => {
    renderShell(pageUrl(speakPage));
    await screen.findByRole('heading', { level: 1, name: 'Speak' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      pageUrl(landingPage),
    );

    await userEvent.click(screen.getByRole('button', { name: 'DOWNLOAD' }));
    expect(screen.getByRole('menuitem', { name: 'Go to Download' })).toHaveAttribute(
      'href',
      pageUrl(downloadPage),
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'ABOUT' }));
    expect(screen.getByRole('menuitem', { name: 'Go to About' })).toHaveAttribute('href', pageUrl(aboutPage));
    await userEvent.keyboard('{Escape}');

    const tabs = screen.getByRole('navigation', { name: 'Contribute' });
    expect(within(tabs).getByRole('link', { name: 'Speak' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Listen' })).toHaveAttribute('href', pageUrl(listenPage));
    expect(within(tabs).getByRole('link', { name: 'Listen' })).not.toHaveAttribute('aria-current');
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Speak', pageUrl(speakPage)],
      ['Listen', pageUrl(listenPage)],
      ['Write', pageUrl(writePage)],
      ['Review', pageUrl(reviewPage)],
    ]);
  });

  it('has a user menu with Dashboard, Profile, Settings and Logout', async () => {
    renderShell(pageUrl(speakPage));
    await screen.findByRole('heading', { level: 1, name: 'Speak' });
    await userEvent.click(screen.getByRole('button', { name: 'User menu: Adaeze Okafor' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Dashboard', 'Profile', 'Settings', 'Logout']);
  });

  it('opens a side drawer listing the menus on small screens', async () => {
    renderShell(pageUrl(speakPage));
    await screen.findByRole('heading', { level: 1, name: 'Speak' });
    // The drawer button only shows on narrow screens (a media query jsdom does not apply).
    await userEvent.click(screen.getByLabelText('Open menu', { selector: 'button' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Go to Download' })).toHaveAttribute(
      'href',
      pageUrl(downloadPage),
    );
    expect(within(drawer).getByRole('link', { name: 'Go to About' })).toHaveAttribute(
      'href',
      pageUrl(aboutPage),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});

describe('public layout', () => {
  it('adds no chrome around the page', async () => {
    renderShell(pageUrl(landingPage));
    await screen.findByRole('heading', { level: 1, name: 'Alpha home' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
