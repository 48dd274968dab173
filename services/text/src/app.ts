import type { FastifyServerOptions } from 'fastify';
import { createService, type CollectionIndexes, type ServiceApp } from '@platform/service-kit';
import { TEXT_INDEXES } from './indexes';
import { whoamiRoutes } from './whoami';

export interface TextAppOptions {
  mongoUri: string;
  /** Defaults to `text`; tests pass a unique name. */
  dbName?: string;
  identitySecret: string;
  logger?: FastifyServerOptions['logger'];
  indexes?: CollectionIndexes[];
}

/** The text service: sentences (write, review), text pairs, projects and tasks. */
export async function buildApp(options: TextAppOptions): Promise<ServiceApp> {
  return createService({
    name: 'text',
    mongoUri: options.mongoUri,
    dbName: options.dbName ?? 'text',
    indexes: options.indexes ?? TEXT_INDEXES,
    identitySecret: options.identitySecret,
    logger: options.logger,
    routes: async (app) => {
      await whoamiRoutes(app as ServiceApp);
    },
  });
}
