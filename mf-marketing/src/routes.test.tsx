import { describeRemoteRoutes } from '@platform/store/testing';
import routes from './routes';

describeRemoteRoutes(routes);
