import { randomBytes } from 'node:crypto';
import { deleteInternalUserSpeech, deleteInternalUserText } from '@platform/contracts';
import { HttpError, type ServiceClient } from '@platform/service-kit';
import type { SessionCache } from '../accounts/session-cache';
import { closeSessionsOf } from '../accounts/sessions';
import type { UserDoc } from '../accounts/store';
import type { GatewayStores } from '../stores';

export interface AccountErasure {
  stores: GatewayStores;
  /** The services a deleted account's data is removed from (or stripped of its name and id). */
  text: ServiceClient;
  speech: ServiceClient;
  sessionCache: SessionCache;
}

/**
 * Deletes an account and everything that names the person. The services go first (their uploads and private
 * records deleted, their licensed contributions kept under the pseudonym): if one cannot, the account stays
 * (503) and the person may try again. Then, here: their sessions, links, API tokens, avatar, notification
 * settings, uploads' reservations, rate-limit counters keyed by their id or address, contact messages and
 * newsletter subscription sent from their address, and the account itself.
 */
export async function eraseAccount(options: AccountErasure, user: UserDoc): Promise<void> {
  const { accounts, settings, apiTokens, publicSite, rateLimits, reservations } = options.stores;
  const id = user._id.toHexString();
  // The id that replaces the person's on what the services keep: random, kept on the account only while it is
  // being deleted, so a retry after a failure uses the same one and nothing links the two once it is gone.
  const pseudonym = await accounts.erasurePseudonym(user, () => randomBytes(12).toString('hex'));
  if (!pseudonym) throw new HttpError(401, 'auth.not_signed_in');
  const call = { params: { id }, query: { pseudonym } };
  await Promise.all([
    options.text.call(deleteInternalUserText, call),
    options.speech.call(deleteInternalUserSpeech, call),
  ]);
  await closeSessionsOf(accounts, options.sessionCache, user._id);
  const addresses = [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])];
  await Promise.all([
    accounts.eraseCredentialsOf(user._id),
    settings.eraseUser(user._id),
    apiTokens.eraseUser(user._id),
    reservations.eraseUser(id),
    rateLimits.eraseKeysNaming([id, ...addresses]),
    // Contact messages keep the address as it was typed.
    publicSite.eraseAddresses(addresses),
  ]);
  // Last: until here a failed step leaves an account that can be deleted again.
  await accounts.deleteAccount(user._id);
}
