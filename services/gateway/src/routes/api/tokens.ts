import { deleteApiToken, getApiTokens, postApiToken } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { tokenView } from '../../api-tokens/store';
import type { GatewayContext } from '../../context';
import { noStore } from '../../edge/no-store';

/** Token names are short; nothing bigger is read. */
const BODY_LIMIT = 4 * 1024;

/** A person's own API tokens: listed, made and revoked from the session (the edge refuses a token here). */
export default routeModule<GatewayContext>([getApiTokens, postApiToken, deleteApiToken], (app, ctx) => {
  const { now } = ctx;
  const tokens = ctx.stores.apiTokens;
  const max = ctx.apiTokensMax;
  // A secret, or the list of someone's tokens, must never sit in a cache.
  noStore(app);

  serveRoute(app, getApiTokens, async (request) => {
    const docs = await tokens.list(request.identity.id);
    return { items: docs.map(tokenView) };
  });

  serveRoute(
    app,
    postApiToken,
    async (request, reply) => {
      const name = request.body.name.trim();
      const created = await tokens.create(request.identity.id, name, now(), max);
      if (!created) throw new HttpError(409, 'api_token.limit');
      return reply.code(201).send({ token: tokenView(created.doc), secret: created.secret });
    },
    { bodyLimit: BODY_LIMIT },
  );

  serveRoute(app, deleteApiToken, async (request) => {
    const revoked = await tokens.revoke(request.identity.id, request.params.id, now());
    if (!revoked) throw new HttpError(404, 'api_token.not_found');
    return { id: request.params.id, revoked: true as const };
  });
});
