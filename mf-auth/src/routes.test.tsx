import { describeRemoteRoutes } from '@platform/remote-kit/testing';
import routes from './routes';
import { renderAuth } from './testing/renderAuth';

describeRemoteRoutes(routes, (path) => renderAuth(path));
