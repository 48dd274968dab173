import { describeRemoteRoutes, renderWithPlatform } from '@platform/remote-kit/testing';
import { describeRoutesInPseudoLocale } from '@platform/i18n/testing';
import routes from './routes';

describeRemoteRoutes(routes);
describeRoutesInPseudoLocale(routes, (path) => renderWithPlatform(routes, { path }));
