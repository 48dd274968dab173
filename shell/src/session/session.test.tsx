import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@platform/router';
import { defineRemoteRoutes } from '@platform/remote-kit';
import { testPage } from '@platform/remote-kit/testing';
import type { RemotesManifest } from '@platform/contracts';
import { renderShell, testManifest, serveTestRemotes, testModules } from '../../test/renderShell';
import { errorReply, installFakeServer, networkFailure, testUser } from '@platform/store/testing';
import {
  dashboardPage,
  downloadsPage,
  landingPage,
  pageUrl,
  signinPage,
  speakPage,
} from '@platform/contracts/client';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

// A stand-in sign-in page: a real one lives in mf_auth; this one signs in the way it does (POST, then the
// session is read again) and goes where ?next= says.
function FakeSignIn() {
  return (
    <>
      <h1>Sign In</h1>
      <Link to={pageUrl(dashboardPage)}>To the dashboard</Link>
    </>
  );
}
const authRoutes = defineRemoteRoutes('mf_auth_test', [
  {
    page: testPage(pageUrl(signinPage), 'Sign In', { layout: 'public', access: 'public' }),
    Component: FakeSignIn,
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

const location = () => screen.getByTestId('location').textContent;

describe('guarded pages', () => {
  it.each([
    [pageUrl(dashboardPage), 'app'],
    [pageUrl(downloadsPage, { tab: 'history' }), 'app'],
    [pageUrl(speakPage), 'contributor'],
  ])('send a signed-out visitor from %s (%s layout) to /signin with where they were going', async (path) => {
    renderShell(path, manifest, { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe(pageUrl(signinPage, { next: path }));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('leave public pages open to everyone', async () => {
    renderShell(pageUrl(landingPage), manifest, { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpha home' })).toBeInTheDocument();
    expect(location()).toBe(pageUrl(landingPage));
  });

  it('show a skeleton, not the sign-in page, while the session is read', async () => {
    const server = installFakeServer();
    let answer: (user: typeof testUser) => void = () => undefined;
    server.on(
      'GET /auth/session',
      () => new Promise((resolve) => (answer = (user) => resolve({ body: { user } }))),
    );
    renderShell(pageUrl(dashboardPage), manifest, { server });
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(location()).toBe(pageUrl(dashboardPage));
    expect(screen.queryByRole('heading', { name: 'Sign In' })).not.toBeInTheDocument();
    answer(testUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('offer Retry when the session cannot be read, and do not pretend the visitor is signed out', async () => {
    // Nobody was seen signed in on this device before (else the page would go on as them, lastSession.test).
    localStorage.clear();
    const server = installFakeServer();
    server.on('GET /auth/session', networkFailure);
    renderShell(pageUrl(dashboardPage), manifest, { server });
    expect(
      await screen.findByText('We could not check whether you are signed in', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(location()).toBe(pageUrl(dashboardPage));
    server.on('GET /auth/session', { body: { user: testUser } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('read the session once for the page load, not once per page', async () => {
    const { server } = renderShell(pageUrl(dashboardPage), manifest);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Downloads' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' });
    expect(server.calls('GET /auth/session')).toHaveLength(1);
  });
});

describe('Logout', () => {
  it('from the sidebar ends the session on the server and lands on /signin', async () => {
    const { server } = renderShell(pageUrl(dashboardPage), manifest);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    server.on('GET /auth/session', errorReply(401, 'You are not signed in.'));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(server.calls('POST /auth/signout')).toHaveLength(1);
    await waitFor(() => expect(location()).toBe(pageUrl(signinPage)));
  });

  it('from the profile menu does the same', async () => {
    const { server } = renderShell(pageUrl(downloadsPage), manifest);
    await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' });
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu: Adaeze Okafor' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(server.calls('POST /auth/signout')).toHaveLength(1);
    await waitFor(() => expect(location()).toBe(pageUrl(signinPage)));
  });

  it('from the contributor user menu does the same', async () => {
    const { server } = renderShell(pageUrl(speakPage), manifest);
    await screen.findByRole('heading', { level: 1, name: 'Speak' });
    await userEvent.click(screen.getByRole('button', { name: 'User menu: Adaeze Okafor' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(server.calls('POST /auth/signout')).toHaveLength(1);
  });

  it('after logging out, a signed-in page sends to /signin again', async () => {
    renderShell(pageUrl(dashboardPage), manifest);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    // A page that needs a session: the answer kept since Logout says nobody is signed in.
    await userEvent.click(screen.getByRole('link', { name: 'To the dashboard' }));
    await waitFor(() => expect(location()).toBe(pageUrl(signinPage, { next: pageUrl(dashboardPage) })));
  });

  it('stays on the page and says so when the server cannot be reached', async () => {
    const { server } = renderShell(pageUrl(dashboardPage), manifest);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    server.on('POST /auth/signout', networkFailure);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Could not sign out')).toBeInTheDocument();
    expect(location()).toBe(pageUrl(dashboardPage));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
