import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@platform/contracts';

/**
 * An error whose message is meant for the client, whatever its status. Anything else that reaches the
 * error handler with a 5xx status is reported with a generic message so internals never leak.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly expose = true;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export const errorBody = (statusCode: number, message: string): ErrorBody => ({
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  statusCode,
});

export const GENERIC_500_MESSAGE = 'Something went wrong on our side. Please try again later.';
