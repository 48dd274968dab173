import { screen } from '@testing-library/react';
import { remoteCatalog } from '@platform/contracts';
import type { RemoteRoute, RemoteRoutes } from '../defineRemoteRoutes';
import { renderWithPlatform } from './renderWithPlatform';
import { translate } from '@platform/i18n';

/**
 * What every remote's ./routes must do: serve exactly the catalogue's paths for its name (the pages declared
 * for it), and render each page with its title (a key of the remote's catalogue) as the heading. Pages
 * render as inside the shell (renderWithPlatform); a remote whose pages need a fake gateway installs one
 * first or passes its own render.
 */
export function describeRemoteRoutes(
  module: RemoteRoutes,
  renderRoute: (path: string, route: RemoteRoute) => void = (path) => renderWithPlatform(module, { path }),
) {
  const entry = remoteCatalog.find((remote) => remote.name === module.remoteName);

  describe(`${module.remoteName} ./routes`, () => {
    it('serves exactly the paths the catalogue gives it', () => {
      expect(entry).toBeDefined();
      expect(module.routes.map((route) => route.path).sort()).toEqual(
        entry?.routes.map((route) => route.path).sort(),
      );
    });

    it.each(module.routes.map((route) => [route.path, route] as const))(
      '%s renders its title as the page heading',
      async (path, route) => {
        renderRoute(path, route);
        const title = translate(module.remoteName, route.title);
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      },
    );
  });
}
