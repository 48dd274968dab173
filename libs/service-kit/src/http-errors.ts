import { STATUS_CODES } from 'node:http';
import { ERROR_MESSAGES, outcomeOf, type ErrorBody, type ErrorCode } from '@platform/contracts';

/**
 * The platform's one way to refuse a request: a status, a stable code, and the English message (the code's
 * own unless a more precise sentence is given). `details` are extra fields some route families carry in
 * their error body (the /auth answers' `status` and `email`). The error handler shapes every one of them.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly expose = true;
  constructor(statusCode: number, code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(outcomeOf(code, message).message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    if (details) this.details = details;
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;

/**
 * The ErrorBody for a status and code; the code's English message unless a more precise one is given (the
 * same outcomeOf gives a refused line or row its code and message).
 */
export const errorBody = (statusCode: number, code: ErrorCode, message?: string): ErrorBody => ({
  error: STATUS_CODES[statusCode] ?? 'Error',
  ...outcomeOf(code, message),
  statusCode,
});

export const GENERIC_500_MESSAGE = ERROR_MESSAGES['server.internal'];
