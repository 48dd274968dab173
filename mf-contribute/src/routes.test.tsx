import { describeRemoteRoutes, renderWithPlatform } from '@platform/remote-kit/testing';
import { installFakeServer } from '@platform/store/testing';
import { describeRoutesInPseudoLocale } from '@platform/i18n/testing';
import routes from './routes';

// Speak, Listen, Review and Donate load data as they mount; an empty server is enough to see their frame.
beforeEach(() => {
  const server = installFakeServer();
  server.on('GET /api/user/preferences', { body: { language: 'yo' } });
  server.on('GET /api/sentences', { body: [] });
  server.on('GET /api/recordings/validate', { body: [] });
  server.on('GET /api/review/next', { body: { item: null } });
  server.on('GET /api/audio/next', { body: { pair: null, donated: 0, total: 0 } });
});

describeRemoteRoutes(routes);
describeRoutesInPseudoLocale(routes, (path) => renderWithPlatform(routes, { path }));
