import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PlatformThemeProvider } from '@platform/ui';
import { remoteCatalog } from '@platform/contracts';
import routes from './routes';

const entry = remoteCatalog.find((remote) => remote.name === 'mf_workspace');

describe('mf_workspace ./routes', () => {
  it('serves exactly the paths the catalogue gives it', () => {
    expect(routes.remoteName).toBe('mf_workspace');
    expect(routes.routes.map((route) => route.path).sort()).toEqual(
      entry?.routes.map((route) => route.path).sort(),
    );
  });

  it.each(routes.routes.map((route) => [route.path, route]))(
    '%s renders its title as the page heading',
    (path, route) => {
      const Page = route.Component;
      render(
        <PlatformThemeProvider>
          <MemoryRouter initialEntries={[path]}>
            <Page />
          </MemoryRouter>
        </PlatformThemeProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: route.title })).toBeInTheDocument();
    },
  );
});
