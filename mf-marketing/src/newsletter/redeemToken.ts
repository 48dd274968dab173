import { ERROR_MESSAGES } from '@platform/contracts/client';
import { readApiError } from '@platform/store';

/** What a newsletter link does: confirm a subscription, or stop it. */
export type NewsletterAction = 'confirm' | 'unsubscribe';

export type NewsletterState =
  | { status: 'working' }
  | { status: 'subscribed' }
  | { status: 'unsubscribed' }
  /** The link is unknown, used up or expired (404 newsletter.link_invalid), or not a token at all. */
  | { status: 'invalid'; code: string; message: string }
  /** No answer or a server failure: worth trying again. */
  | { status: 'error' };

/** The shape NewsletterTokenBody accepts; anything else is not a link the platform mailed. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const INVALID_LINK = {
  code: 'newsletter.link_invalid',
  message: ERROR_MESSAGES['newsletter.link_invalid'],
} as const;

/** The link in the address: ?confirm=<token> or ?unsubscribe=<token> (confirm wins if both are there). */
export function linkOf(search: URLSearchParams): { action: NewsletterAction; token: string } | null {
  for (const action of ['confirm', 'unsubscribe'] as const) {
    const token = search.get(action)?.trim();
    if (token) return { action, token };
  }
  return null;
}

/** How an answer reads: the status the server gives, the link refused (4xx), or a failure to retry. */
export function stateOf(
  outcome: { data: { status: 'subscribed' | 'unsubscribed' } } | { error: unknown },
): NewsletterState {
  if ('data' in outcome) return { status: outcome.data.status };
  const failure = readApiError(outcome.error);
  if (failure.kind === 'refused' && failure.status !== 429) {
    return failure.status === 404
      ? { status: 'invalid', code: failure.code, message: failure.message }
      : { status: 'invalid', ...INVALID_LINK };
  }
  return { status: 'error' };
}

/**
 * A link's token works once. React may run the page's effect twice for one visit (StrictMode, a remount), so
 * one request per link is shared by every caller of this page load; only a failure worth retrying is
 * forgotten, so Try again asks again.
 */
const redemptions = new Map<string, Promise<NewsletterState>>();

export function redeemOnce(key: string, redeem: () => Promise<NewsletterState>): Promise<NewsletterState> {
  const known = redemptions.get(key);
  if (known) return known;
  const pending = redeem().then((state) => {
    if (state.status === 'error') redemptions.delete(key);
    return state;
  });
  redemptions.set(key, pending);
  return pending;
}

/** For tests: forget every request. */
export const forgetRedemptions = () => redemptions.clear();
