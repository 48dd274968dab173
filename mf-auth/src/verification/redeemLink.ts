import type { AuthErrorReply } from '@platform/contracts';
import { readApiError } from '@platform/store';

export type VerifyState =
  | { status: 'verifying' }
  | { status: 'success'; email: string }
  | { status: 'expired'; email?: string }
  | { status: 'invalid' }
  | { status: 'error' };

/** How an answer of POST /auth/verify reads: verified (200), expired (410), invalid (400), or a failure. */
export function verifyStateOf(outcome: { data: { email: string } } | { error: unknown }): VerifyState {
  if ('data' in outcome) return { status: 'success', email: outcome.data.email };
  const failure = readApiError(outcome.error);
  if (failure.kind === 'refused') {
    const body = failure.body as Partial<AuthErrorReply>;
    if (failure.status === 410 || body.status === 'expired') {
      return typeof body.email === 'string'
        ? { status: 'expired', email: body.email }
        : { status: 'expired' };
    }
    if (failure.status === 400 || body.status === 'invalid') return { status: 'invalid' };
  }
  return { status: 'error' };
}

/**
 * A link's token works once. React may run the page's effect twice for one visit (StrictMode, a remount),
 * so one redemption per token is shared by every caller of this page load; only a failure that is worth
 * retrying (network, server) is forgotten so Try again can ask again.
 */
const redemptions = new Map<string, Promise<VerifyState>>();

export function redeemOnce(
  token: string,
  redeem: (token: string) => Promise<VerifyState>,
): Promise<VerifyState> {
  const known = redemptions.get(token);
  if (known) return known;
  const pending = redeem(token).then((state) => {
    if (state.status === 'error') redemptions.delete(token);
    return state;
  });
  redemptions.set(token, pending);
  return pending;
}

/** For tests: forget every redemption. */
export const forgetRedemptions = () => redemptions.clear();
