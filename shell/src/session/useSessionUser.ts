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
