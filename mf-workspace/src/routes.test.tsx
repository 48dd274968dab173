import { describeRemoteRoutes } from '@platform/remote-kit/testing';
import routes from './routes';

describeRemoteRoutes(routes);
