import multipart from '@fastify/multipart';
import type { FastifyServerOptions } from 'fastify';
import { createService, type CollectionIndexes, type ServiceApp } from '@platform/service-kit';
import { SPEECH_INDEXES } from './indexes';
import { whoamiRoutes } from './whoami';

export interface SpeechAppOptions {
  mongoUri: string;
  /** Defaults to `speech`; tests pass a unique name. */
  dbName?: string;
  identitySecret: string;
  logger?: FastifyServerOptions['logger'];
  indexes?: CollectionIndexes[];
}

/**
 * Ceiling for any one uploaded part; routes set tighter limits of their own (a recording is at most 5 MB).
 * Parts are streamed, never held whole.
 */
export const MULTIPART_MAX_FILE_BYTES = 25 * 1024 * 1024;

/** The speech service: recordable sentences, recordings, votes, audio pairs, audio files and datasets. */
export async function buildApp(options: SpeechAppOptions): Promise<ServiceApp> {
  return createService({
    name: 'speech',
    mongoUri: options.mongoUri,
    dbName: options.dbName ?? 'speech',
    indexes: options.indexes ?? SPEECH_INDEXES,
    identitySecret: options.identitySecret,
    logger: options.logger,
    routes: async (app) => {
      await app.register(multipart, {
        limits: { fileSize: MULTIPART_MAX_FILE_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024 },
      });
      await whoamiRoutes(app as ServiceApp);
    },
  });
}
