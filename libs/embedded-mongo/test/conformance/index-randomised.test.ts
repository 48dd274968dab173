// Index answers against a collection scan on seeded random data: counts, finds (sorted and limited), distinct
// values, covered projections and per-value group counts must be the same whether the server reads them from
// its indexes (multikey, sparse, partial, compound, descending) or scans every document with hint
// { $natural: 1 }. The data mixes numeric types, -0, NaN, null, missing fields, arrays (empty, one element,
// several), embedded documents and strings, and is updated between rounds so that values change type.
import { EJSON } from 'bson';
import { Decimal128, Double, Int32, Long } from 'mongodb';
import type { Document } from 'mongodb';
import { startTestServer, type AnyDoc, type TestServer } from '../support/server';

jest.setTimeout(240_000);

// RANDOM_SEED and RANDOM_ROUNDS replay or widen a run
const ROUNDS = Number(process.env.RANDOM_ROUNDS ?? 25);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('randomised');
});
afterAll(async () => {
  await s?.stop();
});

/** mulberry32: a small seeded generator, so that a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof rng>;

const STRINGS = ['', 'a', 'ab', 'B', 'b', 'é', 'z'];
const DATES = [new Date(0), new Date(86_400_000), new Date(-1)];

function scalar(r: Rng): unknown {
  switch (r.int(12)) {
    case 0:
      return new Int32(r.int(7) - 3);
    case 1:
      return new Double(r.int(7) - 3 + 0.5);
    case 2:
      return new Double(r.int(3) - 1); // a whole double: the same key as the int32
    case 3:
      return Long.fromNumber(r.int(7) - 3);
    case 4:
      return r.pick(STRINGS);
    case 5:
      return null;
    case 6:
      return r.next() < 0.5;
    case 7:
      return r.pick(DATES);
    case 8:
      return r.pick([new Double(-0), new Double(NaN), Decimal128.fromString('1.0')]);
    case 9:
      return { x: new Int32(r.int(3)) };
    default:
      return new Int32(r.int(7) - 3);
  }
}

/** A field value, or undefined for a missing field. */
function value(r: Rng): unknown {
  switch (r.int(8)) {
    case 0:
      return undefined;
    case 1:
      return Array.from({ length: r.int(4) }, () => scalar(r));
    default:
      return scalar(r);
  }
}

function makeDoc(r: Rng, id: number): Document {
  const doc: Document = { _id: id, u: new Int32(id) };
  const set = (k: string, v: unknown) => v !== undefined && (doc[k] = v);
  set('a', value(r));
  set('b', r.next() < 0.8 ? new Int32(r.int(6)) : r.next() < 0.5 ? undefined : value(r));
  set('c', r.next() < 0.7 ? r.pick(STRINGS) : value(r));
  const d = r.int(5);
  if (d === 0) doc.d = { e: scalar(r) };
  else if (d === 1) doc.d = [{ e: new Int32(r.int(3)) }, { e: scalar(r) }];
  else if (d === 2) doc.d = {};
  else if (d === 3) doc.d = new Int32(5);
  return doc;
}

const PATHS = ['a', 'b', 'c', 'd.e', 'u'];

function condition(r: Rng): unknown {
  const v = () => scalar(r);
  switch (r.int(12)) {
    case 0:
      return v();
    case 1:
      return { $eq: v() };
    case 2:
      return { $in: [v(), v(), v()] };
    case 3:
      return { $gt: v() };
    case 4:
      return { $gte: v() };
    case 5:
      return { $lt: v() };
    case 6:
      return { $lte: v() };
    case 7:
      return { $ne: v() };
    case 8:
      return { $nin: [v(), v()] };
    case 9:
      return { $gte: v(), $lt: v() };
    case 10:
      return { $exists: r.next() < 0.5 };
    default:
      return { $gt: new Int32(r.int(4) - 1), $ne: v() };
  }
}

function filterOf(r: Rng): Document {
  const clause = (): Document => ({ [r.pick(PATHS)]: condition(r) });
  switch (r.int(6)) {
    case 0:
      return {};
    case 1:
      return { $and: [clause(), clause()] };
    case 2:
      return { $or: [clause(), clause()] };
    case 3:
      return { ...clause(), ...clause() };
    default:
      return clause();
  }
}

/** Numbers by value alone: equal numbers of several types are one distinct value or group, of either type. */
function byValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(byValue);
  if (v && typeof v === 'object') {
    const t = (v as { _bsontype?: string })._bsontype;
    if (t === 'Decimal128' || t === 'Long' || t === 'Int32' || t === 'Double') return Number(String(v));
    if (!t && !(v instanceof Date))
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, byValue(x)]));
  }
  return v;
}

const canonical = (docs: unknown[], relaxed = false): string[] =>
  docs.map((d) => EJSON.stringify(relaxed ? byValue(d) : d, { relaxed })).sort();

async function compare(r: Rng, name: string, rounds: number): Promise<void> {
  const coll = s.db.collection<AnyDoc>(name);
  const natural = { hint: { $natural: 1 } };
  for (let i = 0; i < rounds; i++) {
    const filter = filterOf(r);
    const shown = EJSON.stringify(filter);
    const both = async <T>(run: (extra: Document) => Promise<T>) =>
      [await run({}), await run(natural)] as const;

    const [count, countScan] = await both((o) => coll.countDocuments(filter, o));
    expect({ filter: shown, count }).toEqual({ filter: shown, count: countScan });

    const [found, foundScan] = await both(async (o) =>
      canonical(await coll.find(filter, { ...o, promoteValues: false }).toArray()),
    );
    expect({ filter: shown, found }).toEqual({ filter: shown, found: foundScan });

    const dir = r.pick([1, -1] as const);
    const [top, topScan] = await both(async (o) =>
      (await coll.find(filter, o).sort({ u: dir }).limit(5).toArray()).map((d) => d._id),
    );
    expect({ filter: shown, top }).toEqual({ filter: shown, top: topScan });
    const withB = { ...filter, b: new Int32(r.int(6)) };
    const [byB, byBScan] = await both(async (o) =>
      (await coll.find(withB, o).sort({ u: dir }).limit(3).toArray()).map((d) => d._id),
    );
    expect({ filter: shown, byB }).toEqual({ filter: shown, byB: byBScan });

    for (const key of ['a', 'b', 'c', 'd.e']) {
      const [values, valuesScan] = await both(async (o) => {
        const reply = await s.db.command(
          { distinct: name, key, query: filter, ...(o.hint ? { hint: o.hint } : {}) },
          { promoteValues: false },
        );
        // equal numbers of several types are one value; which type comes back is not defined
        return EJSON.stringify(byValue(reply.values), { relaxed: true });
      });
      expect({ filter: shown, key, values }).toEqual({ filter: shown, key, values: valuesScan });
    }

    for (const projection of [{ _id: 0, b: 1, c: 1 }, { a: 1 }, { _id: 0, 'd.e': 1 }]) {
      const [covered, coveredScan] = await both(async (o) =>
        canonical(await coll.find(filter, { ...o, projection, promoteValues: false }).toArray()),
      );
      expect({ filter: shown, projection, covered }).toEqual({
        filter: shown,
        projection,
        covered: coveredScan,
      });
    }

    for (const field of ['b', 'c', 'a']) {
      const pipeline = [{ $match: filter }, { $group: { _id: `$${field}`, n: { $sum: 1 } } }];
      const [groups, groupsScan] = await both(async (o) =>
        canonical(await coll.aggregate(pipeline, { ...o, promoteValues: false }).toArray(), true),
      );
      expect({ filter: shown, field, groups }).toEqual({ filter: shown, field, groups: groupsScan });
    }
  }
}

async function mutate(r: Rng, name: string, n: number): Promise<void> {
  const coll = s.db.collection<AnyDoc>(name);
  for (let i = 0; i < n; i++) {
    const id = r.int(400);
    const op = r.int(5);
    if (op === 0) await coll.deleteOne({ _id: id });
    else if (op === 1) await coll.replaceOne({ _id: id }, makeDoc(r, id), { upsert: true });
    else if (op === 2) await coll.updateOne({ _id: id }, { $set: { b: new Double(r.int(6)) } });
    else if (op === 3) await coll.updateOne({ _id: id }, { $unset: { c: '' } });
    else await coll.updateOne({ _id: id }, { $set: { a: value(r) ?? null } });
  }
}

test('indexes answer exactly what a collection scan answers, through updates that change types', async () => {
  const seed = Number(process.env.RANDOM_SEED ?? 20261127);
  const r = rng(seed);
  const name = 'random';
  const coll = s.db.collection<AnyDoc>(name);
  await coll.insertMany(Array.from({ length: 400 }, (_, i) => makeDoc(r, i)));
  await coll.createIndex({ a: 1 });
  await coll.createIndex({ b: 1, c: -1 });
  await coll.createIndex({ c: 1, a: 1 });
  await coll.createIndex({ 'd.e': 1 }, { sparse: true });
  await coll.createIndex({ b: 1 }, { partialFilterExpression: { b: { $gte: 2 } }, name: 'b_partial' });
  await coll.createIndex({ b: 1, u: -1 });
  await coll.createIndex({ u: 1 }, { unique: true });
  await compare(r, name, ROUNDS);
  await mutate(r, name, 150);
  await compare(r, name, ROUNDS);
});

test('an index created before the documents holds the same answers as one built over them', async () => {
  const r = rng(Number(process.env.RANDOM_SEED ?? 7) + 1);
  const name = 'random_early';
  const coll = s.db.collection<AnyDoc>(name);
  await coll.createIndex({ b: 1, a: 1 });
  await coll.createIndex({ c: -1 });
  await coll.createIndex({ u: 1 });
  await coll.insertMany(Array.from({ length: 400 }, (_, i) => makeDoc(r, i)));
  await compare(r, name, ROUNDS);
});
