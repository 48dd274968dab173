import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  API_TOKEN_RATE_LIMIT_PER_MINUTE,
  PUBLIC_OPENAPI_PATH,
  ROUTES,
  SESSION_COOKIE_NAME,
  type RouteDeclaration,
} from '@platform/contracts';
import { routeSchema } from '@platform/service-kit';
import { API_PREFIXES } from './routing-table';

/** Where the gateway publishes the document. */
export const OPENAPI_PATH = PUBLIC_OPENAPI_PATH;

/** The declarations of the public API: every route under /api, /auth or /audio, whoever serves it. */
export const publicRoutes = (routes: readonly RouteDeclaration[] = ROUTES): RouteDeclaration[] =>
  routes.filter(
    (route) => route.owner !== 'every-service' && API_PREFIXES.some((p) => route.path.startsWith(`${p}/`)),
  );

const BEARER = 'apiToken';
const COOKIE = 'session';

/**
 * Who may call, in OpenAPI terms: a route that accepts API tokens takes a bearer token or the session cookie,
 * any other non-public route the cookie only; a public route needs neither (an empty requirement).
 */
function security(route: RouteDeclaration): Record<string, string[]>[] {
  const anonymous = route.access === 'public' ? [{}] : [];
  if (route.apiToken) return [{ [BEARER]: [] }, { [COOKIE]: [] }, ...anonymous];
  return route.access === 'public' ? [] : [{ [COOKIE]: [] }];
}

const DESCRIPTION = [
  'The public API of the platform, as the gateway serves it.',
  '',
  'Researchers and admins create personal API tokens on /data/downloads and send them as',
  '`Authorization: Bearer <token>`. Tokens are read-only: they work on the operations marked with the',
  `\`${BEARER}\` scheme (listing datasets and releases, downloads), ${API_TOKEN_RATE_LIMIT_PER_MINUTE} calls a`,
  'minute per token (429 with Retry-After beyond). Every other operation takes the session cookie a browser',
  'gets from POST /auth/signin. Every error answers `{ error, code, message, statusCode }`.',
].join('\n');

/**
 * One OpenAPI 3 document of the public API, generated from the declarations (proxied routes included) by
 * registering each on a throwaway Fastify instance with a no-op handler and letting @fastify/swagger read
 * the schemas service-kit's routeSchema gives them, exactly as the services do for their own.
 */
export async function buildPublicOpenApi(
  publicUrl: string,
  routes: readonly RouteDeclaration[] = ROUTES,
): Promise<Record<string, unknown>> {
  const scratch = Fastify({ logger: false, exposeHeadRoutes: false });
  // Nothing is ever validated or serialised here: only the schemas are read.
  scratch.setValidatorCompiler(() => () => true);
  scratch.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await scratch.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'VoiceBank NG API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          [BEARER]: { type: 'http', scheme: 'bearer', description: 'A personal API token (read-only).' },
          [COOKIE]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
        },
      },
    },
  });
  for (const route of publicRoutes(routes)) {
    scratch.route({
      method: route.method,
      url: route.path,
      schema: { ...routeSchema(route), security: security(route) },
      handler: async () => null,
    });
  }
  await scratch.ready();
  const document = scratch.swagger() as unknown as Record<string, unknown>;
  await scratch.close();
  return document;
}
