import type { FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import { HttpError } from '@platform/service-kit';
import type { AccountCollections, UserDoc } from './store';

/** The signed-in person's account as it is now (a session outliving its account answers 401). */
export async function currentAccount(
  cols: AccountCollections,
  request: FastifyRequest & { identity: { id: string } },
): Promise<UserDoc> {
  const user = ObjectId.isValid(request.identity.id)
    ? await cols.users.findOne({ _id: new ObjectId(request.identity.id) })
    : null;
  if (!user) throw new HttpError(401, 'auth.not_signed_in');
  return user;
}
