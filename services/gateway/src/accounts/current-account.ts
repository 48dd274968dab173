import type { FastifyRequest } from 'fastify';
import { HttpError } from '@platform/service-kit';
import type { AccountStore, UserDoc } from './store';

/** The signed-in person's account as it is now (a session outliving its account answers 401). */
export async function currentAccount(
  accounts: AccountStore,
  request: FastifyRequest & { identity: { id: string } },
): Promise<UserDoc> {
  const user = await accounts.byId(request.identity.id);
  if (!user) throw new HttpError(401, 'auth.not_signed_in');
  return user;
}
