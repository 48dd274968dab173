// Reads answered from the index: counts (COUNT_SCAN), distinct values (DISTINCT_SCAN), covered projections
// (PROJECTION_COVERED), sorts and limits in both directions, hints, a queue that skips a writer's own items on
// the index, and groups on an indexed field. Each is checked through explain (what was read) and against the
// same query answered by a collection scan (hint { $natural: 1 }).
import { Double, Int32, Long, ObjectId } from 'mongodb';
import type { Document } from 'mongodb';
import { errorOf, startTestServer, type AnyDoc, type TestServer } from '../support/server';
import { executionStats, pipelineStagesOf, stagesOf } from '../support/explain';

jest.setTimeout(60_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('plans');
});
afterAll(async () => {
  await s?.stop();
});

const STATUSES = ['pending', 'approved', 'rejected', 'flagged', 'archived'];
const LANGS = ['yo', 'ha', 'ig', 'en'];

/** 1,000 sentences: status (5 values), lang (4), a creation time, an author, a score. */
async function sentences() {
  const coll = s.db.collection(`plans${++seq}`);
  const t0 = Date.UTC(2026, 0, 1);
  await coll.insertMany(
    Array.from({ length: 1000 }, (_, i) => ({
      _id: i,
      status: STATUSES[i % 5],
      lang: LANGS[i % 4],
      createdAt: new Date(t0 + i * 60_000),
      author: `w${i % 7}`,
      score: i % 3 === 0 ? new Double(i + 0.5) : new Int32(i),
    })),
  );
  await coll.createIndex({ status: 1, createdAt: 1, author: 1 });
  await coll.createIndex({ lang: 1 });
  return coll;
}

const explainCount = (name: string, query: Document, extra: Document = {}) =>
  s.db.command({ explain: { count: name, query, ...extra }, verbosity: 'executionStats' });

describe('counts from the index', () => {
  test('an equality and a range on an index prefix count index entries and read no document', async () => {
    const coll = await sentences();
    const filters = [
      { status: 'pending' },
      { status: 'pending', createdAt: { $gte: new Date(Date.UTC(2026, 0, 1, 3)) } },
      { status: { $in: ['pending', 'flagged'] } },
      { lang: { $gt: 'ha', $lte: 'yo' } },
    ];
    for (const filter of filters) {
      const viaScan = await coll.countDocuments(filter, { hint: { $natural: 1 } });
      expect(await coll.countDocuments(filter)).toBe(viaScan);
      expect((await s.db.command({ count: coll.collectionName, query: filter })).n).toBe(viaScan);
      const plan = await explainCount(coll.collectionName, filter);
      expect(stagesOf(plan)).toContain('COUNT_SCAN');
      expect(plan.executionStats.totalDocsExamined).toBe(0);
    }
  });

  test('a leading field with few values is counted by value: a count reads a few counters, not every entry', async () => {
    const coll = await sentences();
    const name = coll.collectionName;
    const check = async () => {
      for (const filter of [{ lang: 'yo' }, { lang: { $in: ['ha', 'ig'] } }, { lang: { $gte: 'ha' } }, {}]) {
        expect({ filter, n: await coll.countDocuments(filter) }).toEqual({
          filter,
          n: await coll.countDocuments(filter, { hint: { $natural: 1 } }),
        });
      }
      const perLang = await coll.aggregate([{ $group: { _id: '$lang', n: { $sum: 1 } } }]).toArray();
      const scanned = await coll
        .aggregate([{ $group: { _id: '$lang', n: { $sum: 1 } } }, { $sort: { _id: 1 } }], {
          hint: { $natural: 1 },
        })
        .toArray();
      expect(perLang).toEqual(scanned);
    };
    await check();
    if (!s.isRealMongo) {
      const plan = await explainCount(name, { lang: 'yo' });
      expect(plan.executionStats).toMatchObject({ totalDocsExamined: 0, totalKeysExamined: 1 });
    }
    // the counters follow every kind of write
    await coll.insertMany([{ lang: 'yo' }, { lang: 'ff' }, { lang: 'ff' }]);
    await coll.updateMany({ lang: 'ha', status: 'pending' }, { $set: { lang: 'ff' } });
    await coll.deleteMany({ lang: 'ig', status: 'flagged' });
    await coll.replaceOne({ _id: 3 }, { lang: 'zu' });
    await coll.findOneAndDelete({ lang: 'en' });
    await check();
    await coll.dropIndex('lang_1');
    await coll.createIndex({ lang: 1 });
    await check();
    await coll.deleteMany({});
    await coll.insertOne({ lang: 'yo' });
    await check();
  });

  test("a partial index's own condition is met by every entry: counts per value read its counters", async () => {
    const coll = await sentences();
    await coll.createIndex(
      { lang: 1 },
      { name: 'lang_pending', partialFilterExpression: { status: 'pending' } },
    );
    const perLang = [{ $match: { status: 'pending' } }, { $group: { _id: '$lang', n: { $sum: 1 } } }];
    const check = async () => {
      for (const filter of [
        { status: 'pending', lang: 'yo' },
        { lang: { $gte: 'ha' }, status: 'pending' },
      ]) {
        expect({ filter, n: await coll.countDocuments(filter, { hint: 'lang_pending' }) }).toEqual({
          filter,
          n: await coll.countDocuments(filter, { hint: { $natural: 1 } }),
        });
      }
      const scanned = await coll
        .aggregate([...perLang, { $sort: { _id: 1 } }], { hint: { $natural: 1 } })
        .toArray();
      expect(await coll.aggregate(perLang, { hint: 'lang_pending' }).toArray()).toEqual(scanned);
    };
    await check();
    if (!s.isRealMongo) {
      const count = await explainCount(
        coll.collectionName,
        { status: 'pending', lang: 'yo' },
        { hint: 'lang_pending' },
      );
      expect(stagesOf(count)).toContain('COUNT_SCAN');
      expect(count.executionStats).toMatchObject({ totalDocsExamined: 0, totalKeysExamined: 1 });
      const grouped = await coll.aggregate(perLang, { hint: 'lang_pending' }).explain('executionStats');
      expect(stagesOf(grouped)).toContain('COUNT_SCAN');
      expect(executionStats(grouped)).toMatchObject({
        totalDocsExamined: 0,
        totalKeysExamined: LANGS.length,
      });
      // a condition the partial filter does not imply is still checked on the documents
      const other = await explainCount(
        coll.collectionName,
        { status: 'pending', lang: 'yo', author: 'w1' },
        {
          hint: 'lang_pending',
        },
      );
      expect(stagesOf(other)).not.toContain('COUNT_SCAN');
    }
    expect(
      await coll.countDocuments({ status: 'pending', lang: 'yo', author: 'w1' }, { hint: 'lang_pending' }),
    ).toBe(
      await coll.countDocuments({ status: 'pending', lang: 'yo', author: 'w1' }, { hint: { $natural: 1 } }),
    );
    // the counters follow the writes that move a document into and out of the index
    await coll.updateMany({ lang: 'ha', status: 'approved' }, { $set: { status: 'pending' } });
    await coll.updateMany({ lang: 'yo', status: 'pending' }, { $set: { status: 'rejected' } });
    await coll.deleteMany({ lang: 'ig', status: 'pending' });
    await check();
  });

  test('a leading field with very many values stops being counted and still counts right', async () => {
    const coll = s.db.collection(`plans${++seq}`);
    await coll.createIndex({ v: 1 });
    await coll.insertMany(Array.from({ length: 3000 }, (_, i) => ({ v: i % 1500 })));
    for (const filter of [{ v: 7 }, { v: { $lt: 100 } }]) {
      expect(await coll.countDocuments(filter)).toBe(
        await coll.countDocuments(filter, { hint: { $natural: 1 } }),
      );
      expect(stagesOf(await explainCount(coll.collectionName, filter))).toContain('COUNT_SCAN');
    }
  });

  test('countDocuments and $count pipelines count on the index too', async () => {
    const coll = await sentences();
    const filter = { status: 'approved', createdAt: { $lt: new Date(Date.UTC(2026, 0, 1, 5)) } };
    const expected = await coll.countDocuments(filter, { hint: { $natural: 1 } });
    expect(expected).toBeGreaterThan(0);
    const viaGroup = coll.aggregate([{ $match: filter }, { $group: { _id: 1, n: { $sum: 1 } } }]);
    const viaCount = coll.aggregate([{ $match: filter }, { $count: 'total' }]);
    expect(await coll.aggregate([{ $match: filter }, { $count: 'total' }]).toArray()).toEqual([
      { total: expected },
    ]);
    for (const cursor of [viaGroup, viaCount]) {
      const plan = await cursor.explain('executionStats');
      expect(stagesOf(plan)).toContain('COUNT_SCAN');
      expect(executionStats(plan).totalDocsExamined).toBe(0);
    }
    // nothing matches: $count emits no document
    expect(await coll.aggregate([{ $match: { status: 'nope' } }, { $count: 'n' }]).toArray()).toEqual([]);
  });

  test('estimatedDocumentCount reads neither documents nor keys', async () => {
    const coll = await sentences();
    expect(await coll.estimatedDocumentCount()).toBe(1000);
    const plan = await explainCount(coll.collectionName, {});
    expect(plan.executionStats).toMatchObject({ totalDocsExamined: 0, totalKeysExamined: 0 });
  });

  test('a condition the index cannot answer exactly reads the documents, and counts right', async () => {
    const coll = await sentences();
    const filter = { status: 'pending', author: /^w[12]$/ };
    const plan = await explainCount(coll.collectionName, filter);
    expect(stagesOf(plan)).not.toContain('COUNT_SCAN');
    expect(plan.executionStats.totalDocsExamined).toBeGreaterThan(0);
    expect(await coll.countDocuments(filter)).toBe(
      await coll.countDocuments(filter, { hint: { $natural: 1 } }),
    );
  });
});

describe('distinct from the index', () => {
  test('distinct on an indexed field seeks from one value to the next and reads no document', async () => {
    const coll = await sentences();
    expect((await coll.distinct('status')).sort()).toEqual([...STATUSES].sort());
    const plan = await s.db.command({
      explain: { distinct: coll.collectionName, key: 'status' },
      verbosity: 'executionStats',
    });
    expect(stagesOf(plan)).toContain('DISTINCT_SCAN');
    expect(plan.executionStats.totalDocsExamined).toBe(0);
    expect(plan.executionStats.totalKeysExamined).toBeLessThanOrEqual(2 * STATUSES.length);
    // with a filter on the index's leading field
    expect((await coll.distinct('lang', { lang: { $in: ['yo', 'ig'] } })).sort()).toEqual(['ig', 'yo']);
  });

  test('distinct values keep their stored BSON types', async () => {
    const coll = s.db.collection(`plans${++seq}`);
    await coll.insertMany([
      { v: new Int32(1) },
      { v: new Double(2.5) },
      { v: Long.fromString('9007199254740993') },
      { v: new Double(4) },
      { v: 'x' },
      { v: null },
      {},
      { v: [new Int32(7), 'y'] },
    ]);
    await coll.createIndex({ v: 1 });
    const reply = await s.db.command({ distinct: coll.collectionName, key: 'v' }, { promoteValues: false });
    const shown = (reply.values as unknown[]).map((v) =>
      v === null
        ? 'null'
        : typeof v === 'string'
          ? v
          : `${(v as { _bsontype: string })._bsontype}:${String(v)}`,
    );
    expect(shown).toEqual([
      'null',
      'Int32:1',
      'Double:2.5',
      'Double:4',
      'Int32:7',
      'Long:9007199254740993',
      'x',
      'y',
    ]);
  });
});

describe('covered queries', () => {
  test('a projection of indexed fields with an exact filter reads no document', async () => {
    const coll = await sentences();
    const filter = { status: 'pending', createdAt: { $lt: new Date(Date.UTC(2026, 0, 1, 2)) } };
    const projection = { _id: 0, status: 1, createdAt: 1, author: 1 };
    const covered = await coll.find(filter, { projection }).sort({ status: 1, createdAt: 1 }).toArray();
    const scanned = await coll
      .find(filter, { projection, hint: { $natural: 1 } })
      .sort({ createdAt: 1 })
      .toArray();
    expect(covered).toEqual(scanned);
    expect(covered.length).toBeGreaterThan(0);
    const plan = await coll.find(filter, { projection }).explain('executionStats');
    expect(stagesOf(plan)).toContain('PROJECTION_COVERED');
    expect(plan.executionStats.totalDocsExamined).toBe(0);
    expect(plan.executionStats.nReturned).toBe(covered.length);
  });

  test('covered values keep their BSON types; arrays and missing fields come out as stored', async () => {
    const coll = s.db.collection<AnyDoc>(`plans${++seq}`);
    await coll.insertMany([
      { _id: 1, k: 'a', n: new Int32(5) },
      { _id: 2, k: 'a', n: new Double(5) },
      { _id: 3, k: 'a', n: Long.fromNumber(5) },
      { _id: 4, k: 'a', n: new Double(-0) },
      { _id: 5, k: 'a' },
      { _id: 6, k: 'a', n: null },
      { _id: 7, k: 'a', n: [1, 2] },
      { _id: 8, k: 'a', n: [3] },
    ]);
    await coll.createIndex({ k: 1, n: 1, _id: 1 });
    const projection = { k: 1, n: 1 };
    const options = { projection, promoteValues: false };
    const byId = (docs: Document[]) => [...docs].sort((a, b) => Number(a._id) - Number(b._id));
    const covered = byId(await coll.find({ k: 'a' }, options).toArray());
    const scanned = byId(await coll.find({ k: 'a' }, { ...options, hint: { $natural: 1 } }).toArray());
    expect(covered).toEqual(scanned);
    const typeOf = (v: unknown) =>
      v === undefined
        ? 'missing'
        : v === null
          ? 'null'
          : ((v as { _bsontype?: string })._bsontype ?? 'array');
    expect(covered.map((d) => typeOf(d.n))).toEqual([
      'Int32',
      'Double',
      'Long',
      'Double',
      'missing',
      'null',
      'array',
      'array',
    ]);
    expect(Object.is(Number((covered[3]!.n as Double).valueOf()), -0)).toBe(true);
    const plan = await coll.find({ k: 'a' }, { projection }).explain('executionStats');
    expect(stagesOf(plan)).toContain('PROJECTION_COVERED');
    // the two documents holding arrays are read; the others come from the keys
    expect(plan.executionStats.totalDocsExamined).toBe(2);
  });

  test('covered strings, dates, booleans, ObjectIds, wide int64s and dotted paths equal the stored values', async () => {
    const coll = s.db.collection<AnyDoc>(`plans${++seq}`);
    const docs = [
      {
        _id: new ObjectId(),
        k: 'Ọjọ́ ìbí',
        d: new Date(Date.UTC(1969, 6, 20)),
        b: true,
        n: Long.fromString('9007199254740993'),
        m: { x: 'a' },
      },
      {
        _id: new ObjectId(),
        k: 'ṣé',
        d: new Date(Date.UTC(2026, 10, 28, 1, 2, 3, 4)),
        b: false,
        n: new Int32(-4),
        m: { x: 'b' },
      },
      { _id: new ObjectId(), k: '', d: new Date(-1), b: null, n: new Double(0.5), m: { x: null } },
    ];
    await coll.insertMany(docs);
    await coll.createIndex({ k: -1, d: 1, b: 1, n: -1, 'm.x': 1, _id: 1 });
    const options = { promoteValues: false, sort: { k: -1 as const } };
    for (const projection of [
      { k: 1, d: 1, b: 1, n: 1 },
      { _id: 0, n: 1, k: 1 },
      { _id: 0, 'm.x': 1, k: 1 },
    ]) {
      const covered = await coll.find({ k: { $gte: '' } }, { ...options, projection }).toArray();
      const scanned = await coll
        .find({ k: { $gte: '' } }, { ...options, projection, hint: { $natural: 1 } })
        .toArray();
      expect(covered).toEqual(scanned);
      expect(covered.map((d) => Object.keys(d))).toEqual(scanned.map((d) => Object.keys(d)));
      const plan = await coll.find({ k: { $gte: '' } }, { projection }).explain('executionStats');
      expect(stagesOf(plan)).toContain('PROJECTION_COVERED');
      expect(plan.executionStats.totalDocsExamined).toBe(0);
    }
  });

  test('a projection that needs another field, or an inexact filter, reads the documents', async () => {
    const coll = await sentences();
    const other = await coll.find({ status: 'pending' }, { projection: { _id: 0, lang: 1 } }).explain();
    expect(stagesOf(other)).not.toContain('PROJECTION_COVERED');
    const inexact = await coll
      .find({ status: 'pending', author: /w1/ }, { projection: { _id: 0, status: 1 } })
      .explain();
    expect(stagesOf(inexact)).not.toContain('PROJECTION_COVERED');
  });
});

describe('sort and limit from the index', () => {
  test('both directions read only the returned documents, with no SORT stage', async () => {
    const coll = await sentences();
    for (const dir of [1, -1] as const) {
      const docs = await coll.find({ status: 'flagged' }).sort({ createdAt: dir }).limit(3).toArray();
      const scanned = await coll
        .find({ status: 'flagged' }, { hint: { $natural: 1 } })
        .sort({ createdAt: dir })
        .limit(3)
        .toArray();
      expect(docs).toEqual(scanned);
      const plan = await coll
        .find({ status: 'flagged' })
        .sort({ createdAt: dir })
        .limit(3)
        .explain('executionStats');
      expect(stagesOf(plan)).not.toContain('SORT');
      expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain(dir === 1 ? '"forward"' : '"backward"');
      expect(plan.executionStats.totalDocsExamined).toBe(3);
    }
  });

  test('a hint chooses the index; $natural scans; an unknown hint fails with code 2', async () => {
    const coll = await sentences();
    const viaLang = await coll.find({ status: 'pending', lang: 'yo' }, { hint: 'lang_1' }).explain();
    expect(JSON.stringify(viaLang.queryPlanner.winningPlan)).toContain('"lang_1"');
    const viaKey = await coll.find({ status: 'pending', lang: 'yo' }, { hint: { lang: 1 } }).explain();
    expect(JSON.stringify(viaKey.queryPlanner.winningPlan)).toContain('"lang_1"');
    const natural = await coll.find({ status: 'pending' }, { hint: { $natural: -1 } }).explain();
    expect(stagesOf(natural)).toContain('COLLSCAN');
    const sameAnswer = (hint: Document | string) =>
      coll.find({ status: 'pending', lang: 'yo' }, { hint }).sort({ _id: 1 }).toArray();
    expect(await sameAnswer('lang_1')).toEqual(await sameAnswer({ $natural: 1 }));
    expect((await errorOf(coll.find({}, { hint: 'nope_1' }).toArray())).code).toBe(2);
    expect((await errorOf(coll.countDocuments({}, { hint: 'nope_1' }))).code).toBe(2);
  });

  test("a queue's next item skips a writer's own items on the index keys, reading one document", async () => {
    const coll = s.db.collection(`plans${++seq}`);
    const t0 = Date.UTC(2026, 0, 1);
    const own = Array.from({ length: 500 }, (_, i) => ({
      status: 'pending',
      author: 'me',
      createdAt: new Date(t0 + i),
    }));
    const others = Array.from({ length: 200 }, (_, i) => ({
      status: i % 2 ? 'pending' : 'approved',
      author: `other${i}`,
      createdAt: new Date(t0 + 1000 + i),
    }));
    await coll.insertMany([...own, ...others]);
    await coll.createIndex({ status: 1, createdAt: 1, author: 1 });
    const query = { status: 'pending', author: { $ne: 'me' } };
    const next = await coll.find(query).sort({ createdAt: 1 }).limit(1).toArray();
    expect(next.map((d) => d.author)).toEqual(['other1']);
    const newest = await coll.find(query).sort({ createdAt: -1 }).limit(1).toArray();
    expect(newest.map((d) => d.author)).toEqual(['other199']);
    const plan = await coll.find(query).sort({ createdAt: 1 }).limit(1).explain('executionStats');
    expect(stagesOf(plan)).not.toContain('SORT');
    expect(plan.executionStats.totalDocsExamined).toBe(1);
    expect(plan.executionStats.totalKeysExamined).toBeGreaterThanOrEqual(501);
  });
});

describe("a queue that jumps over a writer's own items", () => {
  const t0 = Date.UTC(2026, 0, 1);
  /**
   * The writer's 3,000 items at the front of the queue, then other people's interleaved with short and long
   * runs of the writer's, some of them not pending; a second writer's run too.
   */
  async function queue() {
    const coll = s.db.collection(`plans${++seq}`);
    const docs: Document[] = Array.from({ length: 3000 }, (_, i) => ({
      status: 'pending',
      author: 'me',
      createdAt: new Date(t0 + i),
    }));
    let t = t0 + 3000;
    for (let block = 0; block < 40; block++) {
      docs.push({
        status: block % 3 ? 'pending' : 'approved',
        author: `other${block}`,
        createdAt: new Date(t++),
      });
      // runs of the writer's items of every length, a few of them approved (outside the pending range)
      for (let i = 0; i < (block * 37) % 300; i++)
        docs.push({ status: i % 50 === 7 ? 'approved' : 'pending', author: 'me', createdAt: new Date(t++) });
      for (let i = 0; i < (block % 4) * 20; i++)
        docs.push({ status: 'pending', author: 'you', createdAt: new Date(t++) });
    }
    await coll.insertMany(docs);
    await coll.createIndex({ status: 1, createdAt: 1, author: 1 });
    // the companion: the same documents, the author among the equalities
    await coll.createIndex({ author: 1, status: 1, createdAt: 1 });
    return coll;
  }

  test("the next item reads a few dozen keys, not the writer's 3,000, and one document", async () => {
    const coll = await queue();
    const query = { status: 'pending', author: { $ne: 'me' } };
    const next = await coll.find(query).sort({ createdAt: 1 }).limit(1).toArray();
    expect(next.map((d) => d.author)).toEqual(['other1']);
    const plan = await coll.find(query).sort({ createdAt: 1 }).limit(1).explain('executionStats');
    expect(stagesOf(plan)).not.toContain('SORT');
    expect(plan.executionStats.totalDocsExamined).toBe(1);
    if (!s.isRealMongo) {
      expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain(
        '"runsSkippedWith":"author_1_status_1_createdAt_1"',
      );
      expect(plan.executionStats.totalKeysExamined).toBeLessThan(60);
    }
  });

  test('every item comes out, in order, as a collection scan finds them, whatever the runs', async () => {
    const coll = await queue();
    for (const query of [
      { status: 'pending', author: { $ne: 'me' } },
      { status: 'pending', author: { $nin: ['me', 'you'] } },
      { status: { $in: ['approved', 'pending'] }, author: { $ne: 'me' } },
      { status: 'pending', author: { $ne: 'you' } },
      { status: 'pending', createdAt: { $gte: new Date(t0 + 1500) }, author: { $ne: 'me' } },
    ]) {
      const viaIndex = await coll.find(query).sort({ createdAt: 1 }).toArray();
      const viaScan = await coll
        .find(query, { hint: { $natural: 1 } })
        .sort({ createdAt: 1 })
        .toArray();
      expect({ query, ids: viaIndex.map((d) => String(d._id)) }).toEqual({
        query,
        ids: viaScan.map((d) => String(d._id)),
      });
      expect(await coll.countDocuments(query)).toBe(viaScan.length);
      // a page in the middle of a run: skip and limit see the same order
      const page = await coll.find(query).sort({ createdAt: 1 }).skip(10).limit(5).toArray();
      expect(page.map((d) => String(d._id))).toEqual(viaScan.slice(10, 15).map((d) => String(d._id)));
    }
  });

  test('without the companion index the scan steps over every key, and answers the same', async () => {
    const coll = await queue();
    await coll.dropIndex('author_1_status_1_createdAt_1');
    const query = { status: 'pending', author: { $ne: 'me' } };
    const next = await coll.find(query).sort({ createdAt: 1 }).limit(1).toArray();
    expect(next.map((d) => d.author)).toEqual(['other1']);
    const plan = await coll.find(query).sort({ createdAt: 1 }).limit(1).explain('executionStats');
    expect(JSON.stringify(plan.queryPlanner.winningPlan)).not.toContain('runsSkippedWith');
    expect(plan.executionStats.totalKeysExamined).toBeGreaterThan(3000);
  });

  test('a run jumped over once is jumped again in a few keys until a write lands in it', async () => {
    if (s.isRealMongo) return; // a property of this server's scans
    const coll = await queue();
    const query = { status: 'pending', author: { $ne: 'me' } };
    const keys = async () =>
      (await coll.find(query).sort({ createdAt: 1 }).limit(1).explain('executionStats')).executionStats
        .totalKeysExamined as number;
    const first = await keys();
    expect(first).toBeGreaterThan(20);
    // the second read finds the writer's 3,000 items remembered: the run's first keys, then its end
    expect(await keys()).toBeLessThan(15);
    // someone else's item among the writer's: the run no longer holds, and the next read finds that item
    const inside = await coll.insertOne({
      status: 'pending',
      author: 'late',
      createdAt: new Date(t0 + 1200.5),
    });
    const next = await coll.find(query).sort({ createdAt: 1 }).limit(1).toArray();
    expect(String(next[0]?._id)).toBe(String(inside.insertedId));
  });

  test('reads between writes inside and around remembered runs answer as a collection scan', async () => {
    const coll = await queue();
    const query = { status: 'pending', author: { $ne: 'me' } };
    const mine = (await coll.find({ author: 'me' }, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    // a seeded sequence of writes: other people's items put among the writer's, the writer's items handed to
    // someone else, someone else's handed to the writer, items removed
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 40; round++) {
      const viaIndex = await coll.find(query).sort({ createdAt: 1 }).limit(3).toArray();
      const viaScan = await coll
        .find(query, { hint: { $natural: 1 } })
        .sort({ createdAt: 1 })
        .limit(3)
        .toArray();
      expect({ round, ids: viaIndex.map((d) => String(d._id)) }).toEqual({
        round,
        ids: viaScan.map((d) => String(d._id)),
      });
      const target = mine[rand(mine.length)];
      switch (round % 4) {
        case 0:
          await coll.insertOne({
            status: 'pending',
            author: `n${round}`,
            createdAt: new Date(t0 + rand(3000) + 0.5),
          });
          break;
        case 1:
          await coll.updateOne({ _id: target }, { $set: { author: `h${round}` } });
          break;
        case 2:
          await coll.updateOne({ _id: viaScan[0]?._id }, { $set: { author: 'me' } });
          break;
        default:
          await coll.deleteOne({ _id: target });
      }
    }
  });
});

describe('$group on an indexed field', () => {
  test('a count per value is read from the index in index order', async () => {
    const coll = await sentences();
    const pipeline = [{ $match: { status: 'pending' } }, { $group: { _id: '$createdAt', n: { $sum: 1 } } }];
    const viaIndex = await coll.aggregate(pipeline).toArray();
    const viaScan = await coll.aggregate(pipeline, { hint: { $natural: 1 } }).toArray();
    const byId = (docs: Document[]) => [...docs].sort((a, b) => Number(a._id) - Number(b._id));
    expect(viaIndex).toEqual(byId(viaScan));
    const plan = await coll.aggregate(pipeline).explain('executionStats');
    expect(stagesOf(plan)).toContain('COUNT_SCAN');
    expect(executionStats(plan).totalDocsExamined).toBe(0);
    expect(pipelineStagesOf(plan)).not.toContain('$group');

    const perLang = await coll.aggregate([{ $group: { _id: '$lang', n: { $sum: 1 } } }]).toArray();
    expect(perLang).toEqual([...LANGS].sort().map((lang) => ({ _id: lang, n: 250 })));
  });

  test('other accumulators stream one run of equal keys at a time, in index order', async () => {
    const coll = await sentences();
    const pipeline = [{ $group: { _id: '$lang', first: { $min: '$_id' }, top: { $max: '$score' } } }];
    const viaIndex = await coll.aggregate(pipeline).toArray();
    expect(viaIndex.map((d) => d._id)).toEqual([...LANGS].sort());
    const viaScan = await coll.aggregate(pipeline, { hint: { $natural: 1 } }).toArray();
    expect(viaIndex).toEqual([...viaScan].sort((a, b) => (a._id < b._id ? -1 : 1)));
    const plan = await coll.aggregate(pipeline).explain('executionStats');
    expect(stagesOf(plan)).toContain('IXSCAN');
    expect(pipelineStagesOf(plan)).not.toContain('$group');
  });
});

describe('when the index cannot answer exactly, documents are read', () => {
  test('a range on a multikey field, a partial index the query does not imply, a collated query', async () => {
    const coll = s.db.collection<AnyDoc>(`plans${++seq}`);
    await coll.insertMany([
      { _id: 1, tags: [1, 10], w: 'cafe', n: 1 },
      { _id: 2, tags: [5], w: 'Café', n: 2 },
      { _id: 3, tags: [20, 30], w: 'CAFE', n: 3 },
      { _id: 4, tags: 7, w: 'apple', n: 4 },
    ]);
    await coll.createIndex({ tags: 1 });
    await coll.createIndex({ w: 1 });
    await coll.createIndex({ n: 1 }, { partialFilterExpression: { n: { $gt: 2 } } });

    const range = { tags: { $gt: 4, $lt: 8 } };
    expect(await coll.countDocuments(range)).toBe(3);
    expect(stagesOf(await explainCount(coll.collectionName, range))).not.toContain('COUNT_SCAN');

    expect(await coll.countDocuments({ n: { $gte: 1 } })).toBe(4);
    const notImplied = await coll.find({ n: { $gte: 1 } }).explain();
    expect(JSON.stringify(notImplied.queryPlanner.winningPlan)).not.toContain('n_1');
    const implied = await coll.find({ n: { $gte: 3 } }).explain();
    expect(JSON.stringify(implied.queryPlanner.winningPlan)).toContain('n_1');

    const collation = { locale: 'en', strength: 1 };
    expect(await coll.countDocuments({ w: 'cafe' }, { collation })).toBe(3);
    const collated = await explainCount(coll.collectionName, { w: 'cafe' }, { collation });
    expect(stagesOf(collated)).not.toContain('COUNT_SCAN');
    // numbers are not strings: a collated query still bounds them on the index
    expect(await coll.countDocuments({ tags: 7 }, { collation })).toBe(1);
    expect(stagesOf(await explainCount(coll.collectionName, { tags: 7 }, { collation }))).toContain(
      'COUNT_SCAN',
    );
  });
});
