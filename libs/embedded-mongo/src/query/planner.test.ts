import type { CollectionMeta, IndexSpec } from '../storage/catalog-types';
import { indexFieldsOf } from '../storage/engine';
import { choosePlan, parseSort } from './planner';

let nextId = 10;
const index = (key: Record<string, 1 | -1>, extra: Partial<IndexSpec> = {}): IndexSpec => ({
  id: nextId++,
  name: Object.entries(key)
    .map(([k, v]) => `${k}_${v}`)
    .join('_'),
  key,
  fields: indexFieldsOf(key),
  unique: false,
  sparse: false,
  multikey: false,
  ...extra,
});

const meta = (...indexes: IndexSpec[]): CollectionMeta => ({
  id: 1,
  db: 'd',
  name: 'c',
  options: {},
  indexes,
  count: 0,
  size: 0,
});

describe('query planner', () => {
  test('an equality on _id reads the document by key', () => {
    const plan = choosePlan(meta(index({ a: 1 })), { _id: 5, a: 1 }, []);
    expect(plan.index).toBeUndefined();
    expect(plan.stage).toBe('IDHACK');
  });

  test('equality on an indexed field uses that index; an unindexed field scans the collection', () => {
    const m = meta(index({ email: 1 }), index({ age: 1 }));
    expect(choosePlan(m, { email: 'a@x' }, []).index?.name).toBe('email_1');
    expect(choosePlan(m, { name: 'x' }, []).stage).toBe('COLLSCAN');
  });

  test('the index serving more equality fields wins, and a range counts after equalities', () => {
    const m = meta(index({ a: 1 }), index({ a: 1, b: 1 }), index({ b: 1 }));
    expect(choosePlan(m, { a: 1, b: 2 }, []).index?.name).toBe('a_1_b_1');
    expect(choosePlan(m, { a: 1, b: { $gt: 2 } }, []).index?.name).toBe('a_1_b_1');
    expect(choosePlan(m, { b: { $gt: 2 } }, []).index?.name).toBe('b_1');
  });

  test('a sort that follows the index after its equality prefix needs no in-memory sort', () => {
    const m = meta(index({ user: 1, createdAt: -1 }));
    const forward = choosePlan(m, { user: 'u1' }, parseSort({ createdAt: -1 }));
    expect(forward).toMatchObject({ providesSort: true, reverse: false });
    const backward = choosePlan(m, { user: 'u1' }, parseSort({ createdAt: 1 }));
    expect(backward).toMatchObject({ providesSort: true, reverse: true });
    const other = choosePlan(m, { user: 'u1' }, parseSort({ title: 1 }));
    expect(other.providesSort).toBe(false);
  });

  test('a sort alone can be served by an index scan in order, but not by a sparse index', () => {
    expect(choosePlan(meta(index({ n: 1 })), {}, parseSort({ n: -1 }))).toMatchObject({
      stage: 'IXSCAN',
      reverse: true,
      providesSort: true,
    });
    expect(choosePlan(meta(index({ n: 1 }, { sparse: true })), {}, parseSort({ n: 1 })).stage).toBe(
      'COLLSCAN',
    );
  });

  test('a partial index serves a query only when the query implies its filter', () => {
    const m = meta(index({ n: 1 }, { partialFilterExpression: { n: { $gt: 1 } } }));
    expect(choosePlan(m, { n: 5 }, []).index?.name).toBe('n_1');
    expect(choosePlan(m, { n: { $gte: 3 } }, []).index?.name).toBe('n_1');
    expect(choosePlan(m, { n: 1 }, []).stage).toBe('COLLSCAN');
    expect(choosePlan(m, { n: { $gte: 1 } }, []).stage).toBe('COLLSCAN');
    expect(choosePlan(m, { n: { $in: [2, 3] } }, []).index?.name).toBe('n_1');
    expect(choosePlan(m, { n: { $in: [0, 3] } }, []).stage).toBe('COLLSCAN');
    const status = meta(index({ at: 1 }, { partialFilterExpression: { status: 'open' } }));
    expect(choosePlan(status, { status: 'open', at: { $gt: 5 } }, []).index?.name).toBe('at_1');
    expect(choosePlan(status, { at: { $gt: 5 } }, []).stage).toBe('COLLSCAN');
    expect(choosePlan(status, { status: 'open', at: { $gt: 5 } }, [], { collated: true }).stage).toBe(
      'COLLSCAN',
    );
  });

  test('a sparse index is not used to find null/missing values', () => {
    const m = meta(index({ e: 1 }, { sparse: true }));
    expect(choosePlan(m, { e: null }, []).stage).toBe('COLLSCAN');
    expect(choosePlan(m, { e: 'x' }, []).index?.name).toBe('e_1');
  });

  test('$in becomes several point ranges; a regex or an array value is not turned into bounds', () => {
    const m = meta(index({ tag: 1 }));
    const plan = choosePlan(m, { tag: { $in: ['a', 'b', 'a'] } }, []);
    expect(plan.ranges).toHaveLength(2);
    expect(choosePlan(m, { tag: /^a/ }, []).stage).toBe('COLLSCAN');
    expect(choosePlan(m, { tag: ['a', 'b'] }, []).stage).toBe('COLLSCAN');
  });

  test('a multikey index keeps one bound of a two-sided range (elements may satisfy each side separately)', () => {
    const m = meta(index({ scores: 1 }, { multikey: true }));
    const plan = choosePlan(m, { scores: { $gt: 5, $lt: 10 } }, []);
    expect(plan.dedupe).toBe(true);
    const single = choosePlan(meta(index({ scores: 1 })), { scores: { $gt: 5, $lt: 10 } }, []);
    expect(Buffer.compare(plan.ranges![0]!.end!, single.ranges![0]!.end!)).toBe(1);
  });

  test('bounds that say everything the filter says make an exact plan; others keep the filter', () => {
    const m = meta(index({ status: 1, at: 1, author: 1 }));
    expect(choosePlan(m, { status: 'open', author: { $ne: 'me' } }, []).exact).toBe(true);
    expect(choosePlan(m, { status: 'open', note: 'x' }, []).exact).toBe(false);
    expect(choosePlan(m, { status: 'open', author: /^m/ }, []).exact).toBe(false);
    expect(choosePlan(m, { status: null }, []).exact).toBe(false);
    // a numeric path component reaches an element and a field named "0" alike
    expect(choosePlan(meta(index({ 'a.0': 1 })), { 'a.0': 5 }, []).exact).toBe(false);
  });

  test('an $or whose every branch has an index reads the union of those indexes', () => {
    const m = meta(index({ email: 1 }), index({ username: 1 }));
    const plan = choosePlan(m, { $or: [{ email: 'a' }, { username: 'b' }] }, []);
    expect(plan.stage).toBe('OR');
    expect(plan.union?.map((p) => p.index?.name)).toEqual(['email_1', 'username_1']);
    expect(choosePlan(m, { $or: [{ email: 'a' }, { name: 'b' }] }, []).stage).toBe('COLLSCAN');
    // an indexed condition outside the $or is preferred to the union
    expect(choosePlan(m, { email: 'a', $or: [{ username: 'b' }, { username: 'c' }] }, []).index?.name).toBe(
      'email_1',
    );
  });
});
