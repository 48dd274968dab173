import type { RemotesManifest } from '@platform/contracts';
import { loadRemoteRoutes } from './remoteLoader';
import { prefetchRemoteOf } from './prefetchRemote';

jest.mock('./remoteLoader', () => ({ loadRemoteRoutes: jest.fn(() => Promise.resolve({ routes: [] })) }));
const load = jest.mocked(loadRemoteRoutes);

const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'mf_marketing',
      entry: 'https://m.example/mf-manifest.json',
      routes: [{ path: '/', layout: 'public' }],
    },
    {
      name: 'mf_contribute',
      entry: 'https://c.example/mf-manifest.json',
      routes: [{ path: '/user/speak', layout: 'contributor' }],
    },
    {
      name: 'mf_datasets',
      entry: 'https://d.example/mf-manifest.json',
      routes: [
        { path: '/data/view/:id', layout: 'app' },
        { path: '/model/text-to-speech', layout: 'app', signedOut: 'allowed' },
      ],
    },
  ],
};

beforeEach(() => load.mockClear());

describe('prefetchRemoteOf', () => {
  it('loads the remote of a signed-in page when someone was signed in on this device', () => {
    prefetchRemoteOf(manifest, '/user/speak', true);
    expect(load.mock.calls).toEqual([['mf_contribute']]);
  });

  it('matches pages with parameters', () => {
    prefetchRemoteOf(manifest, '/data/view/42', true);
    expect(load.mock.calls).toEqual([['mf_datasets']]);
  });

  it('loads nothing for a signed-in page when nobody was signed in here (the visitor goes to /signin)', () => {
    prefetchRemoteOf(manifest, '/user/speak', false);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the remote of a page open to visitors for anyone', () => {
    prefetchRemoteOf(manifest, '/', false);
    prefetchRemoteOf(manifest, '/model/text-to-speech', false);
    expect(load.mock.calls).toEqual([['mf_marketing'], ['mf_datasets']]);
  });

  it('loads nothing for an address no remote draws', () => {
    prefetchRemoteOf(manifest, '/nowhere', true);
    expect(load).not.toHaveBeenCalled();
  });
});
