import { remoteCatalog } from './remotes';

const routes = remoteCatalog.flatMap((remote) => remote.routes);

describe('the remote catalogue', () => {
  it('serves every path once', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('opens the model documentation pages to signed-out visitors, inside the sidebar-and-header layout', () => {
    const open = routes.filter((route) => route.signedOut === 'allowed');
    expect(open).toEqual([
      { path: '/model/speech-to-speech', layout: 'app', signedOut: 'allowed' },
      { path: '/model/text-to-speech', layout: 'app', signedOut: 'allowed' },
    ]);
  });
});
