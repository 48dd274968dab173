import Fastify, {
  type FastifyPluginAsync,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteHandlerMethod,
} from 'fastify';
import type { Db } from 'mongodb';
import { ERROR_MESSAGES } from '@platform/contracts';
import { drainUnreadBody } from './discard-upload';
import { installErrorHandling, replyWithError } from './error-handler';
import { registerHealthRoutes, type ReadinessCheck } from './health';
import { HttpError } from './http-errors';
import { registerWhoami } from './whoami';
import { installIdentity } from './identity-plugin';
import { loggerOptions } from './logger';
import { openDatabase, type CollectionIndexes, type Database } from './mongo';
import { registerOpenApi } from './openapi';
import { genReqId, REQUEST_ID_HEADER } from './request-id';
import type { ServiceApp } from './service-app';
import type { TypeBoxTypeProvider } from './type-provider';
import { schemaErrorFormatter } from './validation-messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's own database; only present when createService was given a mongoUri. */
    database: Database | null;
  }
}

export interface ServiceOptions {
  /** Service name: appears in logs, /healthz, /readyz and the OpenAPI title. */
  name: string;
  /** Omit for a process without a database. */
  mongoUri?: string;
  /** Database name; defaults to the service name. */
  dbName?: string;
  indexes?: CollectionIndexes[];
  /**
   * When set, signed identity headers are verified on every request (request.identity), and
   * /internal/whoami echoes them.
   */
  identitySecret?: string;
  /** Pino options, false to silence (tests), or a ready logger instance. */
  logger?: FastifyServerOptions['logger'];
  /** Largest body accepted by the JSON parser, in bytes. */
  bodyLimit?: number;
  /** Further readiness checks besides the database. */
  readinessChecks?: Record<string, ReadinessCheck>;
  /**
   * Runs on the root instance before any route exists, for hooks that must cover every response (the
   * gateway's security headers), health checks and 404s included.
   */
  setup?: (app: ServiceApp) => void | Promise<void>;
  /** The service's own routes, registered after the shared ones. */
  routes?: FastifyPluginAsync;
  /** Replaces the JSON 404 (the gateway falls back to the shell's index.html for page navigations). */
  notFoundHandler?: RouteHandlerMethod;
  /** Extra Fastify options (e.g. timeouts); the shared ones above win. */
  fastify?: Partial<FastifyServerOptions>;
  /**
   * How much of a body refused before it was read is drained, for requests whose route does not say
   * (serveRoute gives each declared route its own bound): the gateway's routes, 404s. Default: twice the
   * body limit.
   */
  uploadDrainBytes?: (request: FastifyRequest) => number;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const BAD_URL_MESSAGE = ERROR_MESSAGES['request.bad_path_encoding'];

/**
 * The shared frame of every backend process: TypeBox-typed Fastify with strict validation, the ErrorBody
 * shape for every failure, request ids, OpenAPI, health and readiness, the database and signed identity.
 */
export async function createService(options: ServiceOptions): Promise<ServiceApp> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = Fastify({
    ...options.fastify,
    logger: options.logger === undefined ? loggerOptions(options.name) : options.logger,
    genReqId,
    bodyLimit,
    schemaErrorFormatter,
    // Malformed URLs and similar router-level failures get the same ErrorBody as everything else, and a
    // path the router cannot decode a message that says so rather than echoing it.
    frameworkErrors: (error, request, reply) =>
      replyWithError(
        error.code === 'FST_ERR_BAD_URL'
          ? Object.assign(error, { message: BAD_URL_MESSAGE, code: 'request.bad_path_encoding' })
          : error,
        request,
        reply,
      ),
    ajv: {
      customOptions: {
        // Unknown fields must be refused (additionalProperties: false), not silently dropped.
        removeAdditional: false,
        useDefaults: true,
        coerceTypes: 'array',
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as ServiceApp;

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // A search's words become a regular expression in a database query, and BSON cannot carry a NUL in one:
  // a query value holding U+0000 would fail on the way to the database. It is no text anyone searches for.
  app.addHook('onRequest', async (request) => {
    if (hasNulInQuery(request.url)) throw new HttpError(400, 'request.malformed');
  });
  // An answer given before the body was read (a signed-out upload, a forbidden role) must reach a client that
  // is still sending it: the body is read and dropped, up to the most the route could lawfully take.
  const drainBytes = options.uploadDrainBytes ?? (() => 2 * bodyLimit);
  app.addHook('onSend', async (request) => {
    drainUnreadBody(request.raw, request.routeOptions.config?.uploadDrainBytes ?? drainBytes(request));
  });
  installErrorHandling(app, options.notFoundHandler);
  if (options.identitySecret) installIdentity(app, options.identitySecret, options.name);
  if (options.setup) await options.setup(app);

  const database = options.mongoUri
    ? openDatabase({
        uri: options.mongoUri,
        dbName: options.dbName ?? options.name,
        indexes: options.indexes,
        log: app.log,
      })
    : null;
  app.decorate('database', database);
  if (database) app.addHook('onClose', async () => database.close());

  await registerOpenApi(app, `${options.name} service`);
  const checks: Record<string, ReadinessCheck> = { ...options.readinessChecks };
  if (database) checks.database = async () => database.indexesReady() && (await database.ping());
  registerHealthRoutes(app, options.name, checks);
  if (options.identitySecret) registerWhoami(app);

  if (options.routes) await app.register(options.routes);
  return app;
}

/** Whether the request target's query holds a NUL, percent-encoded or raw. */
function hasNulInQuery(url: string): boolean {
  const at = url.indexOf('?');
  const query = url.slice(at);
  return at >= 0 && (query.includes('%00') || query.includes('\u0000'));
}

/** The database of a service built with a mongoUri; throws for one without, which is a programming error. */
export function databaseOf(app: { database: Database | null }): Db {
  if (!app.database) throw new Error('This service was built without a database');
  return app.database.db;
}
