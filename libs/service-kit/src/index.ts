export * from './type-provider';
export * from './service-app';
export * from './http-errors';
export * from './own-contribution';
export * from './error-handler';
export * from './validation-messages';
export * from './request-id';
export * from './identity';
export * from './identity-plugin';
export * from './serve-route';
export * from './duplicate-key';
export * from './config';
export * from './mongo';
export * from './health';
export * from './openapi';
export * from './logger';
export * from './listen';
export * from './env';
export * from './create-service';
export * from './discard-upload';
export * from './service-client';
export * from './activity';
export * from './periods';
export * from './leased-job';
export * from './lease';
export * from './rollup-backfill';
export * from './read-multipart';
export * from './route-module';
export {
  IDEMPOTENCY_INDEXES,
  IDEMPOTENCY_COLLECTION,
  idempotencyStore,
  type IdempotencyRecord,
  type IdempotencyStore,
} from './idempotency/store';
