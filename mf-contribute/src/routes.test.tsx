import { describeRemoteRoutes } from '@platform/remote-kit/testing';
import { installFakeServer } from '@platform/store/testing';
import { describeRoutesInPseudoLocale } from '@platform/i18n/testing';
import routes from './routes';
import { renderPage } from './testing/renderPage';

// Speak and Listen load data as they mount; an empty server is enough to see their frame.
beforeEach(() => {
  const server = installFakeServer();
  server.on('GET /api/user/preferences', { body: { language: 'yo' } });
  server.on('GET /api/sentences', { body: [] });
  server.on('GET /api/recordings/validate', { body: [] });
});

// As inside the shell: the one store, theme, toasts and router around the page.
const renderRoute = (path: string, route: (typeof routes.routes)[number]) => {
  const Page = route.Component;
  renderPage(<Page />, path);
};
describeRemoteRoutes(routes, renderRoute);
describeRoutesInPseudoLocale(routes, renderRoute);
