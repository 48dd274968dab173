import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { dashboardPage, downloadsPage, pageUrl, speakPage } from '@platform/contracts/client';
import { i18n } from '@platform/i18n';
import { renderShell, serveTestRemotes, testModules } from '../../test/renderShell';
import yo from '../i18n/yo.json';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

serveTestRemotes();

const OFFLINE_WORDS =
  'You are offline. Your contributions are saved on this device and sent when you are back online.';

let online = true;
beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
beforeEach(() => {
  online = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

/** The browser losing or finding its network: navigator.onLine and the event it fires. */
function setOnline(value: boolean) {
  act(() => {
    online = value;
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

const offlineStatus = () => document.querySelector('[role="status"][data-offline-status]');

describe('offline', () => {
  it.each([
    ['contributor', pageUrl(speakPage), 'Speak'],
    ['app', pageUrl(dashboardPage), 'Dashboard'],
  ])(
    'the %s layout says so under its top bar, and stops saying it once back online',
    async (_layout, path, heading) => {
      renderShell(path);
      await screen.findByRole('heading', { level: 1, name: heading });
      expect(screen.queryByText(OFFLINE_WORDS)).not.toBeInTheDocument();

      setOnline(false);
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(OFFLINE_WORDS);
      expect(offlineStatus()).toHaveTextContent(OFFLINE_WORDS);

      setOnline(true);
      expect(screen.queryByText(OFFLINE_WORDS)).not.toBeInTheDocument();
      expect(offlineStatus()).toBeNull();
    },
  );

  it("says it from the start when the page opens offline, in the person's language", async () => {
    online = false;
    await act(() => i18n.changeLanguage('yo'));
    renderShell(pageUrl(speakPage));
    await screen.findByRole('heading', { level: 1, name: 'Speak' });
    expect(offlineStatus()).toHaveTextContent(yo.offline.status);
  });

  it('a page whose remote is not on this device says it needs a connection, and loads once back online', async () => {
    online = false;
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'mf_beta/routes') throw new Error('Failed to fetch mf-manifest.json');
      return testModules[id as string] ?? null;
    });
    renderShell(pageUrl(downloadsPage));
    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You are offline and this page is not saved on this device yet. It will open when you are back online.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('This section is temporarily unavailable')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    mockedLoadRemote.mockImplementation(async (id) => testModules[id as string] ?? null);
    setOnline(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' })).toBeInTheDocument();
  });

  it('a remote failing while online still shows the usual words, and Retry stays the way back', async () => {
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'mf_beta/routes') throw new Error('Failed to fetch mf-manifest.json');
      return testModules[id as string] ?? null;
    });
    renderShell(pageUrl(downloadsPage));
    expect(
      await screen.findByRole('heading', { name: 'This section is temporarily unavailable' }),
    ).toBeInTheDocument();
    mockedLoadRemote.mockImplementation(async (id) => testModules[id as string] ?? null);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' })).toBeInTheDocument();
  });
});
