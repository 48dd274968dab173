import { screen } from '@testing-library/react';
import { remoteCatalog } from '@platform/contracts';
import routes from './routes';
import { installFakeServer } from '@platform/store/testing';
import { renderPage } from './testing/renderPage';

const entry = remoteCatalog.find((remote) => remote.name === 'mf_contribute');

describe('mf_contribute ./routes', () => {
  beforeEach(() => {
    // Speak and Listen load data as they mount; an empty server is enough to see their frame.
    const server = installFakeServer();
    server.on('GET /api/user/preferences', { body: { language: 'yo' } });
    server.on('GET /api/sentences', { body: [] });
    server.on('GET /api/recordings/validate', { body: [] });
  });

  it('serves exactly the paths the catalogue gives it', () => {
    expect(routes.remoteName).toBe('mf_contribute');
    expect(routes.routes.map((route) => route.path).sort()).toEqual(
      entry?.routes.map((route) => route.path).sort(),
    );
  });

  it.each(routes.routes.map((route) => [route.path, route]))(
    '%s renders its title as the page heading',
    (path, route) => {
      const Page = route.Component;
      // As inside the shell: the one store, theme, toasts and router around the page.
      renderPage(<Page />, path);
      expect(screen.getByRole('heading', { level: 1, name: route.title })).toBeInTheDocument();
    },
  );
});
