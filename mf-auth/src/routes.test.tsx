import { describeRemoteRoutes } from '@platform/remote-kit/testing';
import { describeRoutesInPseudoLocale } from '@platform/i18n/testing';
import routes from './routes';
import { renderAuth } from './testing/renderAuth';

describeRemoteRoutes(routes, (path) => renderAuth(path));
describeRoutesInPseudoLocale(routes, (path) => renderAuth(path));
