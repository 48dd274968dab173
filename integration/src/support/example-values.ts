// The smallest value a request schema accepts, made from the schema itself: a test that calls every declared
// route fills bodies, queries and path parameters with it, so that a route added later gets a request its
// schema takes without anyone writing one. Only what is required is filled.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { FormatRegistry } from '@sinclair/typebox';

const DAY = '2026-12-31';
const INSTANT = '2026-12-31T12:00:00.000Z';

/**
 * Strings tried in turn for a string schema; the first its length bounds and pattern take wins. A pattern
 * none of them meets is reported by `exampleOf` (add a candidate here).
 */
const STRING_CANDIDATES = [
  'Example text',
  '0123456789abcdef01234567',
  'example@example.org',
  DAY,
  INSTANT,
  'Example1Password',
  '0123456789abcdef'.repeat(4),
  'example_token_0123456789_abcdefghij',
  '0123456789abcdef01234567-source.wav',
  '1',
  'x',
  // A release's folder ('data', or a language's code) and one of its files.
  'data',
  'train.tsv',
];

const FORMATS: Record<string, string> = {
  date: DAY,
  'date-time': INSTANT,
  email: 'example@example.org',
  uri: 'https://example.org/',
};

// TypeBox's checker refuses a format it has no rule for; these are the ones request schemas use.
for (const [format, pattern] of [
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/],
  ['email', /^[^@\s]+@[^@\s]+$/],
  ['uri', /^[a-z][a-z0-9+.-]*:\S+$/i],
] as const) {
  if (!FormatRegistry.Has(format)) FormatRegistry.Set(format, (value) => pattern.test(value));
}

type Schema = TSchema & Record<string, unknown>;

function stringExample(schema: Schema, where: string): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  const candidates = [
    ...(format ? [format] : []),
    ...STRING_CANDIDATES,
    ...STRING_CANDIDATES.map((c) => c.padEnd(min, c)),
  ];
  const fits = candidates.find((c) => c.length >= min && c.length <= max && (!pattern || pattern.test(c)));
  if (fits === undefined) throw new Error(`no example string for ${where} (${JSON.stringify(schema)})`);
  return fits;
}

function numberExample(schema: Schema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const value = min ?? exclusiveMin ?? 1;
  return max !== undefined && value > max ? max : value;
}

function example(schema: Schema, where: string): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) {
    for (const choice of choices) {
      const value = example(choice, where);
      if (Value.Check(choice, value)) return value;
    }
    throw new Error(`no example for any choice of ${where}`);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => example(part, where)));
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = [...((schema.required ?? []) as string[])];
      // A patch that must change something (minProperties) gets its first optional fields too.
      const least = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      for (const key of Object.keys(properties)) {
        if (required.length >= least) break;
        if (!required.includes(key)) required.push(key);
      }
      return Object.fromEntries(required.map((key) => [key, example(properties[key]!, `${where}.${key}`)]));
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const item = schema.items as Schema;
      // Several required items of a unique array would repeat the one example; none needs it yet.
      return Array.from({ length: count }, () => example(item, `${where}[]`));
    }
    case 'string':
      return stringExample(schema, where);
    case 'integer':
    case 'number':
      return numberExample(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** The smallest value `schema` accepts; throws, naming the place, when it cannot make one that checks. */
export function exampleOf(schema: TSchema, where = 'value'): unknown {
  const value = example(schema as Schema, where);
  if (!Value.Check(schema, value)) {
    const first = [...Value.Errors(schema, value)][0];
    throw new Error(`the example for ${where} is refused by its schema: ${first?.path} ${first?.message}`);
  }
  return value;
}
