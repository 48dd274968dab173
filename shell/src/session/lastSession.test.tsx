import { act, screen, waitFor } from '@testing-library/react';
import { pageUrl, signinPage, speakPage } from '@platform/contracts/client';
import type { RemotesManifest } from '@platform/contracts';
import { defineRemoteRoutes } from '@platform/remote-kit';
import { testPage } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer, networkFailure, testUser } from '@platform/store/testing';
import { renderShell, serveTestRemotes, testManifest, testModules } from '../../test/renderShell';
import { LAST_SESSION_KEY, setLastSessionInUse } from './lastSession';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const authRoutes = defineRemoteRoutes('mf_auth_test', [
  {
    page: testPage(pageUrl(signinPage), 'Sign In', { layout: 'public', access: 'public' }),
    Component: () => <h1>Sign In</h1>,
  },
]);
const manifest: RemotesManifest = {
  remotes: [
    ...testManifest.remotes,
    {
      name: 'mf_auth_test',
      entry: 'http://localhost:3103/mf-manifest.json',
      routes: [{ path: pageUrl(signinPage), layout: 'public' }],
    },
  ],
};
serveTestRemotes({ ...testModules, 'mf_auth_test/routes': { default: authRoutes } }, manifest);

const OFFLINE_WORDS =
  'You are offline. Your contributions are saved on this device and sent when you are back online.';
const UNKNOWN_TITLE = 'We could not check whether you are signed in';

let online = true;
beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
beforeEach(() => {
  online = true;
  localStorage.clear();
  setLastSessionInUse(false);
});

function setOnline(value: boolean) {
  act(() => {
    online = value;
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

/** A visit while online: the gateway says who is signed in, and the page is left. */
async function visitOnline() {
  const { unmount } = renderShell(pageUrl(speakPage), manifest);
  await screen.findByRole('heading', { level: 1, name: 'Speak' });
  unmount();
}

/** The same page loaded again with no network: the session request fails without an answer. */
function reloadOffline() {
  online = false;
  const server = installFakeServer();
  server.on('GET /auth/session', networkFailure);
  renderShell(pageUrl(speakPage), manifest, { server });
  return server;
}

describe('the last session seen on this device', () => {
  it('keeps only the public fields the page shows, never the e-mail address or anything that signs in', async () => {
    await visitOnline();
    expect(JSON.parse(localStorage.getItem(LAST_SESSION_KEY)!)).toEqual({
      id: testUser.id,
      firstname: testUser.firstname,
      lastname: testUser.lastname,
      role: testUser.role,
    });
    expect(localStorage.getItem(LAST_SESSION_KEY)).not.toContain(testUser.email);
  });

  it('lets a page reloaded offline go on for that person, and says it is offline', async () => {
    await visitOnline();
    reloadOffline();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Speak' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(UNKNOWN_TITLE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu: Adaeze Okafor' })).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_WORDS)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(pageUrl(speakPage));
  });

  it('says it is offline when the gateway cannot be reached even though the browser believes it has a network', async () => {
    await visitOnline();
    const server = installFakeServer();
    server.on('GET /auth/session', networkFailure);
    renderShell(pageUrl(speakPage), manifest, { server });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Speak' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_WORDS)).toBeInTheDocument();
  });

  it('reads the session again once back online: a 401 then signs out and forgets the person', async () => {
    await visitOnline();
    const server = reloadOffline();
    await screen.findByRole('heading', { level: 1, name: 'Speak' }, { timeout: 3000 });
    server.on('GET /auth/session', errorReply(401, 'You are not signed in.'));
    setOnline(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem(LAST_SESSION_KEY)).toBeNull();
  });

  it('reads the session again once back online: the person still signed in goes on and the offline line goes', async () => {
    await visitOnline();
    const server = reloadOffline();
    await screen.findByRole('heading', { level: 1, name: 'Speak' }, { timeout: 3000 });
    server.on('GET /auth/session', { body: { user: testUser } });
    setOnline(true);
    await waitFor(() => expect(server.calls('GET /auth/session').length).toBeGreaterThan(2));
    await waitFor(() => expect(screen.queryByText(OFFLINE_WORDS)).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Speak' })).toBeInTheDocument();
  });

  it('a real 401 still signs out, whoever was seen before', async () => {
    await visitOnline();
    renderShell(pageUrl(speakPage), manifest, { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem(LAST_SESSION_KEY)).toBeNull();
  });

  it('a server error is not taken for being offline: the page still says it could not check', async () => {
    await visitOnline();
    const server = installFakeServer();
    server.on('GET /auth/session', errorReply(503, 'Service unavailable'));
    renderShell(pageUrl(speakPage), manifest, { server });
    expect(await screen.findByText(UNKNOWN_TITLE, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Speak' })).not.toBeInTheDocument();
  });

  it('with nobody seen before, an offline reload cannot guess who it is', async () => {
    reloadOffline();
    expect(await screen.findByText(UNKNOWN_TITLE, {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
