// MongoDB's $jsonSchema: JSON Schema draft 4 with BSON types (bsonType), checked on the exactly typed document
// (an int32 is an "int", a whole double a "double"). A failing check says why in MongoDB's errInfo form
// (schemaRulesNotSatisfied, propertiesNotSatisfied, missingProperties, …), which document validation returns.
// Written here rather than taken from a JSON Schema library because the rules are MongoDB's own: BSON type
// names, keywords that apply only to values of their type, and its closed list of keywords.
import type { Document } from 'bson';
import { ErrorCodes, fail } from '../errors';
import { bsonTypeName } from '../storage/bson-types';
import { compareValues } from '../storage/key-encoding';
import { isPlainObject } from './paths';

const KEYWORDS = new Set([
  'additionalItems',
  'additionalProperties',
  'allOf',
  'anyOf',
  'bsonType',
  'dependencies',
  'description',
  'enum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'items',
  'maximum',
  'maxItems',
  'maxLength',
  'maxProperties',
  'minimum',
  'minItems',
  'minLength',
  'minProperties',
  'multipleOf',
  'not',
  'oneOf',
  'pattern',
  'patternProperties',
  'properties',
  'required',
  'title',
  'type',
  'uniqueItems',
]);
const UNSUPPORTED = new Set(['$ref', '$schema', 'default', 'definitions', 'format', 'id']);

const BSON_TYPES = new Set([
  'double',
  'string',
  'object',
  'array',
  'binData',
  'undefined',
  'objectId',
  'bool',
  'date',
  'null',
  'regex',
  'dbPointer',
  'javascript',
  'symbol',
  'javascriptWithScope',
  'int',
  'timestamp',
  'long',
  'decimal',
  'minKey',
  'maxKey',
  'number',
]);
const JSON_TYPES = new Set(['object', 'array', 'number', 'boolean', 'string', 'null']);
const NUMERIC = new Set(['int', 'long', 'double', 'decimal']);

const typeOf = (v: unknown): string => bsonTypeName(v);
const isNumber = (v: unknown): boolean => NUMERIC.has(typeOf(v));
const isObject = (v: unknown): v is Document => typeOf(v) === 'object' && isPlainObject(v);
const numberOf = (v: unknown): number => Number(String(v));

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** Refuses a schema MongoDB would refuse (unknown or unsupported keywords, wrong argument types). */
export function checkSchema(schema: unknown): void {
  if (!isPlainObject(schema)) fail(ErrorCodes.TypeMismatch, '$jsonSchema must be an object');
  const s = schema as Document;
  for (const [k, v] of Object.entries(s)) {
    if (UNSUPPORTED.has(k))
      fail(ErrorCodes.FailedToParse, `$jsonSchema keyword '${k}' is not currently supported`);
    if (!KEYWORDS.has(k)) fail(ErrorCodes.FailedToParse, `Unknown $jsonSchema keyword: ${k}`);
    if (k === 'bsonType')
      for (const t of list(v))
        if (!BSON_TYPES.has(String(t))) fail(ErrorCodes.BadValue, `Unknown type name alias: ${String(t)}`);
    if (k === 'type')
      for (const t of list(v))
        if (!JSON_TYPES.has(String(t))) fail(ErrorCodes.BadValue, `Unknown type name alias: ${String(t)}`);
    if (k === 'properties' || k === 'patternProperties') {
      if (!isPlainObject(v)) fail(ErrorCodes.TypeMismatch, `$jsonSchema keyword '${k}' must be an object`);
      Object.values(v as Document).forEach(checkSchema);
    }
    if (k === 'items' || k === 'additionalItems' || k === 'additionalProperties') {
      if (Array.isArray(v)) v.forEach(checkSchema);
      else if (typeof v !== 'boolean') checkSchema(v);
    }
    if (k === 'not') checkSchema(v);
    if (k === 'allOf' || k === 'anyOf' || k === 'oneOf') {
      if (!Array.isArray(v) || !v.length)
        fail(ErrorCodes.BadValue, `$jsonSchema keyword '${k}' must be a non-empty array`);
      (v as unknown[]).forEach(checkSchema);
    }
    if (k === 'required' && (!Array.isArray(v) || !v.every((x) => typeof x === 'string')))
      fail(ErrorCodes.TypeMismatch, "$jsonSchema keyword 'required' must be an array of strings");
    if ((k === 'exclusiveMaximum' || k === 'exclusiveMinimum') && typeof v !== 'boolean')
      fail(ErrorCodes.TypeMismatch, `$jsonSchema keyword '${k}' must be a boolean`);
  }
  if ('type' in s && 'bsonType' in s)
    fail(ErrorCodes.FailedToParse, "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'");
  for (const [ex, base] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const)
    if (ex in s && !(base in s))
      fail(ErrorCodes.FailedToParse, `$jsonSchema keyword '${base}' must be a present if ${ex} is present`);
}

function typeMatches(v: unknown, wanted: unknown, json: boolean): boolean {
  const t = typeOf(v);
  return list(wanted).some((w) => {
    if (w === 'number') return NUMERIC.has(t);
    if (json && w === 'boolean') return t === 'bool';
    return t === w;
  });
}

/** The rules of `schema` that `value` does not satisfy, in MongoDB's errInfo form; empty when it matches. */
export function schemaFailures(schema: Document, value: unknown): Document[] {
  const out: Document[] = [];
  const rule = (operatorName: string, extra: Document) => out.push({ operatorName, ...extra });
  for (const [k, spec] of Object.entries(schema)) {
    switch (k) {
      case 'bsonType':
      case 'type':
        if (!typeMatches(value, spec, k === 'type'))
          rule(k, {
            specifiedAs: { [k]: spec },
            reason: 'type did not match',
            consideredValue: value,
            consideredType: typeOf(value),
          });
        break;
      case 'enum':
        if (Array.isArray(spec) && !spec.some((e) => compareValues(e, value) === 0))
          rule('enum', {
            specifiedAs: { enum: spec },
            reason: 'value was not found in enum',
            consideredValue: value,
          });
        break;
      case 'minimum':
      case 'maximum': {
        if (!isNumber(value)) break;
        const exclusive = schema[k === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true;
        const c = numberOf(value) - numberOf(spec);
        const ok = k === 'minimum' ? (exclusive ? c > 0 : c >= 0) : exclusive ? c < 0 : c <= 0;
        if (!ok)
          rule(k, {
            specifiedAs: {
              [k]: spec,
              ...(exclusive ? { [k === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum']: true } : {}),
            },
            reason: 'comparison failed',
            consideredValue: value,
          });
        break;
      }
      case 'multipleOf':
        if (isNumber(value) && numberOf(value) % numberOf(spec) !== 0)
          rule(k, {
            specifiedAs: { multipleOf: spec },
            reason: 'considered value was not a multiple of the specified value',
            consideredValue: value,
          });
        break;
      case 'minLength':
      case 'maxLength': {
        if (typeof value !== 'string') break;
        const n = [...value].length;
        if (k === 'minLength' ? n < numberOf(spec) : n > numberOf(spec))
          rule(k, {
            specifiedAs: { [k]: spec },
            reason: 'specified string length was not satisfied',
            consideredValue: value,
          });
        break;
      }
      case 'pattern':
        if (typeof value === 'string' && !new RegExp(String(spec), 'u').test(value))
          rule(k, {
            specifiedAs: { pattern: spec },
            reason: 'regular expression did not match',
            consideredValue: value,
          });
        break;
      case 'minItems':
      case 'maxItems':
        if (
          Array.isArray(value) &&
          (k === 'minItems' ? value.length < numberOf(spec) : value.length > numberOf(spec))
        )
          rule(k, {
            specifiedAs: { [k]: spec },
            reason: 'array did not match specified length',
            consideredValue: value,
          });
        break;
      case 'uniqueItems':
        if (spec === true && Array.isArray(value)) {
          const dup = value.find((v, i) => value.findIndex((w) => compareValues(v, w) === 0) !== i);
          if (dup !== undefined)
            rule(k, {
              specifiedAs: { uniqueItems: true },
              reason: 'found a duplicate item',
              consideredValue: value,
              duplicatedValue: dup,
            });
        }
        break;
      case 'items':
        if (!Array.isArray(value)) break;
        if (Array.isArray(spec)) {
          const failing = spec.flatMap((sub, i) =>
            i < value.length ? itemFailure(sub as Document, value[i], i) : [],
          );
          if (failing.length) rule(k, { details: failing });
        } else if (isPlainObject(spec)) {
          const failing = value.flatMap((item, i) => itemFailure(spec, item, i));
          if (failing.length)
            rule(k, { reason: 'At least one item did not match the sub-schema', ...failing[0]! });
        }
        break;
      case 'additionalItems':
        if (!Array.isArray(value) || !Array.isArray(schema.items)) break;
        if (spec === false && value.length > schema.items.length)
          rule(k, {
            specifiedAs: { additionalItems: false },
            reason: 'found additional items',
            additionalItems: value.slice(schema.items.length),
          });
        else if (isPlainObject(spec)) {
          const failing = value
            .slice(schema.items.length)
            .flatMap((item, i) => itemFailure(spec, item, i + (schema.items as unknown[]).length));
          if (failing.length)
            rule(k, { reason: 'At least one additional item did not match the sub-schema', ...failing[0]! });
        }
        break;
      case 'required':
        if (isObject(value)) {
          const missing = (spec as string[]).filter((p) => !(p in value) || value[p] === undefined);
          if (missing.length) rule(k, { specifiedAs: { required: spec }, missingProperties: missing });
        }
        break;
      case 'minProperties':
      case 'maxProperties':
        if (isObject(value)) {
          const n = Object.keys(value).length;
          if (k === 'minProperties' ? n < numberOf(spec) : n > numberOf(spec))
            rule(k, {
              specifiedAs: { [k]: spec },
              reason: 'specified number of properties was not satisfied',
              numberOfProperties: n,
            });
        }
        break;
      case 'properties':
        if (isObject(value)) {
          const failing = Object.entries(spec as Document).flatMap(([name, sub]) => {
            if (!(name in value) || value[name] === undefined) return [];
            const details = schemaFailures(sub as Document, value[name]);
            return details.length ? [{ propertyName: name, details }] : [];
          });
          if (failing.length) rule(k, { propertiesNotSatisfied: failing });
        }
        break;
      case 'patternProperties':
        if (isObject(value)) {
          const failing = Object.entries(spec as Document).flatMap(([pattern, sub]) => {
            const re = new RegExp(pattern, 'u');
            return Object.keys(value)
              .filter((name) => re.test(name))
              .flatMap((name) => {
                const details = schemaFailures(sub as Document, value[name]);
                return details.length ? [{ propertyName: name, regexMatched: pattern, details }] : [];
              });
          });
          if (failing.length) rule(k, { propertiesNotSatisfied: failing });
        }
        break;
      case 'additionalProperties': {
        if (!isObject(value)) break;
        const declared = Object.keys((schema.properties ?? {}) as Document);
        const patterns = Object.keys((schema.patternProperties ?? {}) as Document).map(
          (p) => new RegExp(p, 'u'),
        );
        const extra = Object.keys(value).filter(
          (name) => !declared.includes(name) && !patterns.some((re) => re.test(name)),
        );
        if (spec === false && extra.length)
          rule(k, { specifiedAs: { additionalProperties: false }, additionalProperties: extra });
        else if (isPlainObject(spec)) {
          const failing = extra.flatMap((name) => {
            const details = schemaFailures(spec, value[name]);
            return details.length ? [{ propertyName: name, details }] : [];
          });
          if (failing.length) rule(k, { propertiesNotSatisfied: failing });
        }
        break;
      }
      case 'dependencies':
        if (isObject(value)) {
          const failing = Object.entries(spec as Document).flatMap(([name, dep]): Document[] => {
            if (!(name in value)) return [];
            if (Array.isArray(dep)) {
              const missing = (dep as string[]).filter((p) => !(p in value));
              return missing.length ? [{ conditionalProperty: name, missingProperties: missing }] : [];
            }
            const details = schemaFailures(dep as Document, value);
            return details.length ? [{ conditionalProperty: name, details }] : [];
          });
          if (failing.length) rule(k, { failingDependencies: failing });
        }
        break;
      case 'allOf':
      case 'anyOf':
      case 'oneOf': {
        const results = (spec as Document[]).map((sub) => schemaFailures(sub, value));
        const passed = results.filter((r) => !r.length).length;
        const notSatisfied = results.flatMap((details, index) =>
          details.length ? [{ index, details }] : [],
        );
        if (k === 'allOf' && notSatisfied.length) rule(k, { schemasNotSatisfied: notSatisfied });
        if (k === 'anyOf' && !passed) rule(k, { schemasNotSatisfied: notSatisfied });
        if (k === 'oneOf' && passed !== 1)
          rule(
            k,
            passed
              ? {
                  reason: 'more than one subschema matched',
                  matchingSchemaIndexes: results.flatMap((r, i) => (r.length ? [] : [i])),
                }
              : { schemasNotSatisfied: notSatisfied },
          );
        break;
      }
      case 'not':
        if (!schemaFailures(spec as Document, value).length)
          rule(k, { reason: 'child expression matched', childRuleFailed: { operatorName: 'not' } });
        break;
    }
  }
  return out;
}

function itemFailure(schema: Document, item: unknown, index: number): Document[] {
  const details = schemaFailures(schema, item);
  return details.length ? [{ itemIndex: index, details }] : [];
}

/** mingo's jsonSchemaValidator: a schema, checked once, to a test of documents. */
export function jsonSchemaValidator(schema: unknown): (doc: Document) => boolean {
  checkSchema(schema);
  return (doc) => schemaFailures(schema as Document, doc).length === 0;
}
