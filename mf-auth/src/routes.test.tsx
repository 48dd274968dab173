import { describeRemoteRoutes } from '@platform/store/testing';
import routes from './routes';
import { renderAuth } from './testing/renderAuth';

describeRemoteRoutes(routes, (path) => renderAuth(path));
