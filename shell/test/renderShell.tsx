import type { RemotesManifest } from '@platform/contracts';
import {
  dashboardPage,
  downloadsPage,
  landingPage,
  speakPage,
  textToSpeechPage,
} from '@platform/contracts/client';
import { defineRemoteRoutes } from '@platform/remote-kit';
import { renderWithPlatform, testPage } from '@platform/remote-kit/testing';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { AppRoutes } from '../src/routing/AppRoutes';
import { registerRemoteEntries, resetRemoteLoader } from '../src/federation/remoteLoader';
import { installFakeServer, sessionAs, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';

// The test remotes serve some of the site's paths with pages of their own (plain titles).
const home = testPage(landingPage.path, 'Home', {
  layout: 'public',
  access: 'public',
  description: 'What the alpha home page is about.',
});
const speak = testPage(speakPage.path, 'Speak', { layout: 'contributor' });
const dashboard = testPage(dashboardPage.path, 'Dashboard');
const downloads = testPage(downloadsPage.path, 'Dataset Downloads');
const textToSpeech = testPage(textToSpeechPage.path, 'Text-to-Speech Model', { access: 'public' });

/**
 * A manifest of two small remotes, one path per layout plus a second app path from another remote, and an
 * app path open to signed-out visitors (as the model documentation pages are).
 */
export const testManifest: RemotesManifest = {
  remotes: [
    {
      name: 'mf_alpha',
      entry: 'http://localhost:3101/mf-manifest.json',
      routes: [
        { path: home.path, layout: 'public' },
        { path: speak.path, layout: 'contributor' },
        { path: dashboard.path, layout: 'app' },
      ],
    },
    {
      name: 'mf_beta',
      entry: 'http://localhost:3102/mf-manifest.json',
      routes: [
        { path: downloads.path, layout: 'app' },
        { path: textToSpeech.path, layout: 'app', signedOut: 'allowed' },
      ],
    },
  ],
};

export const alphaRoutes = defineRemoteRoutes('mf_alpha', [
  { page: home, Component: () => <h1>Alpha home</h1> },
  { page: speak, Component: () => <h1>Speak</h1> },
  { page: dashboard, Component: () => <h1>Dashboard</h1> },
]);

export const betaRoutes = defineRemoteRoutes('mf_beta', [
  { page: downloads, Component: () => <h1>Dataset Downloads</h1> },
  { page: textToSpeech, Component: () => <h1>Text-to-Speech Model</h1> },
]);

export interface RenderShellOptions {
  /** Who GET /auth/session says is signed in (default: the test user); null for nobody. */
  user?: typeof testUser | null;
  /** A fake gateway already set up by the test (then `user` is not applied). */
  server?: FakeServer;
}

/** The shell's routes at `path` with `manifest`'s remotes, against a fake gateway; providers as in the shell. */
export function renderShell(
  path: string,
  manifest: RemotesManifest = testManifest,
  options: RenderShellOptions = {},
) {
  const server = options.server ?? installFakeServer();
  if (!options.server) {
    sessionAs(server, options.user === undefined ? testUser : options.user);
    server.on('POST /auth/signout', { body: { ok: true } });
  }
  const view = renderWithPlatform(<AppRoutes manifest={manifest} />, { path });
  return { ...view, server };
}

/** The test remotes' `./routes` modules, by the id the shell asks Module Federation for. */
export const testModules: Record<string, unknown> = {
  'mf_alpha/routes': { default: alphaRoutes },
  'mf_beta/routes': { default: betaRoutes },
};

/**
 * Before each test, the shell meets `manifest`'s remotes afresh: its loader forgets what it loaded, and
 * `loadRemote` answers from `modules`. The test file mocks the runtime itself
 * (`jest.mock('@module-federation/enhanced/runtime', …)`), which jest hoists above its imports.
 */
export function serveTestRemotes(modules = testModules, manifest = testManifest) {
  beforeEach(() => {
    resetRemoteLoader();
    jest.mocked(registerRemotes).mockClear();
    jest.mocked(loadRemote).mockReset();
    jest.mocked(loadRemote).mockImplementation(async (id) => modules[id] ?? null);
    registerRemoteEntries(manifest);
  });
}
