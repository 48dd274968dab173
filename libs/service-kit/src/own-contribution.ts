import type { ErrorCode } from '@platform/contracts';
import { HttpError } from './http-errors';

/**
 * The platform's review rule: nobody decides on their own contribution, whatever their role. Every action
 * that judges a contribution (a recording vote, a sentence or text-pair verdict, an admin's direct decision,
 * a donation decision) calls this with the contribution's author before it writes anything. Recordings keep
 * the code their screens already know; every other review action answers `review.own_item`.
 */
export function refuseOwnContribution(
  authorId: string | null | undefined,
  deciderId: string,
  code: ErrorCode = 'review.own_item',
): void {
  if (authorId && authorId === deciderId) throw new HttpError(403, code);
}
