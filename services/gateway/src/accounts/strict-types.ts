import type { FastifyRequest } from 'fastify';
import { HttpError } from '@platform/service-kit';

interface FlatSchema {
  type?: string;
  properties?: Record<string, { type?: string }>;
}

/**
 * The platform's validator coerces scalars (it must, for query strings), so `"firstname": 42` would arrive
 * as "42". For /auth bodies, all flat objects of strings, a value of the wrong JSON type is a client mistake:
 * this refuses it before validation gets to coerce it.
 */
export async function refuseWrongJsonTypes(request: FastifyRequest) {
  const schema = request.routeOptions.schema?.body as FlatSchema | undefined;
  const body = request.body;
  if (!schema?.properties || !body || typeof body !== 'object' || Array.isArray(body)) return;
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    const expected = schema.properties[field]?.type;
    if (expected === 'string' && typeof value !== 'string') {
      throw new HttpError(400, 'validation.failed', `body.${field} must be string`, { ok: false });
    }
  }
}
