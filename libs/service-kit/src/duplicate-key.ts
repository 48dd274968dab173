/** MongoDB's duplicate key error: a unique index refused a second copy. */
export const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/** For idempotent upserts racing on a unique index: the other request already wrote the same thing. */
export function ignoreDuplicateKey(err: unknown): void {
  if (!isDuplicateKey(err)) throw err;
}
