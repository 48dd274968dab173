// Document validation: a collection's `validator` (a query filter, $jsonSchema included) checked on every
// document an insert, update, upsert, findAndModify, $out or $merge writes, as `validationLevel` (strict,
// moderate, off) and `validationAction` (error, warn, errorAndLog) say. A refused write fails with MongoDB's
// code 121 and an errInfo that names the rules the document did not satisfy.
import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { ErrorCodes, MongoServerError, fail } from '../errors';
import type { CollectionMeta } from '../storage/catalog-types';
import { toTyped } from '../storage/engine';
import { compileQuery } from '../storage/mingo-context';
import { formatValue } from '../storage/format';
import { test } from '../query/execute';
import { schemaFailures } from '../query/json-schema';
import { getPath, isPlainObject } from '../query/paths';

const LEVELS = ['off', 'strict', 'moderate'];
const ACTIONS = ['error', 'warn', 'errorAndLog'];

/** Refuses validation options MongoDB would refuse (create and collMod). */
export function checkValidationOptions(options: Document): void {
  const { validator, validationLevel, validationAction } = options;
  if (validator !== undefined) {
    if (!isPlainObject(validator)) fail(ErrorCodes.TypeMismatch, "'validator' must be an object");
    compileQuery(validator as Document);
  }
  if (validationLevel !== undefined && !LEVELS.includes(String(validationLevel)))
    fail(
      ErrorCodes.BadValue,
      `Enumeration value '${String(validationLevel)}' for field 'validationLevel' is not a valid value.`,
    );
  if (validationAction !== undefined && !ACTIONS.includes(String(validationAction)))
    fail(
      ErrorCodes.BadValue,
      `Enumeration value '${String(validationAction)}' for field 'validationAction' is not a valid value.`,
    );
}

interface Validator {
  filter: Document;
  query: Query;
  level: string;
  action: string;
}

/** Compiled once per options object (a collMod replaces the object). */
const compiled = new WeakMap<Document, Validator | null>();

function validatorOf(meta: CollectionMeta): Validator | undefined {
  const options = meta.options;
  let v = compiled.get(options);
  if (v === undefined) {
    const filter = options.validator as Document | undefined;
    const level = String(options.validationLevel ?? 'strict');
    v =
      filter && Object.keys(filter).length && level !== 'off'
        ? { filter, query: compileQuery(filter), level, action: String(options.validationAction ?? 'error') }
        : null;
    compiled.set(options, v);
  }
  return v ?? undefined;
}

export interface ValidationContext {
  /** bypassDocumentValidation on the command. */
  bypass: boolean;
  log?: (line: string) => void;
}

/**
 * Inside a write: checks the document about to be stored. `before` is the document it replaces (an update);
 * under validationLevel moderate an update of a document that already failed the validator is not checked.
 */
export function validateDocument(
  vc: ValidationContext,
  meta: CollectionMeta,
  raw: Buffer,
  doc: Document,
  before?: Document,
): void {
  if (vc.bypass) return;
  const v = validatorOf(meta);
  if (!v) return;
  if (v.level === 'moderate' && before && !test(v.query, before)) return;
  if (test(v.query, doc)) return;
  const typed = toTyped(raw);
  const errInfo = { failingDocumentId: typed._id, details: failureDetails(v.filter, doc, typed) };
  if (v.action === 'warn') {
    vc.log?.(
      `Document would fail validation collection: ${meta.db}.${meta.name} id: ${formatValue(doc._id)}`,
    );
    return;
  }
  throw new MongoServerError(ErrorCodes.DocumentValidationFailure, 'Document failed validation', { errInfo });
}

const REASONS: Record<string, string> = {
  $eq: 'comparison failed',
  $ne: 'comparison succeeded',
  $gt: 'comparison failed',
  $gte: 'comparison failed',
  $lt: 'comparison failed',
  $lte: 'comparison failed',
  $in: 'no matching value found in array',
  $nin: 'matching value found in array',
  $exists: 'path does not exist',
  $type: 'type did not match',
  $regex: 'regular expression did not match',
  $size: 'array length was not equal to given size',
  $all: 'array did not contain all specified values',
  $elemMatch: 'elemMatch did not match',
  $mod: 'considered value was not a multiple of the specified value',
  $not: 'child expression matched',
};

const fails = (clause: Document, doc: Document): boolean => !test(compileQuery(clause), doc);

/** Why a document fails a validator, in the shape of MongoDB's errInfo.details. */
function failureDetails(filter: Document, doc: Document, typed: Document): Document {
  const clauses = Object.entries(filter).map(([k, v]) => ({ [k]: v }) as Document);
  const failing = clauses.flatMap((clause, index) =>
    fails(clause, doc) ? [{ index, details: clauseDetails(clause, doc, typed) }] : [],
  );
  if (clauses.length === 1 && failing[0]) return failing[0].details;
  return { operatorName: '$and', clausesNotSatisfied: failing };
}

function clauseDetails(clause: Document, doc: Document, typed: Document): Document {
  const [[key, spec]] = Object.entries(clause) as [[string, unknown]];
  if (key === '$jsonSchema')
    return { operatorName: '$jsonSchema', schemaRulesNotSatisfied: schemaFailures(spec as Document, typed) };
  if (key === '$expr')
    return {
      operatorName: '$expr',
      specifiedAs: clause,
      reason: 'expression did not match',
      expressionResult: false,
    };
  if (key === '$and' && Array.isArray(spec)) {
    const failing = spec.flatMap((sub, index) =>
      isPlainObject(sub) && fails(sub, doc) ? [{ index, details: failureDetails(sub, doc, typed) }] : [],
    );
    return { operatorName: '$and', clausesNotSatisfied: failing };
  }
  if (key.startsWith('$'))
    return { operatorName: key, specifiedAs: clause, reason: 'none of the clauses matched' };
  const value = getPath(typed, key);
  const ops =
    isPlainObject(spec) && Object.keys(spec).length && Object.keys(spec).every((k) => k.startsWith('$'))
      ? Object.entries(spec).filter(([op]) => op !== '$options')
      : [['$eq', spec] as const];
  const failing = ops
    .filter(([op, v]) => fails({ [key]: op === '$regex' ? spec : { [op]: v } }, doc))
    .map(([op, v]) => {
      const d: Document = {
        operatorName: op,
        specifiedAs: { [key]: op === '$eq' && !isPlainObject(spec) ? v : { [op]: v } },
      };
      if (value === undefined && op !== '$exists' && op !== '$ne' && op !== '$nin')
        d.reason = 'field was missing';
      else {
        d.reason =
          op === '$exists' && v === false ? 'path exists' : (REASONS[op] ?? 'expression did not match');
        if (value !== undefined) d.consideredValue = value;
      }
      return d;
    });
  if (failing.length === 1) return failing[0]!;
  return { operatorName: '$and', clausesNotSatisfied: failing.map((details, index) => ({ index, details })) };
}
