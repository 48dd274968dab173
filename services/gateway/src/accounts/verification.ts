import type { FastifyBaseLogger } from 'fastify';
import { VERIFICATION_LINK_TTL_HOURS } from '@platform/contracts';
import type { Mailer } from './mailer';
import { emailChangeNoticeTexts, emailChangeTexts, verificationTexts } from './mail-texts';
import { displayName } from './names';
import type { AccountStore, UserDoc } from './store';

/** What sending a link needs: where the link is issued, the mail, the site's address, and the log. */
export interface LinkMailDeps {
  accounts: AccountStore;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
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
export async function sendEmailChange(deps: LinkMailDeps, user: UserDoc, newEmail: string, now: number) {
  const token = await deps.accounts.issueLink(user._id, 'email', now, newEmail);
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
export async function sendVerification(deps: LinkMailDeps, user: UserDoc, now: number) {
  const token = await deps.accounts.issueLink(user._id, 'verify', now);
  const link = verificationLink(deps.publicUrl, token);
  const { file } = await deps.mailer.send(verificationMail(user, link));
  if (deps.mailer.kind === 'outbox') {
    deps.log.info({ to: user.email, file, link }, `verification link for ${user.email}: ${link}`);
  }
}
