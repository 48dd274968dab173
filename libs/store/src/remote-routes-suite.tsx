import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@platform/router';
import { remoteCatalog } from '@platform/contracts';
import { PlatformThemeProvider } from '@platform/ui';
import type { RemotePage, RemoteRoutes } from './remote-kit';

const renderBare = (path: string, route: RemotePage) => {
  const Page = route.Component;
  render(
    <PlatformThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </PlatformThemeProvider>,
  );
};

/**
 * What every remote's ./routes must do: serve exactly the catalogue's paths for its name, and render each
 * page with its title as the heading. A remote whose pages need the store or a server passes its own render.
 */
export function describeRemoteRoutes(
  module: RemoteRoutes,
  renderRoute: (path: string, route: RemotePage) => void = renderBare,
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
        expect(await screen.findByRole('heading', { level: 1, name: route.title })).toBeInTheDocument();
      },
    );
  });
}
