import { deserialize, Int32, Long, serialize } from 'bson';
import { elementsOf } from '../storage/bson-elements';
import { makeProjector } from './projection';

/** A document with one element of BSON type undefined (0x06, deprecated, still found in old data) named `u`. */
function withUndefined(): Buffer {
  const before = serialize({ _id: 1, a: 'x' });
  const element = Buffer.from([0x06, 0x75, 0x00]);
  const out = Buffer.concat([before.subarray(0, before.length - 1), element, Buffer.from([0])]);
  out.writeInt32LE(out.length, 0);
  return out;
}

/** The BSON type byte of each top-level element. */
const types = (raw: Buffer): Record<string, number> =>
  Object.fromEntries((elementsOf(raw, 0, raw.length) ?? []).map((e) => [e.name, e.type]));

const project = (projection: Record<string, unknown>, doc: Buffer) => makeProjector(projection)!(doc, {});

describe('projection of top-level fields', () => {
  test('a kept value comes back with its stored type, even a deprecated one', () => {
    expect(types(project({ u: 1 }, withUndefined()))).toEqual({ _id: 0x10, u: 0x06 });
    expect(types(project({ a: 0 }, withUndefined()))).toEqual({ _id: 0x10, u: 0x06 });
  });

  test('inclusion gives _id, then the fields in the projection order; exclusion keeps the document order', () => {
    const doc = Buffer.from(serialize({ _id: 7, b: new Long(2), a: 'x', c: new Int32(3), d: { e: 1 } }));
    expect(Object.keys(deserialize(project({ c: 1, a: 1, missing: 1 }, doc)))).toEqual(['_id', 'c', 'a']);
    expect(deserialize(project({ c: 1, _id: 0 }, doc))).toEqual({ c: 3 });
    expect(Object.keys(deserialize(project({ a: 0, _id: 0 }, doc)))).toEqual(['b', 'c', 'd']);
    expect(deserialize(project({ d: 1 }, doc), { promoteValues: false })).toEqual({
      _id: new Int32(7),
      d: { e: new Int32(1) },
    });
  });

  test('a name stored twice reads as bson reads it: once, with the last value', () => {
    const once = serialize({ _id: 1, a: 1 });
    const twice = Buffer.concat([
      once.subarray(0, once.length - 1),
      Buffer.from([0x10, 0x61, 0x00, 2, 0, 0, 0, 0]),
    ]);
    twice.writeInt32LE(twice.length, 0);
    expect(deserialize(project({ a: 1 }, twice))).toEqual({ _id: 1, a: 2 });
  });
});
