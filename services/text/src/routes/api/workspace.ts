import { getDashboardStats, getWorkspaceSearch } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { dashboardStats } from '../../workspace/dashboard';
import { workspaceSearch } from '../../workspace/search';

/** /dashboard's cards and the top bar's search. */
export default routeModule<TextContext>([getDashboardStats, getWorkspaceSearch], (app, { stores }) => {
  serveRoute(app, getDashboardStats, async (request) => dashboardStats(app, stores, request.identity));
  serveRoute(app, getWorkspaceSearch, async (request) =>
    workspaceSearch(stores, request.identity, request.query.q),
  );
});
