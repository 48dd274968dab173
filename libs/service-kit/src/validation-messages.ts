import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema';

const where = (dataVar: SchemaErrorDataVar, instancePath: string) =>
  instancePath ? `${dataVar}${instancePath.replace(/\//g, '.')}` : dataVar;

/** Ajv's messages quote regular expressions at people; these say what is wrong in words. */
export function describeValidationError(error: FastifySchemaValidationError, dataVar: SchemaErrorDataVar) {
  const at = where(dataVar, error.instancePath);
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `${at} is missing the required field '${String(p.missingProperty)}'`;
    case 'additionalProperties':
      return `${at} has an unknown field '${String(p.additionalProperty)}'`;
    case 'pattern':
      return `${at} is not in the expected format`;
    case 'minLength':
      return Number(p.limit) === 1
        ? `${at} must not be empty`
        : `${at} must be at least ${String(p.limit)} characters long`;
    case 'maxLength':
      return `${at} must be at most ${String(p.limit)} characters long`;
    case 'anyOf':
    case 'enum':
      return `${at} is not one of the allowed values`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar) {
  const first = errors[0];
  return new Error(first ? describeValidationError(first, dataVar) : `${dataVar} is invalid`);
}
