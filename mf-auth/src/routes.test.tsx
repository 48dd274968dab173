import { screen } from '@testing-library/react';
import { remoteCatalog } from '@platform/contracts';
import routes from './routes';
import { renderAuth } from './testing/renderAuth';

const entry = remoteCatalog.find((remote) => remote.name === 'mf_auth');

describe('mf_auth ./routes', () => {
  it('serves exactly the paths the catalogue gives it', () => {
    expect(routes.remoteName).toBe('mf_auth');
    expect(routes.routes.map((route) => route.path).sort()).toEqual(
      entry?.routes.map((route) => route.path).sort(),
    );
  });

  it.each(routes.routes.map((route) => [route.path, route]))(
    '%s renders its title as the page heading',
    async (path, route) => {
      renderAuth(path);
      expect(await screen.findByRole('heading', { level: 1, name: route.title })).toBeInTheDocument();
    },
  );
});
