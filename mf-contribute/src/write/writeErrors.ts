import { ERROR_MESSAGES } from '@platform/contracts/client';
import type { ErrorCode } from '@platform/contracts';
import { translateError } from '@platform/i18n';
import { readApiError } from '@platform/store';
import type { SharedFieldErrors } from './SharedFields';

/** A code's message in the chosen language (the shell's catalogue of error messages). */
export const messageFor = (code: ErrorCode): string => translateError(code, ERROR_MESSAGES[code]);

const FIELD_OF_CODE: Partial<Record<string, keyof SharedFieldErrors>> = {
  'sentence.citation_required': 'citation',
  'sentence.too_many_domains': 'domain',
  'sentence.cc0_unconfirmed': 'cc0Confirmed',
};

/** A refusal as the form shows it: the toast's text, and the shared field it belongs to, if any. */
export interface WriteRefusal {
  code: string;
  message: string;
  field?: keyof SharedFieldErrors;
  /** The per-line answer of a batch or file of which nothing was taken in (422). */
  body: Record<string, unknown>;
}

export function readWriteRefusal(error: unknown): WriteRefusal {
  const failure = readApiError(error);
  return {
    code: failure.code,
    message: translateError(failure.code, failure.message),
    field: FIELD_OF_CODE[failure.code],
    body: failure.body,
  };
}

export const fieldErrorsOf = (refusal: WriteRefusal | null): SharedFieldErrors =>
  refusal?.field ? { [refusal.field]: refusal.message } : {};
