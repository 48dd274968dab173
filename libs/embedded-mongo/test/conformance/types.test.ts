// Type fidelity: every BSON type the platform stores round-trips exactly, and comparisons and sorts
// follow MongoDB's cross-type order.
import {
  Binary,
  BSONRegExp,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  UUID,
} from 'mongodb';
import type { Document } from 'mongodb';
import { startTestServer, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('types');
});
afterAll(async () => {
  await s?.stop();
});

/** Reads without the driver turning BSON wrappers into plain JS values. */
const raw = { promoteValues: false, promoteLongs: false, bsonRegExp: true } as const;

describe('round-trip', () => {
  const oid = new ObjectId();
  const when = new Date('2024-02-29T12:34:56.789Z');
  const before1970 = new Date('1901-06-15T00:00:00.001Z');
  const bytes = Buffer.from([0, 1, 2, 250, 255]);
  const uuid = new UUID();

  beforeAll(async () => {
    await s.db.collection('fidelity').insertOne({
      _id: oid,
      when,
      before1970,
      int32: new Int32(42),
      intNegative: new Int32(-7),
      long: Long.fromString('9007199254740993'),
      longSmall: Long.fromNumber(3),
      double: new Double(1.0),
      doubleFraction: 0.1,
      decimal: Decimal128.fromString('1.10'),
      bigDecimal: Decimal128.fromString('12345678901234567890.123456789'),
      binary: new Binary(bytes),
      uuid: uuid.toBinary(),
      userBinary: new Binary(Buffer.from('custom'), 0x80),
      regex: /^ab+c$/im,
      nul: null,
      bool: false,
      emptyString: '',
      unicode: 'καλημέρα 🌍',
      timestamp: new Timestamp({ t: 1700000000, i: 5 }),
      minKey: new MinKey(),
      maxKey: new MaxKey(),
      nested: { a: { b: { c: [1, { d: [new Int32(2), 'x', null] }] } }, empty: {} },
      arrays: [[], [[]], [1, [2, [3]]]],
      mixedArray: [1, 'two', { three: 3 }, [4], null, when],
    });
  });

  test('each value comes back with its exact BSON type and value', async () => {
    const doc = (await s.db.collection('fidelity').findOne({ _id: oid }, raw)) as Document;
    expect(doc._id).toBeInstanceOf(ObjectId);
    expect(doc._id.toHexString()).toBe(oid.toHexString());
    expect(doc.when).toEqual(when);
    expect(doc.before1970).toEqual(before1970);
    expect(doc.int32).toBeInstanceOf(Int32);
    expect(doc.int32.value).toBe(42);
    expect(doc.intNegative.value).toBe(-7);
    expect(doc.long).toBeInstanceOf(Long);
    expect(doc.long.toString()).toBe('9007199254740993');
    expect(doc.longSmall).toBeInstanceOf(Long);
    expect(doc.double).toBeInstanceOf(Double);
    expect(doc.double.value).toBe(1);
    expect(doc.doubleFraction).toBeInstanceOf(Double);
    expect(doc.decimal).toBeInstanceOf(Decimal128);
    expect(doc.decimal.toString()).toBe('1.10');
    expect(doc.bigDecimal.toString()).toBe('12345678901234567890.123456789');
    expect(doc.binary).toBeInstanceOf(Binary);
    expect(doc.binary.sub_type).toBe(0);
    expect(Buffer.from(doc.binary.buffer)).toEqual(bytes);
    expect(doc.uuid.sub_type).toBe(4);
    expect(doc.uuid.toUUID().toHexString()).toBe(uuid.toHexString());
    expect(doc.userBinary.sub_type).toBe(0x80);
    expect(doc.regex).toBeInstanceOf(BSONRegExp);
    expect(doc.regex.pattern).toBe('^ab+c$');
    expect(doc.regex.options).toBe('im');
    expect(doc.nul).toBeNull();
    expect(doc.bool.valueOf()).toBe(false);
    expect(doc.timestamp).toBeInstanceOf(Timestamp);
    expect(doc.timestamp.t).toBe(1700000000);
    expect(doc.timestamp.i).toBe(5);
    expect(doc.minKey).toBeInstanceOf(MinKey);
    expect(doc.maxKey).toBeInstanceOf(MaxKey);
  });

  test('promoted values, nested documents, arrays and field order come back as stored', async () => {
    const doc = (await s.db.collection('fidelity').findOne({ _id: oid })) as Document;
    expect(doc.int32).toBe(42);
    // beyond 2^53 the driver keeps a Long; small longs are promoted to numbers
    expect(doc.long).toBeInstanceOf(Long);
    expect(doc.long.toString()).toBe('9007199254740993');
    expect(doc.longSmall).toBe(3);
    expect(doc.emptyString).toBe('');
    expect(doc.unicode).toBe('καλημέρα 🌍');
    expect(doc.nested).toEqual({ a: { b: { c: [1, { d: [2, 'x', null] }] } }, empty: {} });
    expect(doc.arrays).toEqual([[], [[]], [1, [2, [3]]]]);
    expect(doc.mixedArray).toEqual([1, 'two', { three: 3 }, [4], null, when]);
    expect(Object.keys(doc)).toEqual([
      '_id',
      'when',
      'before1970',
      'int32',
      'intNegative',
      'long',
      'longSmall',
      'double',
      'doubleFraction',
      'decimal',
      'bigDecimal',
      'binary',
      'uuid',
      'userBinary',
      'regex',
      'nul',
      'bool',
      'emptyString',
      'unicode',
      'timestamp',
      'minKey',
      'maxKey',
      'nested',
      'arrays',
      'mixedArray',
    ]);
  });

  test('$type sees the stored types: 1.0 stays a double, 42 an int, Long a long', async () => {
    const [types] = await s.db
      .collection('fidelity')
      .aggregate([
        {
          $project: {
            _id: 0,
            double: { $type: '$double' },
            int32: { $type: '$int32' },
            long: { $type: '$long' },
            decimal: { $type: '$decimal' },
            binary: { $type: '$binary' },
            regex: { $type: '$regex' },
            nul: { $type: '$nul' },
            missing: { $type: '$noSuchField' },
            when: { $type: '$when' },
            oid: { $type: '$_id' },
            nested: { $type: '$nested' },
            arrays: { $type: '$arrays' },
            timestamp: { $type: '$timestamp' },
          },
        },
      ])
      .toArray();
    expect(types).toEqual({
      double: 'double',
      int32: 'int',
      long: 'long',
      decimal: 'decimal',
      binary: 'binData',
      regex: 'regex',
      nul: 'null',
      missing: 'missing',
      when: 'date',
      oid: 'objectId',
      nested: 'object',
      arrays: 'array',
      timestamp: 'timestamp',
    });
    expect(await s.db.collection('fidelity').countDocuments({ double: { $type: 'double' } })).toBe(1);
    expect(await s.db.collection('fidelity').countDocuments({ double: { $type: 'int' } })).toBe(0);
  });

  test('an update keeps the types of fields it does not touch, and $inc keeps or widens types like MongoDB', async () => {
    const coll = s.db.collection('types_update');
    await coll.insertOne({
      _id: 1,
      d: new Double(2.0),
      i: new Int32(1),
      l: Long.fromNumber(1),
      keep: new Double(5),
    });
    await coll.updateOne({ _id: 1 }, { $inc: { d: new Int32(1), i: new Int32(1), l: new Int32(1) } });
    const doc = (await coll.findOne({ _id: 1 }, raw)) as Document;
    expect(doc.d).toBeInstanceOf(Double);
    expect(doc.d.value).toBe(3);
    expect(doc.i).toBeInstanceOf(Int32);
    expect(doc.i.value).toBe(2);
    expect(doc.l).toBeInstanceOf(Long);
    expect(doc.l.toNumber()).toBe(2);
    expect(doc.keep).toBeInstanceOf(Double);
    // int32 overflow widens to long
    await coll.updateOne({ _id: 1 }, { $set: { big: new Int32(2147483647) } });
    await coll.updateOne({ _id: 1 }, { $inc: { big: new Int32(1) } });
    const widened = (await coll.findOne({ _id: 1 }, raw)) as Document;
    expect(widened.big).toBeInstanceOf(Long);
    expect(widened.big.toString()).toBe('2147483648');
  });

  test('queries match by exact value for ObjectId, Date, Binary, Decimal128 and Long', async () => {
    const coll = s.db.collection('fidelity');
    expect(await coll.countDocuments({ _id: new ObjectId(oid.toHexString()) })).toBe(1);
    expect(await coll.countDocuments({ when: new Date(when.getTime()) })).toBe(1);
    expect(await coll.countDocuments({ binary: new Binary(bytes) })).toBe(1);
    expect(await coll.countDocuments({ decimal: Decimal128.fromString('1.1') })).toBe(1);
    expect(await coll.countDocuments({ long: Long.fromString('9007199254740993') })).toBe(1);
    expect(await coll.countDocuments({ long: Long.fromString('9007199254740992') })).toBe(0);
    expect(await coll.countDocuments({ 'nested.a.b.c.d': 'x' })).toBe(1);
  });
});

describe('null versus missing', () => {
  beforeAll(async () => {
    await s.db
      .collection('nulls')
      .insertMany([{ _id: 'null', v: null }, { _id: 'missing' }, { _id: 'value', v: 1 }]);
  });

  test('a stored null comes back as a present key; a missing field stays absent', async () => {
    const withNull = await s.db.collection('nulls').findOne({ _id: 'null' });
    const without = await s.db.collection('nulls').findOne({ _id: 'missing' });
    expect(withNull && 'v' in withNull).toBe(true);
    expect(withNull?.v).toBeNull();
    expect(without && 'v' in without).toBe(false);
  });

  test('{ v: null } matches both, $exists and $type tell them apart', async () => {
    const ids = async (filter: Document) =>
      (await s.db.collection('nulls').find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ v: null })).toEqual(['missing', 'null']);
    expect(await ids({ v: { $exists: false } })).toEqual(['missing']);
    expect(await ids({ v: { $exists: true } })).toEqual(['null', 'value']);
    expect(await ids({ v: { $type: 'null' } })).toEqual(['null']);
    expect(await ids({ v: { $ne: null } })).toEqual(['value']);
  });
});

describe('cross-type comparison and sort order', () => {
  beforeAll(async () => {
    // inserted in scrambled order; _id names the type
    await s.db.collection('order').insertMany([
      { _id: 'date', v: new Date(0) },
      { _id: 'string', v: 'a' },
      { _id: 'maxKey', v: new MaxKey() },
      { _id: 'objectId', v: new ObjectId('000000000000000000000000') },
      { _id: 'bool', v: true },
      { _id: 'null', v: null },
      { _id: 'object', v: { a: 1 } },
      { _id: 'regex', v: /x/ },
      { _id: 'binary', v: new Binary(Buffer.from([1])) },
      { _id: 'number', v: 1e9 },
      { _id: 'minKey', v: new MinKey() },
      { _id: 'timestamp', v: new Timestamp({ t: 1, i: 1 }) },
    ]);
  });

  test('ascending sort follows MinKey < null < numbers < strings < objects < binary < ObjectId < bool < Date < Timestamp < regex < MaxKey', async () => {
    const order = (await s.db.collection('order').find().sort({ v: 1 }).toArray()).map((d) => d._id);
    expect(order).toEqual([
      'minKey',
      'null',
      'number',
      'string',
      'object',
      'binary',
      'objectId',
      'bool',
      'date',
      'timestamp',
      'regex',
      'maxKey',
    ]);
    const desc = (await s.db.collection('order').find().sort({ v: -1 }).toArray()).map((d) => d._id);
    expect(desc).toEqual([...order].reverse());
  });

  test('numbers of different BSON types compare by value', async () => {
    const coll = s.db.collection('numbers');
    await coll.insertMany([
      { _id: 'dec', v: Decimal128.fromString('4.5') },
      { _id: 'long', v: Long.fromNumber(3) },
      { _id: 'int', v: new Int32(1) },
      { _id: 'double', v: 2.5 },
      { _id: 'negative', v: -10 },
      { _id: 'intFive', v: new Int32(5) },
      { _id: 'doubleFive', v: new Double(5) },
    ]);
    const order = (await coll.find().sort({ v: 1, _id: 1 }).toArray()).map((d) => d._id);
    expect(order).toEqual(['negative', 'int', 'double', 'long', 'dec', 'doubleFive', 'intFive']);
    expect(await coll.countDocuments({ v: 5 })).toBe(2);
    expect(await coll.countDocuments({ v: Decimal128.fromString('5.0') })).toBe(2);
    expect(await coll.countDocuments({ v: { $gt: Long.fromNumber(2), $lt: 4.6 } })).toBe(3);
  });

  test('comparison operators do not cross type brackets', async () => {
    const coll = s.db.collection('order');
    expect((await coll.find({ v: { $gt: 0 } }).toArray()).map((d) => d._id)).toEqual(['number']);
    expect((await coll.find({ v: { $lt: 'zzz' } }).toArray()).map((d) => d._id)).toEqual(['string']);
    expect((await coll.find({ v: { $gte: new Date(-1) } }).toArray()).map((d) => d._id)).toEqual(['date']);
  });

  test('arrays sort by their smallest element ascending and largest descending', async () => {
    const coll = s.db.collection('arrays_sort');
    await coll.insertMany([
      { _id: 'a', v: [5, 1] },
      { _id: 'b', v: 2 },
      { _id: 'c', v: [3, 4] },
      { _id: 'd', v: 6 },
    ]);
    expect((await coll.find().sort({ v: 1 }).toArray()).map((d) => d._id)).toEqual(['a', 'b', 'c', 'd']);
    expect((await coll.find().sort({ v: -1 }).toArray()).map((d) => d._id)).toEqual(['d', 'a', 'c', 'b']);
  });

  test('strings compare by binary code point order, not locale', async () => {
    const coll = s.db.collection('strings');
    await coll.insertMany([
      { v: 'b' },
      { v: 'B' },
      { v: 'a' },
      { v: 'é' },
      { v: 'Z' },
      { v: '10' },
      { v: '9' },
    ]);
    expect((await coll.find().sort({ v: 1 }).toArray()).map((d) => d.v)).toEqual([
      '10',
      '9',
      'B',
      'Z',
      'a',
      'b',
      'é',
    ]);
  });
});
