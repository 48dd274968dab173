import { authFailure } from '@platform/store';
import { SCREEN_MESSAGES } from '../messages';

/** Why a resend (or Get Link) did not go out: the server's refusal as it words it (e.g. rate limited). */
export function resendFailureMessage(error: unknown): string {
  const failure = authFailure(error);
  if (failure.kind === 'network') return SCREEN_MESSAGES.signinUnavailable;
  if (failure.kind === 'refused' && failure.message) return failure.message;
  return SCREEN_MESSAGES.verifyFailed;
}
