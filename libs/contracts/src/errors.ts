import { Type, type Static } from '@sinclair/typebox';
import type { ErrorCode } from './error-codes';
import { StrictObject } from './schema-helpers';

/** A stable error code: lower-case words joined by dots, e.g. `recording.already_voted`. */
export const ERROR_CODE_PATTERN = '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$';

/**
 * The one error shape every service and the gateway answer with. `code` is stable, so a screen can show its
 * own words for it in the chosen language; `message` is the English sentence for logs and fallbacks.
 */
export const ErrorBodyProperties = {
  error: Type.String({ description: 'HTTP reason phrase, e.g. "Bad Request"' }),
  code: Type.String({ pattern: ERROR_CODE_PATTERN, description: 'Stable, e.g. "recording.already_voted"' }),
  message: Type.String({ description: 'A sentence a person can read (English)' }),
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
};
export const ErrorBody = StrictObject(ErrorBodyProperties, { title: 'ErrorBody' });
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * A refused line's or row's reason, in the error body's words (built with outcomeOf): `code` is an ErrorCode
 * (the schema holds its pattern, not the whole list), `message` its English sentence.
 */
export const RefusalProperties = {
  code: Type.Unsafe<ErrorCode>(
    Type.String({ pattern: ERROR_CODE_PATTERN, description: 'Stable, e.g. "sentence.needs_tone_marks"' }),
  ),
  message: Type.String({ description: 'Why, in a sentence a person can read (English)' }),
};
