// Numbers keep their BSON type through aggregation and update arithmetic, as MongoDB types them: int32 results
// that overflow widen to int64, int64 results that overflow become doubles, doubles stay doubles (2.0 is not
// returned as an int32), Decimal128 arithmetic is exact, and $sum/$avg over int64 are exact beyond 2^53.
// Results are read with promoteValues: false so that the BSON type of every value can be checked.
import { Decimal128, Double, Int32, Long } from 'mongodb';
import type { Document } from 'mongodb';
import { errorOf, startTestServer, type TestServer } from '../support/server';

jest.setTimeout(60_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('numeric');
});
afterAll(async () => {
  await s?.stop();
});

/** Read options that keep every BSON number wrapped (Int32, Double, Long, Decimal128). */
const raw = { promoteValues: false, promoteLongs: false } as const;

/** The BSON type and exact value of a result, e.g. ['double', '2'] or ['long', '9007199254740993']. */
function typed(v: unknown): [string, string] {
  if (v instanceof Int32) return ['int', String(v.value)];
  if (v instanceof Double) return ['double', String(v.value)];
  if (v instanceof Long) return ['long', v.toString()];
  if (v instanceof Decimal128) return ['decimal', v.toString()];
  return [v === null ? 'null' : typeof v, String(v)];
}

const INT32_MAX = 2147483647;
const BIG = '9007199254740993'; // 2^53 + 1: not representable as a double

let seq = 0;
async function collection(docs: Document[]) {
  const coll = s.db.collection(`n${++seq}`);
  if (docs.length) await coll.insertMany(docs);
  return coll;
}

/** Runs a $project of expressions over one document and returns each result's type and value. */
async function project(doc: Document, exprs: Document): Promise<Record<string, [string, string]>> {
  const coll = await collection([{ _id: 1, ...doc }]);
  const [out] = await coll.aggregate([{ $project: { _id: 0, ...exprs } }], raw).toArray();
  return Object.fromEntries(Object.entries(out ?? {}).map(([k, v]) => [k, typed(v)]));
}

describe('values passed through a pipeline keep their type', () => {
  test('a whole double, an int32, a small and a big int64 and a decimal come back unchanged', async () => {
    const out = await project(
      {
        d: new Double(2),
        i: new Int32(2),
        l: Long.fromNumber(2),
        big: Long.fromString(BIG),
        dec: Decimal128.fromString('2.50'),
        nested: { d: new Double(3), arr: [new Double(4), new Int32(5)] },
      },
      { d: 1, i: 1, l: 1, big: 1, dec: 1, nd: '$nested.d', a0: { $arrayElemAt: ['$nested.arr', 0] } },
    );
    expect(out).toEqual({
      d: ['double', '2'],
      i: ['int', '2'],
      l: ['long', '2'],
      big: ['long', BIG],
      dec: ['decimal', '2.50'],
      nd: ['double', '3'],
      a0: ['double', '4'],
    });
  });

  test('a whole double used as a $group key and in $push stays a double', async () => {
    const coll = await collection([
      { _id: 1, k: new Double(1), v: new Double(10) },
      { _id: 2, k: new Double(1), v: new Double(20) },
    ]);
    const [g] = await coll
      .aggregate([{ $group: { _id: '$k', vs: { $push: '$v' }, first: { $first: '$v' } } }], raw)
      .toArray();
    expect(typed(g!._id)).toEqual(['double', '1']);
    expect((g!.vs as unknown[]).map(typed)).toEqual([
      ['double', '10'],
      ['double', '20'],
    ]);
    expect(typed(g!.first)).toEqual(['double', '10']);
  });

  test('a whole double matched, sorted and compared within a pipeline behaves as the number it is', async () => {
    const coll = await collection([
      { _id: 1, x: new Double(3) },
      { _id: 2, x: new Int32(2) },
      { _id: 3, x: Long.fromNumber(4) },
      { _id: 4, x: 2.5 },
    ]);
    const out = await coll
      .aggregate(
        [
          { $addFields: { y: '$x' } },
          { $match: { y: { $gte: 2.5 } } },
          { $sort: { y: -1 } },
          { $project: { eq3: { $eq: ['$y', 3] }, gt: { $gt: ['$y', 2] } } },
        ],
        raw,
      )
      .toArray();
    expect(out.map((d) => [typed(d._id)[1], d.eq3, d.gt])).toEqual([
      ['3', false, true],
      ['1', true, true],
      ['4', false, true],
    ]);
  });

  test('2, 2.0 and NumberLong(2) are one $group key and equal for the $in expression', async () => {
    const coll = await collection([
      { _id: 1, k: new Int32(2) },
      { _id: 2, k: new Double(2) },
      { _id: 3, k: Long.fromNumber(2) },
      { _id: 4, k: Decimal128.fromString('2.0') },
      { _id: 5, k: new Double(2.5) },
    ]);
    const groups = await coll
      .aggregate([{ $group: { _id: '$k', n: { $sum: new Int32(1) } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(groups.map((g) => [Number(String(g._id)), g.n])).toEqual([
      [2, 4],
      [2.5, 1],
    ]);
    const inList = await coll
      .aggregate([{ $project: { hit: { $in: ['$k', [new Int32(2)]] } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(inList.map((d) => d.hit)).toEqual([true, true, true, true, false]);
  });

  test('equality on a whole double inside a pipeline matches 3, 3.0 and NumberLong(3) alike', async () => {
    const coll = await collection([
      { _id: 1, x: new Double(3) },
      { _id: 2, x: new Int32(3) },
      { _id: 3, x: Long.fromNumber(3) },
      { _id: 4, x: new Double(3.5) },
    ]);
    const ids = async (value: unknown) =>
      (
        await coll
          .aggregate([{ $addFields: { y: '$x' } }, { $match: { y: value } }, { $sort: { _id: 1 } }])
          .toArray()
      ).map((d) => d._id);
    expect(await ids(new Int32(3))).toEqual([1, 2, 3]);
    expect(await ids(new Double(3))).toEqual([1, 2, 3]);
    expect(await ids(Long.fromNumber(3))).toEqual([1, 2, 3]);
  });
});

describe('other read paths keep the stored type', () => {
  test('distinct returns a whole double as a double and an int64 as an int64', async () => {
    const coll = await collection([
      { _id: 1, v: new Double(2) },
      { _id: 2, v: Long.fromString(BIG) },
      { _id: 3, v: new Int32(7) },
    ]);
    const values = (await s.db.command({ distinct: coll.collectionName, key: 'v' }, raw)).values as unknown[];
    expect(values.map(typed)).toEqual([
      ['double', '2'],
      ['int', '7'],
      ['long', BIG],
    ]);
  });

  test('a $slice projection keeps whole doubles as doubles', async () => {
    const coll = await collection([{ _id: 1, arr: [new Double(1), new Double(2), new Int32(3)] }]);
    const doc = (await coll.findOne({ _id: 1 }, { ...raw, projection: { arr: { $slice: 2 } } })) as Document;
    expect((doc.arr as unknown[]).map(typed)).toEqual([
      ['double', '1'],
      ['double', '2'],
    ]);
  });
});

describe('arithmetic expressions', () => {
  test('int32 + int32 is an int32, and widens to int64 when it overflows', async () => {
    const out = await project(
      { a: new Int32(INT32_MAX), b: new Int32(1), c: new Int32(5) },
      {
        small: { $add: ['$c', '$c'] },
        over: { $add: ['$a', '$b'] },
        mulOver: { $multiply: ['$a', '$a'] },
        subUnder: { $subtract: [new Int32(-INT32_MAX), new Int32(2)] },
      },
    );
    expect(out).toEqual({
      small: ['int', '10'],
      over: ['long', '2147483648'],
      mulOver: ['long', '4611686014132420609'],
      subUnder: ['long', '-2147483649'],
    });
  });

  test('int64 arithmetic is exact beyond 2^53 and becomes a double only when it overflows int64', async () => {
    const out = await project(
      { big: Long.fromString(BIG), max: Long.MAX_VALUE },
      {
        plusOne: { $add: ['$big', new Int32(1)] },
        overflow: { $add: ['$max', new Int32(1)] },
        times: { $multiply: ['$big', new Int32(1)] },
      },
    );
    expect(out).toEqual({
      plusOne: ['long', '9007199254740994'],
      overflow: ['double', String(2 ** 63)],
      times: ['long', BIG],
    });
  });

  test('any double operand gives a double, also when the result is whole', async () => {
    const out = await project(
      { d: new Double(2), i: new Int32(3), h: 0.5 },
      {
        sum: { $add: ['$d', '$i'] },
        half: { $add: ['$h', '$h'] },
        product: { $multiply: ['$i', '$d'] },
        difference: { $subtract: ['$i', '$d'] },
        quotient: { $divide: ['$i', new Int32(3)] },
        abs: { $abs: new Double(-4) },
        floor: { $floor: new Double(2.7) },
      },
    );
    expect(out).toEqual({
      sum: ['double', '5'],
      half: ['double', '1'],
      product: ['double', '6'],
      difference: ['double', '1'],
      quotient: ['double', '1'],
      abs: ['double', '4'],
      floor: ['double', '2'],
    });
  });

  test('Decimal128 arithmetic is exact and keeps its scale', async () => {
    const out = await project(
      { a: Decimal128.fromString('0.1'), b: Decimal128.fromString('0.2'), p: Decimal128.fromString('1.10') },
      {
        sum: { $add: ['$a', '$b'] },
        withInt: { $add: ['$p', new Int32(1)] },
        product: { $multiply: ['$p', '$p'] },
        difference: { $subtract: ['$b', '$a'] },
        quotient: { $divide: [Decimal128.fromString('1'), Decimal128.fromString('4')] },
      },
    );
    expect(out).toEqual({
      sum: ['decimal', '0.3'],
      withInt: ['decimal', '2.10'],
      product: ['decimal', '1.2100'],
      difference: ['decimal', '0.1'],
      quotient: ['decimal', '0.25'],
    });
  });

  test('dividing by zero fails with code 2 and an unsupported operand with $add’s own code', async () => {
    const coll = await collection([{ _id: 1, a: new Int32(1), s: 'x' }]);
    expect(
      await errorOf(coll.aggregate([{ $project: { q: { $divide: ['$a', new Int32(0)] } } }]).toArray()),
    ).toMatchObject({ code: 2 });
    expect(
      await errorOf(coll.aggregate([{ $project: { q: { $add: ['$a', '$s'] } } }]).toArray()),
    ).toMatchObject({
      code: 16554,
    });
  });
});

describe('$toString and $convert to a string', () => {
  test('an int64 beyond 2^53 is written exactly, and so are decimals and the other numbers', async () => {
    const coll = await collection([
      {
        _id: 1,
        big: Long.fromString(BIG),
        max: Long.fromString('9223372036854775807'),
        min: Long.fromString('-9223372036854775808'),
        small: Long.fromNumber(42),
        dec: Decimal128.fromString('1.10'),
        int: new Int32(-7),
        half: new Double(2.5),
        whole: new Double(2),
      },
    ]);
    const fields = ['big', 'max', 'min', 'small', 'dec', 'int', 'half', 'whole'];
    const project = Object.fromEntries(fields.map((f) => [f, { $toString: `$${f}` }]));
    const convert = Object.fromEntries(
      fields.map((f) => [f, { $convert: { input: `$${f}`, to: 'string' } }]),
    );
    for (const stage of [project, convert]) {
      const [doc] = await coll.aggregate([{ $project: { _id: 0, ...stage } }]).toArray();
      expect(doc).toEqual({
        big: BIG,
        max: '9223372036854775807',
        min: '-9223372036854775808',
        small: '42',
        dec: '1.10',
        int: '-7',
        half: '2.5',
        whole: '2',
      });
    }
  });
});

describe('accumulators', () => {
  test('$sum of int32 values is an int32 and widens to int64 on overflow; a double makes it a double', async () => {
    const ints = await collection([
      { _id: 1, g: 'small', v: new Int32(1) },
      { _id: 2, g: 'small', v: new Int32(2) },
      { _id: 3, g: 'over', v: new Int32(INT32_MAX) },
      { _id: 4, g: 'over', v: new Int32(INT32_MAX) },
      { _id: 5, g: 'mixed', v: new Int32(1) },
      { _id: 6, g: 'mixed', v: new Double(2) },
      { _id: 7, g: 'mixed', v: 'not a number' },
    ]);
    const out = await ints
      .aggregate(
        [{ $group: { _id: '$g', total: { $sum: '$v' }, n: { $sum: new Int32(1) } } }, { $sort: { _id: 1 } }],
        raw,
      )
      .toArray();
    expect(out.map((d) => [d._id, typed(d.total), typed(d.n)])).toEqual([
      ['mixed', ['double', '3'], ['int', '3']],
      ['over', ['long', '4294967294'], ['int', '2']],
      ['small', ['int', '3'], ['int', '2']],
    ]);
  });

  test('$sum over int64 is exact beyond 2^53, and $avg divides the exact sum', async () => {
    const coll = await collection([
      { _id: 1, v: Long.fromString(BIG) },
      { _id: 2, v: Long.fromNumber(2) },
      { _id: 3, w: Long.fromString('4611686018427387905') }, // 2^62 + 1
      { _id: 4, w: Long.fromString('-4611686018427387904') }, // -2^62
    ]);
    const [out] = await coll
      .aggregate(
        [{ $group: { _id: null, sum: { $sum: '$v' }, avg: { $avg: '$w' }, none: { $avg: '$missing' } } }],
        raw,
      )
      .toArray();
    expect(typed(out!.sum)).toEqual(['long', '9007199254740995']);
    // 2^62 + 1 - 2^62 = 1 over two values: 0.5 (summing as doubles would give 0)
    expect(typed(out!.avg)).toEqual(['double', '0.5']);
    expect(out!.none).toBeNull();
  });

  test('$sum and $avg over Decimal128 are exact decimals', async () => {
    const coll = await collection(
      ['0.1', '0.2', '0.3'].map((v, i) => ({ _id: i, v: Decimal128.fromString(v) })),
    );
    const [out] = await coll
      .aggregate([{ $group: { _id: null, sum: { $sum: '$v' }, avg: { $avg: '$v' } } }], raw)
      .toArray();
    expect(typed(out!.sum)).toEqual(['decimal', '0.6']);
    expect(typed(out!.avg)).toEqual(['decimal', '0.2']);
  });

  test('$avg of int32 values is a double even when whole', async () => {
    const coll = await collection([
      { _id: 1, v: new Int32(2) },
      { _id: 2, v: new Int32(4) },
    ]);
    const [out] = await coll.aggregate([{ $group: { _id: null, avg: { $avg: '$v' } } }], raw).toArray();
    expect(typed(out!.avg)).toEqual(['double', '3']);
  });
});

describe('update arithmetic', () => {
  async function updated(doc: Document, update: Document): Promise<Record<string, [string, string]>> {
    const coll = await collection([{ _id: 1, ...doc }]);
    await coll.updateOne({ _id: 1 }, update);
    const after = (await coll.findOne({ _id: 1 }, raw)) as Document;
    const { _id: _ignored, ...rest } = after;
    return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, typed(v)]));
  }

  test('$inc: int32 stays int32, overflows to int64; a double stays a double; int64 exact beyond 2^53', async () => {
    expect(
      await updated(
        { i: new Int32(1), over: new Int32(INT32_MAX), d: new Double(2), l: Long.fromString(BIG) },
        {
          $inc: {
            i: new Int32(1),
            over: new Int32(1),
            d: new Int32(1),
            l: new Int32(1),
            fresh: new Double(5),
          },
        },
      ),
    ).toEqual({
      i: ['int', '2'],
      over: ['long', '2147483648'],
      d: ['double', '3'],
      l: ['long', '9007199254740994'],
      fresh: ['double', '5'],
    });
  });

  test('$mul: int32 overflow widens to int64, a double operand gives a double, decimals are exact', async () => {
    expect(
      await updated(
        {
          i: new Int32(3),
          over: new Int32(65536),
          l: Long.fromString(BIG),
          dec: Decimal128.fromString('1.10'),
        },
        {
          $mul: {
            i: new Double(2),
            over: new Int32(65536),
            l: new Int32(1),
            dec: Decimal128.fromString('3'),
            missing: Long.fromNumber(7),
          },
        },
      ),
    ).toEqual({
      i: ['double', '6'],
      over: ['long', '4294967296'],
      l: ['long', BIG],
      dec: ['decimal', '3.30'],
      missing: ['long', '0'],
    });
  });

  test('an update pipeline types its arithmetic as an aggregation does', async () => {
    expect(
      await updated(
        { x: new Int32(INT32_MAX), d: new Double(2), l: Long.fromString(BIG), keep: new Double(7) },
        [
          {
            $set: {
              x: { $add: ['$x', new Int32(1)] },
              d: { $multiply: ['$d', new Int32(3)] },
              l: { $add: ['$l', new Int32(1)] },
              avg: { $avg: ['$d', new Int32(4)] },
            },
          },
        ] as unknown as Document,
      ),
    ).toEqual({
      x: ['long', '2147483648'],
      d: ['double', '6'],
      l: ['long', '9007199254740994'],
      keep: ['double', '7'],
      avg: ['double', '3'],
    });
  });

  test('$inc that overflows int64 fails with code 2 and leaves the document unchanged', async () => {
    const coll = await collection([{ _id: 1, l: Long.MAX_VALUE }]);
    expect(await errorOf(coll.updateOne({ _id: 1 }, { $inc: { l: new Int32(1) } }))).toMatchObject({
      code: 2,
    });
    const after = (await coll.findOne({ _id: 1 }, raw)) as Document;
    expect(typed(after.l)).toEqual(['long', Long.MAX_VALUE.toString()]);
  });
});

describe('set operators compare numbers by value, whatever their BSON type', () => {
  const doc = {
    a: [new Int32(2), new Double(3), Long.fromNumber(4), { k: new Int32(1) }],
    b: [new Double(2), Long.fromNumber(3), new Int32(9), { k: new Double(1) }],
  };

  test('$setIntersection, $setDifference, $setEquals, $setIsSubset and $indexOfArray', async () => {
    const coll = await collection([{ _id: 1, ...doc }]);
    const [out] = await coll
      .aggregate([
        {
          $project: {
            _id: 0,
            inBoth: { $size: { $setIntersection: ['$a', '$b'] } },
            onlyA: { $setDifference: ['$a', '$b'] },
            union: { $size: { $setUnion: ['$a', '$b'] } },
            equal: {
              $setEquals: [
                [1, 2],
                [new Double(2), Long.fromNumber(1)],
              ],
            },
            subset: { $setIsSubset: [[new Double(2)], '$a'] },
            at: { $indexOfArray: ['$a', new Double(4)] },
            missing: { $setUnion: ['$a', '$nothing'] },
          },
        },
      ])
      .toArray();
    expect(out).toEqual({
      inBoth: 3,
      onlyA: [4],
      union: 5,
      equal: true,
      subset: true,
      at: 2,
      missing: null,
    });
  });

  test('$addToSet keeps one of each value: 2, 2.0 and NumberLong(2) are one', async () => {
    const coll = await collection([
      { _id: 1, v: new Int32(2) },
      { _id: 2, v: new Double(2) },
      { _id: 3, v: Long.fromNumber(2) },
      { _id: 4, v: new Int32(5) },
      { _id: 5 },
      { _id: 6, v: null },
    ]);
    const [out] = await coll
      .aggregate([{ $sort: { _id: 1 } }, { $group: { _id: null, vs: { $addToSet: '$v' } } }], raw)
      .toArray();
    expect((out?.vs as unknown[]).map(typed)).toEqual([
      ['int', '2'],
      ['int', '5'],
      ['null', 'null'],
    ]);
  });
});
