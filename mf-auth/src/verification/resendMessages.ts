import { readApiError } from '@platform/store';
import { SCREEN_MESSAGES } from '../messages';

/** Why a resend (or Get Link) did not go out: the server's refusal as it words it (e.g. rate limited). */
export function resendFailureMessage(error: unknown): string {
  const failure = readApiError(error);
  if (failure.kind === 'network') return SCREEN_MESSAGES.signinUnavailable;
  if (failure.kind === 'refused' && failure.code !== 'request.refused') return failure.message;
  return SCREEN_MESSAGES.verifyFailed;
}
