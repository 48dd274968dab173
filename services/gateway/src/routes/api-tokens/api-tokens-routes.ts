import type { Collection } from 'mongodb';
import { ObjectId } from 'mongodb';
import { API_TOKENS_MAX, deleteApiToken, getApiTokens, postApiToken } from '@platform/contracts';
import { HttpError, serveRoute, type ServiceApp } from '@platform/service-kit';
import {
  createToken,
  listTokens,
  revokeToken,
  tokenView,
  type ApiTokenDoc,
} from '../../api-tokens/api-tokens-db';
import type { ResolveUser } from '../../identity-propagation';

export interface ApiTokenRouteOptions {
  tokens: Collection<ApiTokenDoc>;
  /** The person behind the session cookie (tokens never reach these routes: the bearer gate refuses them). */
  resolveSession: ResolveUser;
  now: () => number;
  /** Live tokens a person may hold (API_TOKENS_MAX). */
  max?: number;
}

/** Token names are short; nothing bigger is read. */
const BODY_LIMIT = 4 * 1024;

/** GET/POST /api/tokens and DELETE /api/tokens/:id: a person's own API tokens, served by the gateway. */
export async function apiTokenRoutes(app: ServiceApp, options: ApiTokenRouteOptions) {
  const { tokens, resolveSession, now } = options;
  const max = options.max ?? API_TOKENS_MAX;
  // The declarations' access checks read request.identity, which here is the session's person.
  app.decorateRequest('identity', null);
  app.decorateRequest('identityProblem', null);
  app.addHook('onRequest', async (request) => {
    request.identity = await resolveSession(request);
  });
  // A secret, or the list of someone's tokens, must never sit in a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const ownerId = (id: string) => new ObjectId(id);

  serveRoute(app, getApiTokens, async (request) => {
    const docs = await listTokens(tokens, ownerId(request.identity.id));
    return { items: docs.map(tokenView) };
  });

  serveRoute(
    app,
    postApiToken,
    async (request, reply) => {
      const name = request.body.name.trim();
      const created = await createToken(tokens, ownerId(request.identity.id), name, now(), max);
      if (!created) throw new HttpError(409, 'api_token.limit');
      return reply.code(201).send({ token: tokenView(created.doc), secret: created.secret });
    },
    { bodyLimit: BODY_LIMIT },
  );

  serveRoute(app, deleteApiToken, async (request) => {
    const revoked = await revokeToken(tokens, ownerId(request.identity.id), request.params.id, now());
    if (!revoked) throw new HttpError(404, 'api_token.not_found');
    return { id: request.params.id, revoked: true as const };
  });
}
