import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema';
import { ERROR_MESSAGES } from '@platform/contracts';
import { describeValidationError } from '@platform/service-kit';

/** SPEC §5's four required fields of the create-task form. */
const FORM_FIELDS = new Set(['description', 'assigneeId', 'priority', 'dueDate']);

/**
 * The create-task form's schema errors: a required field missing or blank is SPEC's 'Please fill all fields.'
 * (`task.fields_required`); anything else in the platform's generic words.
 */
export function taskFormSchemaErrors(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar) {
  const first = errors[0];
  if (!first) return new Error(`${dataVar} is invalid`);
  if (dataVar === 'body') {
    const missing = first.keyword === 'required' && FORM_FIELDS.has(String(first.params.missingProperty));
    const blank =
      first.instancePath === '/description' && (first.keyword === 'minLength' || first.keyword === 'pattern');
    if (missing || blank) {
      return Object.assign(new Error(ERROR_MESSAGES['task.fields_required']), {
        code: 'task.fields_required',
      });
    }
  }
  return new Error(describeValidationError(first, dataVar));
}
