import { getDashboardStats, getWorkspaceSearch } from '@platform/contracts';
import { serveRoute, type ServiceApp } from '@platform/service-kit';
import { dashboardStats } from '../../workspace/dashboard';
import { workspaceSearch } from '../../workspace/search';

/** /dashboard's cards and the top bar's search. */
export function workspaceRoutes(app: ServiceApp) {
  serveRoute(app, getDashboardStats, async (request) => dashboardStats(app, request.identity));
  serveRoute(app, getWorkspaceSearch, async (request) =>
    workspaceSearch(app, request.identity, request.query.q),
  );
}
