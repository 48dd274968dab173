import type { FastifyReply } from 'fastify';
import { getPublicLanguages, getPublicStats } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../context';

/** The landing page's and /languages' figures, asked of the services and kept a while. */
export default routeModule<GatewayContext>([getPublicStats, getPublicLanguages], (app, ctx) => {
  const settings = ctx.publicSiteSettings;
  const options = { figures: ctx.figures };
  const maxAge = Math.max(0, Math.round(settings.statsCacheMs / 1000));
  const cacheable = (reply: FastifyReply) => reply.header('cache-control', `public, max-age=${maxAge}`);

  serveRoute(app, getPublicStats, async (_request, reply) => {
    const { stats } = await options.figures.get();
    cacheable(reply);
    return stats;
  });

  serveRoute(app, getPublicLanguages, async (_request, reply) => {
    const { languages } = await options.figures.get();
    cacheable(reply);
    return languages;
  });
});
