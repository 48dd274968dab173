import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';

const Bytes = Type.Integer({ minimum: 0 });

/** GET /api/storage/usage: what the signed-in person stores (uploads, recordings, donations) and may store. */
export const StorageUsage = StrictObject({
  usedBytes: Bytes,
  quotaBytes: Bytes,
});
export type StorageUsage = Static<typeof StorageUsage>;

/** Internal, gateway → a service: the bytes one person's files take in that service. */
export const StoredBytes = StrictObject({ bytes: Bytes });
export type StoredBytes = Static<typeof StoredBytes>;

/**
 * Internal, gateway → a service, when an account is deleted: the random id that replaces the person's id on
 * what stays (their licensed contributions). The same one on every call for one deletion, so a retry after a
 * failure keeps one person one pseudonym; nothing keeps the link between the two once the account is gone.
 */
export const ErasureQuery = StrictObject({
  pseudonym: Type.String({ pattern: '^[0-9a-f]{24}$' }),
});
export type ErasureQuery = Static<typeof ErasureQuery>;
