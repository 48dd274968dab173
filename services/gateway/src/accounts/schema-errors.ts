import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema';
import { authCodeFor } from '@platform/contracts';
import { describeValidationError } from '@platform/service-kit';

type FieldMessages = Partial<Record<string, string>>;

/** A schema error in the SPEC's words, carrying the code those words stand for. */
function authError(message: string) {
  return Object.assign(new Error(message), { code: authCodeFor(message) });
}

/**
 * A route's schema errors in the SPEC's words where it has words for them ("Password is required"), in the
 * platform's generic wording otherwise (unknown field, wrong type).
 */
export function authSchemaErrors(messages: { required?: FieldMessages; tooLong?: FieldMessages }) {
  return (errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar) => {
    const first = errors[0];
    if (!first) return new Error(`${dataVar} is invalid`);
    if (dataVar === 'body') {
      if (first.keyword === 'required') {
        const text = messages.required?.[String(first.params.missingProperty)];
        if (text) return authError(text);
      }
      if (first.keyword === 'maxLength') {
        const text = messages.tooLong?.[first.instancePath.replace(/^\//, '')];
        if (text) return authError(text);
      }
    }
    return new Error(describeValidationError(first, dataVar));
  };
}
