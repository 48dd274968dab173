import { randomBytes } from 'node:crypto';
import type { Identity, Role } from '@platform/contracts';
import { databaseOf, type ServiceApp } from '@platform/service-kit';
import { accountStore } from '../src/accounts/store';

/**
 * A verified account of `role` with a session open now, written straight into the gateway's database (no
 * sign-up, no password hashing): the session cookie, and the identity the gateway vouches for with it.
 */
export async function signedInAs(
  app: ServiceApp,
  role: Role,
): Promise<{ cookie: string; identity: Identity }> {
  const accounts = accountStore(databaseOf(app));
  const user = await accounts.create({
    email: `${role}-${randomBytes(6).toString('hex')}@example.org`,
    firstname: 'Test',
    lastname: role,
    role,
    passwordHash: 'not-a-hash',
    verified: true,
    createdAt: new Date(),
  });
  if (!user) throw new Error('the test account could not be made');
  const token = await accounts.openSession(user._id, Date.now());
  return { cookie: `plt=${token}`, identity: { id: user._id.toHexString(), role, name: `Test ${role}` } };
}
