import { Decimal128, Double, Int32, Long, deserialize, serialize, type Document } from 'bson';
import { applyUpdate, buildUpsert, validateUpdate } from './update';
import { toMatchable, toTyped } from '../storage/engine';
import type { MongoServerError } from '../errors';

/** Runs an update the way the server does: from stored bytes, with the spec in both representations. */
function run(
  stored: Document,
  spec: Document,
  extra: { arrayFilters?: Document[]; filter?: Document } = {},
): Document | undefined {
  const raw = Buffer.from(serialize(stored));
  const specBytes = serialize(spec);
  const out = applyUpdate(toTyped(raw), toMatchable(raw), {
    spec: deserialize(specBytes),
    typedSpec: deserialize(specBytes, { promoteValues: false }),
    arrayFilters: extra.arrayFilters,
    filter: extra.filter ?? {},
    upsertInsert: false,
  });
  return out && deserialize(serialize(out), { promoteValues: false });
}

const codeOf = (fn: () => unknown): number | undefined => {
  try {
    fn();
  } catch (err) {
    return (err as MongoServerError).code;
  }
  return undefined;
};

describe('update semantics with exact BSON types', () => {
  test('fields an update does not touch keep their stored type', () => {
    const out = run(
      { _id: 1, d: new Double(1), l: Long.fromNumber(7), dec: Decimal128.fromString('1.10'), n: 0 },
      { $inc: { n: 1 } },
    );
    expect(out!.d).toBeInstanceOf(Double);
    expect(out!.l).toBeInstanceOf(Long);
    expect(String(out!.dec)).toBe('1.10');
    expect(out!.n).toEqual(new Int32(1));
  });

  test('$inc follows MongoDB promotion: double stays double, int32 overflows to int64, a double operand wins', () => {
    expect(run({ _id: 1, d: new Double(2) }, { $inc: { d: 1 } })!.d).toEqual(new Double(3));
    expect(run({ _id: 1, i: new Int32(2147483647) }, { $inc: { i: 1 } })!.i).toEqual(
      Long.fromNumber(2147483648),
    );
    expect(run({ _id: 1, i: 2 }, { $inc: { i: new Double(1) } })!.i).toEqual(new Double(3));
    expect(run({ _id: 1, l: Long.fromNumber(5) }, { $mul: { l: 2 } })!.l).toEqual(Long.fromNumber(10));
  });

  test('$set stores the operand type exactly, even for integral doubles', () => {
    expect(run({ _id: 1, v: 1 }, { $set: { v: new Double(2), w: { x: new Double(4) } } })).toEqual({
      _id: new Int32(1),
      v: new Double(2),
      w: { x: new Double(4) },
    });
  });

  test('an update that changes nothing reports no modification', () => {
    expect(run({ _id: 1, a: 5 }, { $set: { a: 5 } })).toBeUndefined();
    expect(run({ _id: 1, a: [1, 2] }, { $addToSet: { a: 2 } })).toBeUndefined();
  });

  test('positional $ and arrayFilters address the matched elements', () => {
    const doc = {
      _id: 1,
      items: [
        { sku: 'a', q: 1 },
        { sku: 'b', q: 1 },
      ],
    };
    expect(run(doc, { $inc: { 'items.$.q': 5 } }, { filter: { 'items.sku': 'b' } })!.items).toEqual([
      { sku: 'a', q: new Int32(1) },
      { sku: 'b', q: new Int32(6) },
    ]);
    expect(
      run({ _id: 1, g: [1, 5, 9] }, { $set: { 'g.$[x]': 0 } }, { arrayFilters: [{ x: { $gt: 4 } }] })!.g,
    ).toEqual([new Int32(1), new Int32(0), new Int32(0)]);
  });

  test('replacement keeps _id and refuses to change it', () => {
    expect(run({ _id: 1, a: 1 }, { b: 2 })).toEqual({ _id: new Int32(1), b: new Int32(2) });
    expect(codeOf(() => run({ _id: 1, a: 1 }, { _id: 2, b: 2 }))).toBe(66);
    expect(codeOf(() => run({ _id: 1, a: 1 }, { $set: { _id: 2 } }))).toBe(66);
  });

  test('invalid updates fail with MongoDB codes before touching anything', () => {
    expect(codeOf(() => validateUpdate({ $foo: { a: 1 } }))).toBe(9);
    expect(codeOf(() => validateUpdate({ $set: { a: 1 }, $inc: { a: 1 } }))).toBe(40);
    expect(codeOf(() => validateUpdate({ $set: { a: 1 }, $unset: { 'a.b': '' } }))).toBe(40);
    expect(codeOf(() => validateUpdate({ $inc: { a: 'x' } }))).toBe(14);
    expect(codeOf(() => run({ _id: 1, a: 'text' }, { $inc: { a: 1 } }))).toBe(14);
    expect(codeOf(() => run({ _id: 1, a: 'text' }, { $push: { a: 1 } }))).toBe(2);
  });

  test('an upsert starts from the equality fields of the filter and applies $setOnInsert', () => {
    const filter = { email: 'a@x', 'profile.kind': 'basic', age: { $gt: 5 }, $or: [{ x: 1 }] };
    const bytes = serialize({ $set: { name: 'A' }, $setOnInsert: { created: true } });
    const doc = buildUpsert(filter, {
      spec: deserialize(bytes),
      typedSpec: deserialize(bytes, { promoteValues: false }),
      filter,
    });
    expect(doc._id).toBeDefined();
    const { _id, ...rest } = doc;
    expect(rest).toEqual({ email: 'a@x', profile: { kind: 'basic' }, name: 'A', created: true });
    expect(Object.keys(doc)[0]).toBe('_id');
  });
});
