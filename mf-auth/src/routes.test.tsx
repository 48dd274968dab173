import { describeRemoteRoutes } from '@platform/remote-kit/testing';
import routes from './routes';
import { renderWithPlatform } from '@platform/remote-kit/testing';

describeRemoteRoutes(routes, (path) => renderWithPlatform(routes, { path, signedInAs: null }));
