// Standalone mode for this remote's team: its pages with their own router, store and theme.
import { mountStandalone } from '@platform/remote-kit';
import routes from './routes';

mountStandalone(routes);
