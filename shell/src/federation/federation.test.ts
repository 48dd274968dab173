import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteCatalog } from '@platform/contracts';
import { catalogueManifest, isRemotesManifest, loadRemotesManifest } from './manifest';
import { requestRemotesManifest } from './manifestRequest';
import {
  loadRemoteRoutes,
  registerRemoteEntries,
  RemoteUnavailableError,
  resetRemoteLoader,
} from './remoteLoader';
import unavailableFallbackPlugin, { UNAVAILABLE_MARK } from './unavailableFallbackPlugin';
import { pageUrl, signinPage, textToSpeechPage } from '@platform/contracts/client';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const response = (status: number, body: unknown) =>
  ({ ok: status < 400, status, json: async () => body }) as unknown as Response;

describe('loading /remotes.json', () => {
  it('uses /remotes.json when it is valid', async () => {
    const manifest = {
      remotes: [
        {
          name: 'mf_auth',
          entry: 'https://cdn.example/auth/mf-manifest.json',
          routes: [
            { path: pageUrl(signinPage), layout: 'public' },
            { path: pageUrl(textToSpeechPage), layout: 'app', signedOut: 'allowed' },
          ],
        },
      ],
    };
    const fetchFn = jest.fn(async () => response(200, manifest));
    await expect(loadRemotesManifest(requestRemotesManifest(fetchFn))).resolves.toEqual({
      manifest,
      source: 'remotes.json',
    });
    expect(fetchFn).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('falls back to the catalogue when the early request failed', async () => {
    const early = Promise.reject(new TypeError('Failed to fetch'));
    const { source } = await loadRemotesManifest(early);
    expect(source).toBe('catalogue');
  });

  it.each([
    ['unreachable', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['answering 500', async () => response(500, {})],
    ['malformed', async () => response(200, { remotes: [{ name: 'bad name', entry: 1 }] })],
    [
      'opening a page to signed-out visitors with an unknown value',
      async () =>
        response(200, {
          remotes: [
            {
              name: 'mf_marketing',
              entry: 'https://cdn.example/marketing/mf-manifest.json',
              routes: [{ path: pageUrl(textToSpeechPage), layout: 'app', signedOut: 'yes' }],
            },
          ],
        }),
    ],
  ])('falls back to the catalogue when it is %s', async (_label, fetchFn) => {
    const { manifest, source } = await loadRemotesManifest(requestRemotesManifest(fetchFn as typeof fetch));
    expect(source).toBe('catalogue');
    expect(manifest.remotes.map((r) => [r.name, r.entry])).toEqual(
      remoteCatalog.map((r) => [r.name, r.defaultEntry]),
    );
  });

  it('the catalogue fallback is itself a valid manifest covering every catalogue path', async () => {
    const manifest = await catalogueManifest();
    expect(isRemotesManifest(manifest)).toBe(true);
    expect(manifest.remotes.flatMap((r) => r.routes)).toEqual(remoteCatalog.flatMap((r) => r.routes));
  });
});

describe('the remote loader', () => {
  beforeEach(() => {
    resetRemoteLoader();
    jest.mocked(registerRemotes).mockClear();
    jest.mocked(loadRemote).mockReset();
    registerRemoteEntries({
      remotes: [{ name: 'mf_x', entry: 'http://localhost:3999/mf-manifest.json', routes: [] }],
    });
  });

  it('registers the remotes from the manifest with the federation runtime', () => {
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_x', entry: 'http://localhost:3999/mf-manifest.json' },
    ]);
  });

  it('shares one load between callers and forgets a failed one', async () => {
    const routes = { routes: [{ path: '/x', title: 'X', Component: () => null }] };
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: routes });
    await expect(loadRemoteRoutes('mf_x')).rejects.toBeInstanceOf(RemoteUnavailableError);
    const [first, second] = [loadRemoteRoutes('mf_x'), loadRemoteRoutes('mf_x')];
    expect(first).toBe(second);
    await expect(first).resolves.toBe(routes);
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('rejects a module that is not a route module', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: { nothing: true } });
    await expect(loadRemoteRoutes('mf_x')).rejects.toThrow('does not export { routes }');
  });

  it('times out a remote that never answers', async () => {
    jest.mocked(loadRemote).mockReturnValue(new Promise(() => undefined));
    await expect(loadRemoteRoutes('mf_x', 20)).rejects.toThrow('no answer within 20 ms');
  });
});

describe('the runtime fallback plugin', () => {
  const plugin = unavailableFallbackPlugin();
  const hook = plugin.errorLoadRemote as (args: Record<string, unknown>) => unknown;

  it('returns a marked fallback module when an exposed module fails to load', () => {
    const fallback = hook({
      id: 'mf_x/routes',
      error: new Error('boom'),
      lifecycle: 'onLoad',
      from: 'runtime',
    }) as {
      default: Record<string, unknown>;
    };
    expect(fallback.default[UNAVAILABLE_MARK]).toEqual({ id: 'mf_x/routes', reason: 'boom' });
  });

  it('stays out of other lifecycles', () => {
    expect(
      hook({ id: 'x', error: new Error('boom'), lifecycle: 'afterResolve', from: 'runtime' }),
    ).toBeUndefined();
    expect(
      hook({ id: 'x', error: new Error('boom'), lifecycle: 'beforeRequest', from: 'runtime' }),
    ).toBeUndefined();
  });
});
