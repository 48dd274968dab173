import type { UserDoc } from './store';

/** The name people see: the full name (a last name may be empty once someone saves a one-word name). */
export const displayName = (user: Pick<UserDoc, 'firstname' | 'lastname'>) =>
  `${user.firstname} ${user.lastname}`.trim();

/** One space between words, none around them. */
export const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * The stored name fields for a full name: split at the first space into first and last name (so the
 * sign-up fields and the session stay consistent), and the lowercased keys the lists sort and search by.
 */
export function nameFields(fullName: string) {
  const name = tidyName(fullName);
  const space = name.indexOf(' ');
  const firstname = space < 0 ? name : name.slice(0, space);
  const lastname = space < 0 ? '' : name.slice(space + 1);
  return { firstname, lastname, ...nameKeysOf(name) };
}

export function nameKeysOf(name: string) {
  const nameKey = tidyName(name).toLowerCase();
  const words = nameKey.split(' ').filter(Boolean);
  return { nameKey, nameKeys: [...new Set([nameKey, ...words])] };
}
