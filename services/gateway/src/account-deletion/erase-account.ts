import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { deleteInternalUserSpeech, deleteInternalUserText } from '@platform/contracts';
import { HttpError, type ServiceClient } from '@platform/service-kit';
import { accountCollections, type UserDoc } from '../accounts/store';
import type { SessionCache } from '../accounts/session-cache';
import { closeSessionsOf } from '../accounts/sessions';
import { apiTokenCollection } from '../api-tokens/store';
import { publicSiteCollections } from '../public-site/store';
import { rateLimitCounters } from '../edge/rate-limits/store';
import { settingsCollections } from '../settings/store';
import { storageReservations } from '../edge/storage-quota/store';

export interface AccountErasure {
  db: Db;
  /** The services a deleted account's data is removed from (or stripped of its name and id). */
  text: ServiceClient;
  speech: ServiceClient;
  sessionCache: SessionCache;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * The id that replaces the person's on what the services keep: random, kept on the account only while it is
 * being deleted, so a retry after a failure uses the same one and nothing links the two once it is gone.
 */
async function pseudonymFor(db: Db, user: UserDoc): Promise<string> {
  if (user.erasurePseudonym) return user.erasurePseudonym;
  const users = accountCollections(db).users;
  await users.updateOne(
    { _id: user._id, erasurePseudonym: { $exists: false } },
    { $set: { erasurePseudonym: randomBytes(12).toString('hex') } },
  );
  // A deletion asked for twice at once settles on whichever pseudonym was stored first.
  const stored = await users.findOne({ _id: user._id }, { projection: { erasurePseudonym: 1 } });
  if (!stored?.erasurePseudonym) throw new HttpError(401, 'auth.not_signed_in');
  return stored.erasurePseudonym;
}

/**
 * Deletes an account and everything that names the person. The services go first (their uploads and private
 * records deleted, their licensed contributions kept under the pseudonym): if one cannot, the account stays
 * (503) and the person may try again. Then, here: their sessions, links, API tokens, avatar, notification
 * settings, uploads' reservations, rate-limit counters keyed by their id or address, contact messages and
 * newsletter subscription sent from their address, and the account itself.
 */
export async function eraseAccount(options: AccountErasure, user: UserDoc): Promise<void> {
  const { db } = options;
  const id = user._id.toHexString();
  const pseudonym = await pseudonymFor(db, user);
  const call = { params: { id }, query: { pseudonym } };
  await Promise.all([
    options.text.call(deleteInternalUserText, call),
    options.speech.call(deleteInternalUserSpeech, call),
  ]);
  const cols = accountCollections(db);
  await closeSessionsOf(cols, options.sessionCache, user._id);
  const settings = settingsCollections(db);
  const site = publicSiteCollections(db);
  const addresses = [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])];
  const keyedByThem = new RegExp([id, ...addresses].map(escapeRegExp).join('|'), 'iu');
  await Promise.all([
    cols.tokens.deleteMany({ userId: user._id }),
    cols.sessions.deleteMany({ userId: user._id }),
    settings.avatars.deleteOne({ _id: user._id }),
    settings.notificationSettings.deleteOne({ _id: user._id }),
    apiTokenCollection(db).deleteMany({ userId: user._id }),
    storageReservations(db).deleteMany({ userId: id }),
    rateLimitCounters(db).deleteMany({ _id: { $regex: keyedByThem } }),
    // Contact messages keep the address as it was typed.
    site.inquiries.deleteMany({
      $or: addresses.map((a) => ({ email: { $regex: `^${escapeRegExp(a)}$`, $options: 'i' } })),
    }),
    site.subscribers.deleteMany({ email: { $in: addresses } }),
  ]);
  // Last: until here a failed step leaves an account that can be deleted again.
  await cols.users.deleteOne({ _id: user._id });
}
