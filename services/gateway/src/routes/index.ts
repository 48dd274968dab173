import type { RouteModule } from '@platform/service-kit';
import type { GatewayContext } from '../context';
import adminAccounts from './api/admin/accounts';
import adminInquiries from './api/admin/inquiries';
import avatars from './api/avatars';
import contact from './api/contact';
import newsletter from './api/newsletter';
import people from './api/people';
import publicFigures from './api/public';
import settings from './api/settings';
import storage from './api/storage';
import tokens from './api/tokens';
import auth from './auth';
import internalPeople from './internal/people';

/** Every route module of the gateway's own routes; the layout test proves the list complete. */
export const ROUTE_MODULES: readonly RouteModule<GatewayContext>[] = [
  auth,
  tokens,
  storage,
  settings,
  avatars,
  adminAccounts,
  people,
  contact,
  newsletter,
  publicFigures,
  adminInquiries,
  internalPeople,
];
