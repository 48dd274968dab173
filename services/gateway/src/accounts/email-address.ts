import addressparser from 'nodemailer/lib/addressparser';
import { AUTH_MESSAGES, emailProblem } from '@platform/contracts';

/**
 * True when the mail library reads the text as exactly one address, the text itself: no display name,
 * comment, group or second address. The messages are built by that same library, so this is what decides
 * where a mail to the text would go. The shared patterns (PLAIN_EMAIL_PATTERN, EMAIL_PATTERN) already refuse
 * every character the parser gives meaning to; this is the mail library's own word on it.
 */
export function isPlainAddress(text: string): boolean {
  const parsed = addressparser(text, { flatten: true });
  return parsed.length === 1 && parsed[0]!.address === text && parsed[0]!.name === '';
}

/** 400's message for an address the mail library would not read as itself, or null. */
export const plainAddressProblem = (email: string): string | null =>
  isPlainAddress(email.trim()) ? null : AUTH_MESSAGES.emailInvalid;

/**
 * An account's address (sign-up, a change of address, and the calls that look one up): the accounts'
 * shared rule (emailProblem, what the browser checks), then the mail library's reading. The SPEC's message,
 * or null when the address is acceptable.
 */
export const emailAddressProblem = (email: string | undefined): string | null =>
  emailProblem(email) ?? plainAddressProblem(email ?? '');
