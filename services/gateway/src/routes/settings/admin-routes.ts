import { ObjectId, type Filter } from 'mongodb';
import { getAccounts, getPeople, putAccountRole, WORKSPACE_PAGE_SIZE } from '@platform/contracts';
import { HttpError, serveRoute, type ServiceApp } from '@platform/service-kit';
import type { AccountCollections, UserDoc } from '../../accounts/accounts-db';
import { accountRow, escapeRegex } from '../../settings/profile-view';

/** At most this many people answer a search for members and assignees. */
export const PEOPLE_RESULTS_MAX = 10;

export interface AdminRouteOptions {
  cols: AccountCollections;
  /** Makes this gateway look the person's sessions up again (their new role applies at once here). */
  refreshSessionsOf: (userId: ObjectId) => Promise<void>;
}

/**
 * Settings → Accounts (admins: everyone, searched and paged, and granting roles) and the managers' people
 * search. Registered inside settingsRoutes, whose hooks resolve the session's person.
 */
export async function adminRoutes(app: ServiceApp, options: AdminRouteOptions) {
  const { cols } = options;

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
      await options.refreshSessionsOf(user._id);
      return accountRow(updated);
    },
    { bodyLimit: 1024 },
  );

  serveRoute(app, getPeople, async (request) => {
    const start = new RegExp(`^${escapeRegex(request.query.q.trim().toLowerCase())}`);
    // The start of any word of the name, of the username or of the address: bounded index scans.
    const docs = await cols.users
      .find(
        { verified: true, $or: [{ nameKeys: start }, { usernameKey: start }, { email: start }] },
        { projection: { firstname: 1, lastname: 1, username: 1, nameKey: 1 } },
      )
      .sort({ nameKey: 1, _id: 1 })
      .limit(PEOPLE_RESULTS_MAX)
      .toArray();
    return {
      items: docs.map((u) => ({
        id: u._id.toHexString(),
        name: `${u.firstname} ${u.lastname}`.trim(),
        username: u.username ?? null,
      })),
    };
  });
}
