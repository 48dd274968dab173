import escapeStringRegexp from 'escape-string-regexp';
import { ObjectId } from 'mongodb';
import type { Identity, Person } from '@platform/contracts';

/** The name shown for an account that has been deleted (erase replaces names with it). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** A stored id from a route's `:id`, or null when it cannot be one (such an id names nothing: 404). */
export function objectIdOrNull(id: string): ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null;
}

/** `YYYY-MM-DD` → its UTC midnight. */
export const dayToDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
/** A UTC midnight → `YYYY-MM-DD`. */
export const dateToDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Case-insensitive patterns of what a person typed: anywhere in the text, or at its start. */
export const containsPattern = (q: string) => new RegExp(escapeStringRegexp(q.trim()), 'i');
export const prefixPattern = (q: string) => new RegExp(`^${escapeStringRegexp(q.trim())}`, 'i');

/** The caller as a project or task records them. */
export const personOf = (identity: Identity, name?: string): Person => ({
  id: identity.id,
  name: name ?? identity.name ?? identity.id,
});

export const pageWindow = (query: { page?: number; pageSize?: number }, defaultSize: number) => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSize;
  return { page, pageSize, skip: (page - 1) * pageSize };
};
