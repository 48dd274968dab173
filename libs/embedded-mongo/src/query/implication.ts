// Whether a query's filter implies an index's partialFilterExpression: only then does the partial index hold
// every document the query can match. Conservative: what is not recognised is not implied.
import type { Document } from 'bson';
import { compareValues, typeRank } from '../storage/key-encoding';
import { filterShape } from './bounds';
import { isPlainObject } from './paths';

interface Op {
  op: string;
  value: unknown;
}

const opsOf = (conditions: unknown[]): Op[] =>
  conditions.flatMap((c) =>
    isPlainObject(c) && Object.keys(c).length > 0 && Object.keys(c).every((k) => k.startsWith('$'))
      ? Object.entries(c).map(([op, value]) => ({ op, value }))
      : [{ op: '$eq', value: c }],
  );

const scalar = (v: unknown): boolean =>
  v !== null && v !== undefined && !Array.isArray(v) && !(v instanceof RegExp) && !isPlainObject(v);

const same = (a: unknown, b: unknown): boolean => {
  try {
    return compareValues(a, b) === 0 && typeof a === typeof b;
  } catch {
    return false;
  }
};

/** Whether the values a query condition admits all satisfy `wanted`. */
function satisfies(q: Op, wanted: Op): boolean {
  if (q.op === wanted.op && same(q.value, wanted.value)) return true;
  const values = q.op === '$eq' ? [q.value] : q.op === '$in' && Array.isArray(q.value) ? q.value : undefined;
  switch (wanted.op) {
    case '$exists':
      if (wanted.value !== true && wanted.value !== 1) return false;
      if (values) return values.every(scalar);
      return ['$gt', '$gte', '$lt', '$lte'].includes(q.op) && scalar(q.value);
    case '$eq':
      return (
        values !== undefined && values.length === 1 && scalar(values[0]) && same(values[0], wanted.value)
      );
    case '$in':
      return (
        values !== undefined &&
        Array.isArray(wanted.value) &&
        values.every((v) => scalar(v) && (wanted.value as unknown[]).some((w) => same(v, w)))
      );
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const w = wanted.value;
      if (!scalar(w)) return false;
      const above = wanted.op === '$gt' || wanted.op === '$gte';
      const wIncl = wanted.op === '$gte' || wanted.op === '$lte';
      // v bounds the query's values on the wanted side (inclusive or not): is that inside the wanted bound?
      const inside = (v: unknown, vIncl: boolean): boolean => {
        if (!scalar(v) || typeRank(v) !== typeRank(w)) return false;
        const c = compareValues(v, w) * (above ? 1 : -1);
        return c > 0 || (c === 0 && (!vIncl || wIncl));
      };
      if (values) return values.every((v) => inside(v, true));
      const sameSide = above ? q.op === '$gt' || q.op === '$gte' : q.op === '$lt' || q.op === '$lte';
      return sameSide && inside(q.value, q.op === '$gte' || q.op === '$lte');
    }
  }
  return false;
}

const hasString = (v: unknown): boolean =>
  typeof v === 'string' ||
  (Array.isArray(v) && v.some(hasString)) ||
  (isPlainObject(v) && Object.values(v).some(hasString));

/**
 * Whether every document `filter` matches also matches `partial`. Under a collation, string conditions of the
 * query admit strings the binary partial filter would not, so they imply nothing.
 */
export function impliesFilter(filter: Document, partial: Document, collated = false): boolean {
  const p = filterShape(partial);
  if (p.other) return false;
  const q = filterShape(filter);
  for (const [path, conditions] of p.byPath) {
    const have = opsOf(q.byPath.get(path) ?? []).filter((o) => !(collated && hasString(o.value)));
    for (const wanted of opsOf(conditions)) {
      if (!have.some((o) => satisfies(o, wanted))) return false;
    }
  }
  return true;
}
