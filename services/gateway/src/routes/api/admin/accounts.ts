import { ObjectId, type Filter } from 'mongodb';
import { getAccounts, putAccountRole, WORKSPACE_PAGE_SIZE } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { UserDoc } from '../../../accounts/store';
import { refreshSessionsOf } from '../../../accounts/sessions';
import type { GatewayContext } from '../../../context';
import { noStoreUnlessSaid } from '../../../edge/no-store';
import { accountRow, escapeRegex } from '../../../settings/profile-view';

/** Settings → Accounts (admins): everyone, searched and paged, and granting roles. */
export default routeModule<GatewayContext>([getAccounts, putAccountRole], (app, ctx) => {
  const { cols } = ctx;
  noStoreUnlessSaid(app);

  serveRoute(app, getAccounts, async (request) => {
    const { q, role } = request.query;
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? WORKSPACE_PAGE_SIZE;
    const filter: Filter<UserDoc> = {};
    if (role) filter.role = role;
    const words = q?.trim().toLowerCase();
    if (words) {
      // Name, address or username containing the words; each clause scans its own index's keys.
      const contains = new RegExp(escapeRegex(words));
      filter.$or = [{ nameKey: contains }, { email: contains }, { usernameKey: contains }];
    }
    const [total, docs] = await Promise.all([
      cols.users.countDocuments(filter),
      cols.users
        .find(filter)
        .sort({ nameKey: 1, _id: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
    ]);
    return { items: docs.map(accountRow), total, page, pageSize };
  });

  serveRoute(
    app,
    putAccountRole,
    async (request) => {
      const id = request.params.id;
      const user = ObjectId.isValid(id) ? await cols.users.findOne({ _id: new ObjectId(id) }) : null;
      if (!user) throw new HttpError(404, 'account.not_found');
      // Admins are made and unmade only from the command line.
      if (user.role === 'admin') throw new HttpError(409, 'account.admin_role_fixed');
      const updated = await cols.users.findOneAndUpdate(
        { _id: user._id, role: { $ne: 'admin' } },
        { $set: { role: request.body.role } },
        { returnDocument: 'after' },
      );
      if (!updated) throw new HttpError(409, 'account.admin_role_fixed');
      await refreshSessionsOf(cols, ctx.sessionCache, user._id);
      return accountRow(updated);
    },
    { bodyLimit: 1024 },
  );
});
