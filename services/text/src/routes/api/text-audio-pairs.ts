import { getTextPairs } from '@platform/contracts';
import { routeModule, serveRoute, type RouteHandler } from '@platform/service-kit';
import type { TextContext } from '../../context';

/** The approved pairs' list (the SPEC's name for it, from when it fed the audio pairs). */
export default routeModule<TextContext>([getTextPairs], (app, { stores }) => {
  const list: RouteHandler<typeof getTextPairs> = async (request) => {
    const { limit = 50, after } = request.query;
    return stores.pairs.validated(after, limit);
  };
  serveRoute(app, getTextPairs, list);
});
