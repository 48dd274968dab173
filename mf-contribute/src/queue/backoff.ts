/** The first wait after a try that got no usable answer, and the longest. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * How long to wait before the next try after `attempts` tries in a row got no usable answer: doubling from
 * the base up to the cap, then somewhere in its upper half (`random` in [0, 1)), so phones that lost the
 * same mast do not all come back at the same second.
 */
export function backoffDelay(
  attempts: number,
  random: () => number = Math.random,
  { baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS } = {},
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
