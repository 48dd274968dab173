import type { LinesResult } from './LineOutcome';

/** The body of a 422 `sentence.none_accepted`: it still tells each line's reason. */
export function isSentenceLinesRefusal(
  body: Record<string, unknown>,
): body is Record<string, unknown> & LinesResult {
  return typeof body.accepted === 'number' && typeof body.refused === 'number' && Array.isArray(body.lines);
}
