import type { FastifyBaseLogger } from 'fastify';
import type { ObjectId } from 'mongodb';
import { VERIFICATION_LINK_TTL_HOURS } from '@platform/contracts';
import { isDuplicateKey } from '@platform/service-kit';
import { displayName, type AccountCollections, type TokenScope, type UserDoc } from './store';
import type { Mailer } from './mailer';
import { emailChangeNoticeTexts, emailChangeTexts, verificationTexts } from './mail-texts';
import { digest, newToken, TOKEN_SHAPE } from './secrets';

export const TOKEN_TTL_MS = VERIFICATION_LINK_TTL_HOURS * 3600 * 1000;

/**
 * A fresh token for the person and purpose; it replaces the previous one (one live token per person and
 * purpose, enforced by a unique index), so an older link stops working the moment a new one is issued.
 */
export async function issueToken(
  cols: AccountCollections,
  userId: ObjectId,
  scope: TokenScope,
  now: number,
  /** Scope 'email': the new address the link confirms. */
  email?: string,
): Promise<string> {
  const token = newToken();
  const fields = {
    hash: digest(token),
    createdAt: new Date(now),
    expiresAt: new Date(now + TOKEN_TTL_MS),
    ...(email !== undefined ? { email } : {}),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await cols.tokens.updateOne({ userId, scope }, { $set: fields }, { upsert: true });
      return token;
    } catch (err) {
      // Two concurrent upserts for one person: the loser retries and finds the winner's document to replace.
      if (!isDuplicateKey(err) || attempt >= 2) throw err;
    }
  }
}

/** The person a token of that purpose belongs to while it is valid, else null. */
export async function tokenOwner(
  cols: AccountCollections,
  token: string,
  scope: TokenScope,
  now: number,
): Promise<UserDoc | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const doc = await cols.tokens.findOne({ hash: digest(token), scope, expiresAt: { $gt: new Date(now) } });
  return doc ? cols.users.findOne({ _id: doc.userId }) : null;
}

export type Redeemed =
  | { outcome: 'verified'; email: string }
  | { outcome: 'expired'; email?: string }
  | { outcome: 'invalid' }
  /** A change of address whose new address another account took meanwhile. */
  | { outcome: 'taken' };

/**
 * Redeems an emailed link. The token is deleted as it is used, atomically, so two clicks (or two tabs) can
 * verify once: the second finds nothing and is told the link is invalid.
 */
export async function redeemVerification(
  cols: AccountCollections,
  token: string,
  now: number,
): Promise<Redeemed> {
  if (!TOKEN_SHAPE.test(token)) return { outcome: 'invalid' };
  const hash = digest(token);
  const found = await cols.tokens.findOne({ hash, scope: { $in: ['verify', 'email'] } });
  if (!found) return { outcome: 'invalid' };
  if (found.expiresAt.getTime() <= now) {
    // An expired change of address offers nothing to resend: the person asks again from Settings.
    if (found.scope === 'email') return { outcome: 'expired' };
    const user = await cols.users.findOne({ _id: found.userId });
    return user ? { outcome: 'expired', email: user.email } : { outcome: 'expired' };
  }
  const taken = await cols.tokens.findOneAndDelete({ _id: found._id, hash });
  if (!taken) return { outcome: 'invalid' };
  if (found.scope === 'email') return applyEmailChange(cols, found.userId, found.email);
  const user = await cols.users.findOneAndUpdate(
    { _id: found.userId },
    { $set: { verified: true, verifiedAt: new Date(now) } },
    { returnDocument: 'after' },
  );
  return user ? { outcome: 'verified', email: user.email } : { outcome: 'invalid' };
}

/** Following the link mailed to a new address makes it the account's address (and proves it is theirs). */
async function applyEmailChange(
  cols: AccountCollections,
  userId: ObjectId,
  email: string | undefined,
): Promise<Redeemed> {
  if (!email) return { outcome: 'invalid' };
  try {
    const user = await cols.users.findOneAndUpdate(
      { _id: userId },
      { $set: { email, verified: true }, $unset: { pendingEmail: '' } },
      { returnDocument: 'after' },
    );
    return user ? { outcome: 'verified', email: user.email } : { outcome: 'invalid' };
  } catch (err) {
    if (isDuplicateKey(err)) {
      await cols.users.updateOne({ _id: userId, pendingEmail: email }, { $unset: { pendingEmail: '' } });
      return { outcome: 'taken' };
    }
    throw err;
  }
}

export function verificationLink(publicUrl: string, token: string) {
  return `${publicUrl.replace(/\/+$/, '')}/auth/verify?token=${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The mail to a new address, in the person's interface language, with the link that applies the change. */
export function emailChangeMail(
  user: Pick<UserDoc, 'firstname' | 'lastname' | 'locale'>,
  newEmail: string,
  link: string,
) {
  const words = emailChangeTexts(user.locale);
  const hours = VERIFICATION_LINK_TTL_HOURS;
  const text = [
    words.hello(displayName(user)),
    '',
    words.confirm(newEmail),
    '',
    link,
    '',
    words.expires(hours),
    words.ignore,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(words.hello(displayName(user)))}</p>`,
    `<p>${escapeHtml(words.confirm(newEmail))}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.button)}</a></p>`,
    `<p>${escapeHtml(words.expires(hours))}</p>`,
    `<p>${escapeHtml(words.ignore)}</p>`,
  ].join('\n');
  return { to: newEmail, subject: words.subject, text, html };
}

/**
 * The mail to the account's current address when a change to `newEmail` is asked for: the person learns of
 * it at the address that is still theirs, with what to do if it was not them. It carries no link.
 */
export function emailChangeNoticeMail(
  user: Pick<UserDoc, 'email' | 'firstname' | 'lastname' | 'locale'>,
  newEmail: string,
) {
  const words = emailChangeNoticeTexts(user.locale);
  const paragraphs = [
    words.hello(displayName(user)),
    words.requested(newEmail),
    words.signedOut,
    words.notYou,
  ];
  return {
    to: user.email,
    subject: words.subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

/** Issues the change-of-address link (replacing an earlier one) and mails it to the new address. */
export async function sendEmailChange(
  deps: { cols: AccountCollections; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  user: UserDoc,
  newEmail: string,
  now: number,
) {
  const token = await issueToken(deps.cols, user._id, 'email', now, newEmail);
  const link = verificationLink(deps.publicUrl, token);
  const { file } = await deps.mailer.send(emailChangeMail(user, newEmail, link));
  if (deps.mailer.kind === 'outbox') {
    deps.log.info({ to: newEmail, file, link }, `e-mail change link for ${newEmail}: ${link}`);
  }
}

/** The mail in the recipient's interface language (English until they choose one). */
export function verificationMail(
  user: Pick<UserDoc, 'email' | 'firstname' | 'lastname' | 'locale'>,
  link: string,
) {
  const hours = VERIFICATION_LINK_TTL_HOURS;
  const words = verificationTexts(user.locale);
  const text = [
    words.hello(displayName(user)),
    '',
    words.confirm,
    '',
    link,
    '',
    words.expires(hours),
    words.ignore,
  ].join('\n');
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = [
    `<p>${escape(words.hello(displayName(user)))}</p>`,
    `<p>${escape(words.confirm)}</p>`,
    `<p><a href="${escape(link)}">${escape(words.button)}</a></p>`,
    `<p>${escape(words.expiresHtml(hours))}</p>`,
    `<p>${escape(words.ignore)}</p>`,
  ].join('\n');
  return { to: user.email, subject: words.subject, text, html };
}

/** Issues a new link (replacing the old one) and mails it; without SMTP the link also goes to the log. */
export async function sendVerification(
  deps: { cols: AccountCollections; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  user: UserDoc,
  now: number,
) {
  const token = await issueToken(deps.cols, user._id, 'verify', now);
  const link = verificationLink(deps.publicUrl, token);
  const { file } = await deps.mailer.send(verificationMail(user, link));
  if (deps.mailer.kind === 'outbox') {
    deps.log.info({ to: user.email, file, link }, `verification link for ${user.email}: ${link}`);
  }
}
