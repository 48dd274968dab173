/** The signed-in user as the chrome shows them. Accounts arrive with the accounts issue. */
export interface SessionUser {
  name: string;
  role: string;
}

/**
 * The slot the sidebar, top bar and contributor header read the signed-in user from. There are no accounts
 * yet, so nobody is signed in; the chrome shows its signed-out state rather than an invented name.
 */
export function useSessionUser(): SessionUser | null {
  return null;
}
