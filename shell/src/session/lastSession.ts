import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@platform/contracts';
import { ROLES, UI_LOCALE_CODES } from '@platform/contracts/client';

/**
 * The last person this device saw signed in, kept so that a page reloaded with no network can go on for
 * them (the session cookie is HttpOnly and the gateway cannot be asked). Only what the chrome shows and the
 * queue of contributions files takes under is kept: no e-mail address, nothing that signs anyone in.
 */
export type RememberedUser = Pick<SessionUser, 'id' | 'firstname' | 'lastname' | 'role' | 'locale'>;

export const LAST_SESSION_KEY = 'platform:last-session';

const isOneOf = (list: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && list.includes(value);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a private mode, a sandboxed frame): nothing is remembered.
    return null;
  }
}

export function rememberSession(user: SessionUser): void {
  const kept: RememberedUser = {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    role: user.role,
    ...(user.locale ? { locale: user.locale } : {}),
  };
  try {
    storage()?.setItem(LAST_SESSION_KEY, JSON.stringify(kept));
  } catch {
    // A full storage: the device just cannot go on offline after a reload.
  }
}

export function forgetSession(): void {
  try {
    storage()?.removeItem(LAST_SESSION_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The remembered person, or null (none, or a record this version cannot trust). */
export function lastSession(): RememberedUser | null {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(LAST_SESSION_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { id, firstname, lastname, role, locale } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof firstname !== 'string' || typeof lastname !== 'string') return null;
  if (!isOneOf(ROLES, role)) return null;
  return {
    id,
    firstname,
    lastname,
    role: role as SessionUser['role'],
    ...(isOneOf(UI_LOCALE_CODES, locale) ? { locale: locale as SessionUser['locale'] } : {}),
  };
}

// Whether the page goes on under the remembered person because the gateway could not be reached: the
// offline line says so even when the browser believes it has a network.
let inUse = false;
const listeners = new Set<() => void>();

export function setLastSessionInUse(value: boolean): void {
  if (inUse === value) return;
  inUse = value;
  for (const listener of listeners) listener();
}

export const lastSessionInUse = (): boolean => inUse;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLastSessionInUse(): boolean {
  return useSyncExternalStore(subscribe, lastSessionInUse, () => false);
}
