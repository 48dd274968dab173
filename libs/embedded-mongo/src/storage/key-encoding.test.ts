import { Binary, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { compareValues, encodeKey, prefixEnd } from './key-encoding';

// Values listed in MongoDB's documented comparison order.
const ordered: unknown[] = [
  new MinKey(),
  null,
  Number.NaN,
  -Infinity,
  Long.fromNumber(-5_000_000_000),
  -1.5,
  new Int32(0),
  new Double(0.5),
  1,
  Long.fromNumber(2),
  Decimal128.fromString('2.5'),
  new Double(3),
  Infinity,
  '',
  '\u0000',
  '\u0001',
  'A',
  'a',
  'ab',
  'b',
  {},
  { a: 1 },
  { a: 2 },
  { b: 1 },
  [],
  [1],
  [1, 2],
  [2],
  new Binary(Buffer.from([9])),
  new Binary(Buffer.from([1, 2])),
  new ObjectId('000000000000000000000001'),
  new ObjectId('ffffffffffffffffffffffff'),
  false,
  true,
  new Date(-1000),
  new Date(0),
  new Date(1_700_000_000_000),
  new Timestamp({ t: 1, i: 0 }),
  new Timestamp({ t: 1, i: 5 }),
  /a/,
  /b/i,
  new MaxKey(),
];

describe('index key encoding', () => {
  test('byte order of encoded keys follows MongoDB cross-type order', () => {
    for (let i = 0; i < ordered.length - 1; i++) {
      const a = encodeKey([ordered[i]]);
      const b = encodeKey([ordered[i + 1]]);
      expect({ pair: [String(ordered[i]), String(ordered[i + 1])], cmp: Buffer.compare(a, b) }).toEqual({
        pair: [String(ordered[i]), String(ordered[i + 1])],
        cmp: -1,
      });
    }
  });

  test('numbers of different BSON types with the same value encode identically', () => {
    const five = [5, new Int32(5), Long.fromNumber(5), new Double(5), Decimal128.fromString('5.0')];
    const keys = five.map((v) => encodeKey([v]).toString('hex'));
    expect(new Set(keys).size).toBe(1);
    expect(compareValues(-0, 0)).toBe(0);
  });

  test('a descending component reverses the order but keeps the next component ascending', () => {
    const rows = [
      ['a', 1],
      ['a', 2],
      ['b', 1],
      ['ab', 0],
    ];
    const sorted = [...rows].sort((x, y) => Buffer.compare(encodeKey(x, [-1, 1]), encodeKey(y, [-1, 1])));
    expect(sorted).toEqual([
      ['b', 1],
      ['ab', 0],
      ['a', 1],
      ['a', 2],
    ]);
  });

  test('compound keys compare component by component (no prefix bleeding between fields)', () => {
    // 'a' + anything must sort before 'ab' + anything although the bytes of 'a' prefix 'ab'
    const k1 = encodeKey(['a', 'zzz']);
    const k2 = encodeKey(['ab', '']);
    expect(Buffer.compare(k1, k2)).toBe(-1);
    const k3 = encodeKey(['a\u0000', 1]);
    expect(Buffer.compare(k1, k3)).toBe(-1);
  });

  test('prefixEnd is the first key after every key that starts with the prefix', () => {
    const p = encodeKey(['x']);
    const end = prefixEnd(p);
    expect(Buffer.compare(Buffer.concat([p, Buffer.from([0xff, 0xff])]), end)).toBe(-1);
    expect(Buffer.compare(encodeKey(['y']), end)).toBeGreaterThanOrEqual(0);
  });
});
