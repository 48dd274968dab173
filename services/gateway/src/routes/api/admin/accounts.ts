import { getAccounts, putAccountRole, WORKSPACE_PAGE_SIZE } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { refreshSessionsOf } from '../../../accounts/sessions';
import type { GatewayContext } from '../../../context';
import { noStoreUnlessSaid } from '../../../edge/no-store';
import { accountRow } from '../../../settings/profile-view';

/** Settings → Accounts (admins): everyone, searched and paged, and granting roles. */
export default routeModule<GatewayContext>([getAccounts, putAccountRole], (app, ctx) => {
  const { accounts } = ctx.stores;
  noStoreUnlessSaid(app);

  serveRoute(app, getAccounts, async (request) => {
    const { q, role } = request.query;
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? WORKSPACE_PAGE_SIZE;
    const { total, items } = await accounts.list({ q, role, page, pageSize });
    return { items: items.map(accountRow), total, page, pageSize };
  });

  serveRoute(
    app,
    putAccountRole,
    async (request) => {
      const user = await accounts.byId(request.params.id);
      if (!user) throw new HttpError(404, 'account.not_found');
      // Admins are made and unmade only from the command line.
      if (user.role === 'admin') throw new HttpError(409, 'account.admin_role_fixed');
      const updated = await accounts.setRoleUnlessAdmin(user._id, request.body.role);
      if (!updated) throw new HttpError(409, 'account.admin_role_fixed');
      await refreshSessionsOf(accounts, ctx.sessionCache, user._id);
      return accountRow(updated);
    },
    { bodyLimit: 1024 },
  );
});
