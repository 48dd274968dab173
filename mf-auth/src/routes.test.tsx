import { describeRemoteRoutes } from '@platform/remote-kit/testing';
import { describeRoutesInPseudoLocale } from '@platform/i18n/testing';
import routes from './routes';
import { renderWithPlatform } from '@platform/remote-kit/testing';

const renderAt = (path: string) => renderWithPlatform(routes, { path, signedInAs: null });
describeRemoteRoutes(routes, renderAt);
describeRoutesInPseudoLocale(routes, renderAt);
