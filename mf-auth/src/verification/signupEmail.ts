import { emailProblem } from '@platform/contracts/client';

const KEY = 'platform.auth.signupEmail';

/**
 * The address the person just signed up with, for /auth/success. It travels in the navigation state; this
 * tab's sessionStorage keeps it for a reload of that page (the state survives reloads in most browsers,
 * not all) and forgets it with the tab.
 */
export function rememberSignupEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage can be disabled; the navigation state still carries the address.
  }
}

export function recallSignupEmail(state: unknown): string | null {
  const fromState = (state as { email?: unknown } | null)?.email;
  if (typeof fromState === 'string' && !emailProblem(fromState)) return fromState;
  try {
    const stored = sessionStorage.getItem(KEY);
    return stored && !emailProblem(stored) ? stored : null;
  } catch {
    return null;
  }
}
