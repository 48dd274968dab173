// Uniqueness under an index's collation: index keys are stored in binary order, so two strings that the
// collation calls equal ("Ọjọ́" and "ọjọ" at strength 1) have different keys. A unique index with a
// collation is therefore checked here, against the collection's documents, before each write.
import type { Document } from 'bson';
import { ErrorCodes, MongoServerError } from '../errors';
import type { Engine } from '../storage/engine';
import { toMatchable } from '../storage/engine';
import type { CollectionMeta, IndexSpec } from '../storage/catalog-types';
import { compareValues } from '../storage/key-encoding';
import { formatValue } from '../storage/format';
import { pathValues } from '../query/paths';
import { collatorOf, parseCollation } from '../query/collation';
import { compileQuery } from '../storage/mingo-context';

const collatedUnique = (meta: CollectionMeta): IndexSpec[] =>
  meta.indexes.filter((ix) => ix.unique && ix.collation);

/** The index's key values of a document, or undefined when the index does not cover it (sparse, partial). */
function keyOf(ix: IndexSpec, doc: Document): unknown[] | undefined {
  // an index being built has no compiled partial filter yet
  const partial =
    ix.partialQuery ?? (ix.partialFilterExpression ? compileQuery(ix.partialFilterExpression) : undefined);
  if (partial && !partial.test(doc)) return undefined;
  const values = ix.fields.map((f) => pathValues(doc, f.path)[0]);
  if (ix.sparse && values.every((v) => v === undefined)) return undefined;
  return values.map((v) => (v === undefined ? null : v));
}

function sameKey(collator: Intl.Collator, a: unknown[], b: unknown[]): boolean {
  return a.every((v, i) => {
    const w = b[i];
    return typeof v === 'string' && typeof w === 'string'
      ? collator.compare(v, w) === 0
      : compareValues(v, w) === 0;
  });
}

function duplicate(meta: CollectionMeta, ix: IndexSpec, values: unknown[]): MongoServerError {
  const keyValue: Document = {};
  ix.fields.forEach((f, i) => (keyValue[f.path] = values[i]));
  const shown = ix.fields.map((f, i) => `${f.path}: ${formatValue(values[i])}`).join(', ');
  return new MongoServerError(
    ErrorCodes.DuplicateKey,
    `E11000 duplicate key error collection: ${meta.db}.${meta.name} index: ${ix.name} collation: ${JSON.stringify(ix.collation)} dup key: { ${shown} }`,
    { keyPattern: ix.key, keyValue },
  );
}

/** Inside a write: throws E11000 when another document equals `doc` under a unique index's collation. */
export function checkCollatedUnique(engine: Engine, meta: CollectionMeta, doc: Document): void {
  const indexes = collatedUnique(meta);
  if (!indexes.length) return;
  const wanted = indexes.map((ix) => ({
    ix,
    key: keyOf(ix, doc),
    collator: collatorOf(parseCollation(ix.collation))!,
  }));
  if (wanted.every((w) => !w.key)) return;
  for (const raw of engine.scanPrimary(meta, undefined, false)) {
    const other = toMatchable(raw);
    if (compareValues(other._id, doc._id) === 0) continue;
    for (const { ix, key, collator } of wanted) {
      if (!key) continue;
      const otherKey = keyOf(ix, other);
      if (otherKey && sameKey(collator, key, otherKey)) throw duplicate(meta, ix, key);
    }
  }
}

/** Inside a write, before a unique index with a collation is built: the existing documents must be unique. */
export function checkExistingCollatedUnique(engine: Engine, meta: CollectionMeta, ix: IndexSpec): void {
  if (!ix.unique || !ix.collation) return;
  const collator = collatorOf(parseCollation(ix.collation))!;
  const seen: unknown[][] = [];
  for (const raw of engine.scanPrimary(meta, undefined, false)) {
    const key = keyOf(ix, toMatchable(raw));
    if (!key) continue;
    if (seen.some((k) => sameKey(collator, k, key))) {
      const err = duplicate(meta, ix, key);
      throw new MongoServerError(err.code, `Index build failed: ${err.message}`, err.extra);
    }
    seen.push(key);
  }
}
