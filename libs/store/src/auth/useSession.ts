import type { SessionUser } from '@platform/contracts';
import { useSessionQuery } from './authApi';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'signedOut'; user: null }
  /** The session could not be read (network or server failure): neither signed in nor out is known. */
  | { status: 'unknown'; user: null; retry: () => void };

/** Who is signed in, from GET /auth/session (read once per page load and again after sign-in or out). */
export function useSession(): SessionState {
  const { data, isFetching, isError, refetch } = useSessionQuery();
  if (data) return { status: 'signedIn', user: data };
  // A refetch that has not answered yet must not look like "signed out" (that would redirect to /signin).
  if (data === null)
    return isFetching ? { status: 'loading', user: null } : { status: 'signedOut', user: null };
  if (isError && !isFetching) return { status: 'unknown', user: null, retry: () => void refetch() };
  return { status: 'loading', user: null };
}

/** "Ada Lovelace" */
export const fullName = (user: Pick<SessionUser, 'firstname' | 'lastname'>) =>
  `${user.firstname} ${user.lastname}`.trim();

/** "Contributor" */
export const roleLabel = (role: SessionUser['role']) => role.charAt(0).toUpperCase() + role.slice(1);
