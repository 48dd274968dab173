import type { Role } from '@platform/contracts';
import { fullName, useSession } from '@platform/store';

/** The signed-in user as the chrome shows them. */
export interface SessionUser {
  name: string;
  /** A key of the shell catalogue's `roles` section. */
  role: Role;
}

/** The real name and role of whoever is signed in (GET /auth/session), or null. */
export function useSessionUser(): SessionUser | null {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return { name: fullName(session.user), role: session.user.role };
}

/**
 * Whom the chrome of the app and contributor layouts is for. Their guarded pages only render for a
 * 'member'; a page open to everyone (a route flagged `signedOut: 'allowed'`) renders whoever is there:
 * 'visitor' when nobody is signed in or the session could not be read (the chrome offers Sign in and calls
 * no signed-in endpoint), 'pending' while the session is read (the chrome shows neither, so a member sees
 * no flash of Sign in).
 */
export type ChromeAudience = 'member' | 'visitor' | 'pending';

export function useChromeAudience(): ChromeAudience {
  const { status } = useSession();
  if (status === 'signedIn') return 'member';
  return status === 'loading' ? 'pending' : 'visitor';
}
