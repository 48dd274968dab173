import type { FastifyReply } from 'fastify';
import { getPublicLanguages, getPublicStats } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../context';
import { STALE_FIGURES_HEADER } from '../../public-site/figures';

/**
 * The landing page's and /languages' figures, computed from the services for every request. Browsers and
 * proxies revalidate each time (no-cache): a figure changes on the very next request after a write.
 */
export default routeModule<GatewayContext>([getPublicStats, getPublicLanguages], (app, ctx) => {
  const answer = async (reply: FastifyReply) => {
    const { figures, stale } = await ctx.figures.get();
    if (stale) reply.header(STALE_FIGURES_HEADER, '1').header('cache-control', 'no-store');
    else reply.header('cache-control', 'no-cache');
    return figures;
  };

  serveRoute(app, getPublicStats, async (_request, reply) => (await answer(reply)).stats);

  serveRoute(app, getPublicLanguages, async (_request, reply) => (await answer(reply)).languages);
});
