/**
 * The end-to-end tests need a way to make one remote fail while rendering. `?__throw=<remote name>` makes
 * that remote's pages throw, and only that remote's: in production it can do no more than show that
 * section's error state, which the visitor asked for.
 */
export const THROW_PARAM = '__throw';

export function isThrowRequested(remoteName: string, search: string): boolean {
  const requested = new URLSearchParams(search).getAll(THROW_PARAM);
  return requested.some((value) => value.split(',').includes(remoteName));
}

export class RequestedRenderError extends Error {
  constructor(remoteName: string) {
    super(
      `${remoteName} failed while rendering because the page asked it to (?${THROW_PARAM}=${remoteName})`,
    );
    this.name = 'RequestedRenderError';
  }
}
