// Arbitraries made from a request schema (the same TypeBox schemas the services' OpenAPI documents publish):
// values the schema accepts, and values it must refuse, each kind of wrongness on its own so a failing case
// says which one broke a route.
import fc from 'fast-check';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { exampleOf } from '../support/example-values';
import { deepValue, hostilePiece, hostileText, lengthsAround } from './hostile-values';

type Schema = TSchema & Record<string, unknown>;

/**
 * Depth of a nested value inside a generated body: as deep as JSON.stringify goes on Jest's stack (the
 * bodies that are deep JSON text alone go to DEEP_JSON_LEVELS).
 */
const NESTED_LEVELS = 1_000;

const propertiesOf = (schema: Schema) => (schema.properties ?? {}) as Record<string, Schema>;
const requiredOf = (schema: Schema) => (schema.required ?? []) as string[];

function stringArb(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'), { maxLength: max ?? 200 });
    } catch {
      return fc.constant(exampleOf(schema) as string);
    }
  }
  const maxLength = Math.min(max ?? minLength + 60, minLength + 60);
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    // Text a schema takes as a string, with every hostile piece a keyboard can make.
    hostileText().map((text) => text.padEnd(minLength, 'a').slice(0, max ?? Infinity)),
    ...(max !== undefined && max > minLength ? [fc.constant('ẹ'.repeat(max))] : []),
  );
}

function arrayArb(schema: Schema): fc.Arbitrary<unknown[]> {
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : minLength + 4;
  const item = validArb(schema.items as Schema);
  const maxLength = Math.min(max, minLength + 4);
  return schema.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(item, { minLength, maxLength });
}

function rawValidArb(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => validArb(choice)));
  if (Array.isArray(schema.allOf)) {
    return fc
      .tuple(...(schema.allOf as Schema[]).map((part) => validArb(part)))
      .map((parts) => Object.assign({}, ...parts) as unknown);
  }
  switch (schema.type) {
    case 'object': {
      const properties = propertiesOf(schema);
      const entries = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validArb(s)]));
      return fc.record(entries, { requiredKeys: requiredOf(schema).filter((k) => k in properties) });
    }
    case 'array':
      return arrayArb(schema);
    case 'string':
      return typeof schema.format === 'string' ? fc.constant(exampleFor(schema)) : stringArb(schema);
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1000,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1_000_000,
      });
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e6,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(exampleFor(schema));
  }
}

/**
 * The schema's smallest example, or, for a pattern the example maker has no candidate for, the first value
 * fast-check makes that the schema takes.
 */
export function exampleFor(schema: TSchema): unknown {
  try {
    return exampleOf(schema);
  } catch (error) {
    const made = fc
      .sample(rawValidArb(schema as Schema), { seed: 1, numRuns: 50 })
      .find((v) => Value.Check(schema, v));
    if (made === undefined) throw error;
    return made;
  }
}

/**
 * Values `schema` accepts. Whatever the pieces make that the whole refuses (a pattern across fields, a
 * minProperties) becomes the schema's own smallest example, so every value is one the schema takes.
 */
export function validArb(schema: TSchema): fc.Arbitrary<unknown> {
  const fallback = exampleFor(schema);
  return rawValidArb(schema as Schema).map((value) => (Value.Check(schema, value) ? value : fallback));
}

/** A value of another JSON type than `schema`'s, or a Mongo query operator where a value belongs. */
function wrongTypeArb(schema: Schema): fc.Arbitrary<unknown> {
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.oneof(fc.constant('12abc'), fc.constant(''), hostileText())],
    ['number', fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constantFrom([], [1, 'a'], [[[]]])],
    [
      'object',
      fc.constantFrom({}, { $gt: '' }, { $where: 'sleep(1000)' }, JSON.parse('{"__proto__":{"admin":true}}')),
    ],
  ];
  const own = schema.type === 'integer' ? 'number' : schema.type;
  return fc.oneof(...all.filter(([type]) => type !== own).map(([, arb]) => arb));
}

/**
 * Values `schema` should refuse (most of them; a generator cannot be sure a schema with few constraints
 * refuses a value, and the pass rule does not need it to: a refusal must only leave data as it was).
 */
export function invalidArb(schema: TSchema): fc.Arbitrary<unknown> {
  const s = schema as Schema;
  const arbs: fc.Arbitrary<unknown>[] = [wrongTypeArb(s), fc.constant(deepValue(NESTED_LEVELS))];
  if (s.type === 'object') {
    const properties = propertiesOf(s);
    const keys = Object.keys(properties);
    const valid = validArb(schema) as fc.Arbitrary<Record<string, unknown>>;
    if (keys.length) {
      // One field wrong: missing, of another type, a hostile or huge string, nested deep.
      arbs.push(
        fc.tuple(valid, fc.constantFrom(...keys)).map(([v, key]) => {
          const { [key]: _dropped, ...rest } = v;
          return rest;
        }),
        fc
          .tuple(valid, fc.constantFrom(...keys))
          .chain(([v, key]) => wrongTypeArb(properties[key]!).map((wrong) => ({ ...v, [key]: wrong }))),
        fc
          .tuple(valid, fc.constantFrom(...keys), hostileText())
          .map(([v, key, text]) => ({ ...v, [key]: text })),
        fc.tuple(valid, fc.constantFrom(...keys)).chain(([v, key]) => {
          const limit = properties[key]!.maxLength;
          return fc
            .constantFrom(...lengthsAround(typeof limit === 'number' ? limit : undefined))
            .map((length) => ({ ...v, [key]: 'ọ'.repeat(Math.ceil(length / 2)).slice(0, length) }));
        }),
        fc
          .tuple(valid, fc.constantFrom(...keys))
          .map(([v, key]) => ({ ...v, [key]: deepValue(NESTED_LEVELS) })),
      );
    }
    // A field nobody declared, some named to reach an object's prototype or a Mongo operator.
    arbs.push(
      fc
        .tuple(valid, fc.oneof(hostilePiece(), fc.constantFrom('$set', 'constructor', 'prototype', 'role')))
        .map(([v, key]) => JSON.parse(JSON.stringify({ ...v, [key || 'extra']: 'x' })) as unknown),
    );
  }
  if (s.type === 'array') {
    arbs.push(
      fc.constant(Array.from({ length: 10_000 }, () => exampleFor(s.items as TSchema))),
      fc.array(wrongTypeArb(s.items as Schema), { minLength: 1, maxLength: 3 }),
    );
  }
  if (s.type === 'string') {
    const limit = typeof s.maxLength === 'number' ? s.maxLength : undefined;
    arbs.push(
      fc.constantFrom(...lengthsAround(limit)).map((length) => 'x'.repeat(length)),
      hostileText(),
    );
  }
  return fc.oneof(...arbs);
}

/** Valid values as strings, the way a query string or a path carries them. */
export const asQueryValue = (value: unknown): string => {
  const one = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return Array.isArray(value) ? value.map(one).join(',') : one(value);
};
