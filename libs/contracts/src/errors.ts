import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';

/** The one error shape every service and the gateway answer with (Fastify's own). */
export const ErrorBody = StrictObject(
  {
    error: Type.String({ description: 'HTTP reason phrase, e.g. "Bad Request"' }),
    message: Type.String({ description: 'A sentence a person can read' }),
    statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  },
  { title: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;
