import type { Db } from 'mongodb';
import type { CollectionIndexes } from '@platform/service-kit';
import { ACCOUNT_INDEXES, accountStore } from './accounts/store';
import { API_TOKEN_INDEXES, apiTokenStore } from './api-tokens/store';
import { RATE_LIMIT_INDEXES, rateLimitStore } from './edge/rate-limits/store';
import { reservationStore, STORAGE_RESERVATION_INDEXES } from './edge/storage-quota/store';
import { PUBLIC_SITE_INDEXES, publicSiteStore } from './public-site/store';
import { SETTINGS_INDEXES, settingsStore } from './settings/store';

/** Every collection of the gateway's database and its indexes, created at start. */
export const GATEWAY_INDEXES: CollectionIndexes[] = [
  ...ACCOUNT_INDEXES,
  ...RATE_LIMIT_INDEXES,
  ...API_TOKEN_INDEXES,
  ...SETTINGS_INDEXES,
  ...PUBLIC_SITE_INDEXES,
  ...STORAGE_RESERVATION_INDEXES,
];

/** The gateway's stores, one per domain, each the only code that reads or writes its collections. */
export function gatewayStores(db: Db) {
  return {
    accounts: accountStore(db),
    settings: settingsStore(db),
    apiTokens: apiTokenStore(db),
    publicSite: publicSiteStore(db),
    rateLimits: rateLimitStore(db),
    reservations: reservationStore(db),
  };
}

export type GatewayStores = ReturnType<typeof gatewayStores>;
