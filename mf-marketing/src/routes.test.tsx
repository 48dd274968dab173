import { describeRemoteRoutes, renderWithPlatform } from '@platform/remote-kit/testing';
import { installFakeServer } from '@platform/store/testing';
import { describeRoutesInPseudoLocale } from '@platform/i18n/testing';
import routes from './routes';

// Every public page's footer (and the landing page's hero) shows the public figures; the landing page's
// demo has nothing published yet.
beforeEach(() => {
  const server = installFakeServer();
  server.on('GET /api/public/stats', {
    body: {
      languages: 3,
      activeContributors: 17,
      dataPoints: 905,
      validationAccuracy: 88.9,
      computedAt: '2026-01-01T00:00:00.000Z',
    },
  });
  server.on('GET /api/public/demo', { body: { clip: null } });
});

describeRemoteRoutes(routes);
describeRoutesInPseudoLocale(routes, (path) => renderWithPlatform(routes, { path }));
