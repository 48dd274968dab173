import { MongoClient, type AnyBulkWriteOperation, type Db, type Document } from 'mongodb';
import {
  ACTIVE_PEOPLE_COLLECTION,
  ACTIVITY_COLLECTIONS,
  ACTIVITY_INDEXES,
  ACTIVITY_TOTALS_COLLECTION,
  activePeopleSince,
  ALL_PEOPLE,
  peopleWithActivity,
  recordActivity,
  sumActivity,
  utcDay,
} from './activity';
import {
  activityRows,
  BACKFILL_MARKERS,
  reasonDays,
  rebuildRollups,
  rollupBackfill,
  runRollupBackfill,
  utcDayOf,
  type BackfillMarkerDoc,
  type RollupPlan,
} from './rollup-backfill';
import { startTestMongo, uniqueDbName, type TestMongo } from './testing';

const DAY1 = new Date('2026-03-03T10:00:00Z');
const DAY2 = new Date('2026-03-04T23:30:00Z');
/** Every process in these tests started after the stored data and before the live events. */
const STARTED = new Date('2026-03-05T00:00:00Z');
const QUALITY = 'quality_daily';

/** A service's roll-ups, as speech and text declare theirs: recordings stored, and their reports' reasons. */
function planOf(prepared: string[] = []): RollupPlan {
  return {
    marker: 'test-rollups-v1',
    prepare: async () => void prepared.push('prepare'),
    activity: [
      {
        collection: 'recordings',
        pipeline: (cutoff) => [
          { $match: { createdAt: { $lt: cutoff } } },
          ...activityRows(
            {
              kind: 'recordings.submitted',
              userId: '$speakerId',
              language: '$language',
              day: utcDayOf('$createdAt'),
            },
            '$seconds',
          ),
        ],
      },
    ],
    quality: {
      collection: QUALITY,
      figures: ['decided', 'reasons.noise', 'reasons.blank'],
      sources: [
        {
          collection: 'recordings',
          pipeline: (cutoff) => [
            { $match: { createdAt: { $lt: cutoff } } },
            { $group: { _id: utcDayOf('$createdAt'), decided: { $sum: 1 } } },
          ],
        },
        {
          collection: 'reports',
          pipeline: (cutoff) => [
            { $match: { at: { $lt: cutoff } } },
            ...reasonDays(utcDayOf('$at'), '$reason'),
          ],
        },
      ],
    },
  };
}

describe('rollup backfill', () => {
  let mongo: TestMongo;
  let client: MongoClient;
  let db: Db;
  const log = { info: jest.fn(), warn: jest.fn() };

  beforeAll(async () => {
    mongo = await startTestMongo();
    client = await MongoClient.connect(mongo.uri);
  }, 30_000);
  beforeEach(async () => {
    db = client.db(uniqueDbName('rollups'));
    log.info.mockClear();
    log.warn.mockClear();
    for (const { collection, indexes } of ACTIVITY_INDEXES) {
      for (const i of indexes)
        await db.collection(collection).createIndex(i.key, { name: i.name, unique: i.unique });
    }
    await db.collection('recordings').insertMany([
      { speakerId: 'ada', language: 'yo', seconds: 3, createdAt: DAY1 },
      { speakerId: 'ada', language: 'yo', seconds: 4, createdAt: DAY1 },
      { speakerId: 'bola', language: 'en', seconds: 5, createdAt: DAY2 },
      // After every process's start: counted live, never here.
      { speakerId: 'bola', language: 'en', seconds: 9, createdAt: new Date('2026-03-06T00:00:00Z') },
    ]);
    await db.collection('reports').insertMany([
      { reason: 'noise', at: DAY1 },
      { reason: 'noise', at: DAY1 },
      { reason: 'blank', at: DAY2 },
    ]);
  });
  afterEach(async () => {
    await db.dropDatabase().catch(() => undefined);
  });
  afterAll(async () => {
    await client.close();
    await mongo.stop();
  });

  const markers = () => db.collection<BackfillMarkerDoc>(BACKFILL_MARKERS);
  const quality = () => db.collection<{ _id: Date } & Document>(QUALITY);

  const run = (owner: string, overrides: { db?: Db; plan?: RollupPlan; at?: Date; startedAt?: Date } = {}) =>
    runRollupBackfill({
      db: overrides.db ?? db,
      plan: overrides.plan ?? planOf(),
      startedAt: overrides.startedAt ?? STARTED,
      owner,
      now: () => overrides.at ?? new Date(),
    });

  /** Count and seconds summed over March, for a person or everyone, daily documents and monthly alike. */
  async function march(userId?: string) {
    const query = (key: string, from: string, to: string) => ({
      key,
      kinds: ['recordings.submitted' as const],
      ...(userId ? { userId } : {}),
      from,
      to,
    });
    const sums = await sumActivity(db, [
      query('days', '2026-03-03T00:00:00.000Z', '2026-03-05T00:00:00.000Z'),
      query('month', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
    ]);
    const seconds = await db
      .collection('activity_daily')
      .aggregate([
        { $match: { userId: userId ?? ALL_PEOPLE } },
        { $group: { _id: null, s: { $sum: '$seconds' } } },
      ])
      .toArray();
    return { days: sums.get('days'), month: sums.get('month'), seconds: seconds[0]?.s ?? 0 };
  }

  const qualityOf = async () =>
    (
      await quality()
        .find({}, { sort: { _id: 1 }, projection: { backfilled: 0 } })
        .toArray()
    ).map(({ _id, ...figures }) => ({ day: _id.toISOString().slice(0, 10), ...figures }));
  const rebuiltQuality = [
    { day: '2026-03-03', decided: 2, reasons: { noise: 2, blank: 0 } },
    { day: '2026-03-04', decided: 1, reasons: { noise: 0, blank: 1 } },
  ];

  /** Everything stored before the cutoff, counted exactly once. */
  async function expectCountedOnce() {
    expect(await march('ada')).toEqual({ days: 2, month: 2, seconds: 7 });
    expect(await march('bola')).toEqual({ days: 1, month: 1, seconds: 5 });
    expect(await march()).toEqual({ days: 3, month: 3, seconds: 12 });
    expect(await qualityOf()).toEqual(rebuiltQuality);
  }

  /**
   * The database as a process sees it that dies in the middle of writing to `collection`: half the batch is
   * written, then nothing more.
   */
  const dyingDuring = (collection: string): Db =>
    new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'collection') return Reflect.get(target, prop, receiver) as unknown;
        return (name: string) => {
          const real = target.collection(name);
          if (name !== collection) return real;
          return new Proxy(real, {
            get(col, key, colReceiver) {
              if (key !== 'bulkWrite') return Reflect.get(col, key, colReceiver) as unknown;
              return async (ops: AnyBulkWriteOperation<Document>[]) => {
                await col.bulkWrite(ops.slice(0, Math.ceil(ops.length / 2)), { ordered: false });
                throw new Error('the process died');
              };
            },
          });
        };
      },
    });

  it('counts what was stored before the cutoff once, under each person and everyone, daily, monthly and in the quality days', async () => {
    const outcome = await run('a');
    // 4 daily documents (2 people, and everyone in 2 languages), 4 monthly, 2 quality days.
    expect(outcome).toEqual({ state: 'done', cutoff: STARTED, rows: 10 });
    await expectCountedOnce();
    expect(await markers().findOne({})).toEqual({
      _id: 'test-rollups-v1',
      cutoff: STARTED,
      state: 'done',
      doneAt: expect.any(Date),
      written: 10,
    });
  });

  it('takes over a rebuild whose process died half-way once its lease has run out, counting nothing twice and keeping live counts', async () => {
    const start = new Date();
    // Each granularity and the quality days in turn: the process dies half-way through writing one of them.
    for (const collection of [...ACTIVITY_COLLECTIONS, QUALITY]) {
      await markers().deleteMany({});
      await Promise.all([...ACTIVITY_COLLECTIONS, QUALITY].map((c) => db.collection(c).deleteMany({})));
      await expect(run('dies', { db: dyingDuring(collection), at: start })).rejects.toThrow(
        'the process died',
      );
      // Counted live meanwhile, on a day the rebuild also fills (ada's 3 March, in everyone's too).
      await recordActivity(db, [
        { kind: 'recordings.submitted', userId: 'ada', language: 'yo', at: DAY1, seconds: 10 },
      ]);
      await db
        .collection(QUALITY)
        .updateOne({ _id: utcDay(DAY1) }, { $inc: { decided: 5 } }, { upsert: true });
      // Its lease still runs: nobody else starts.
      expect(await run('b', { at: new Date(start.getTime() + 60_000) })).toEqual({ state: 'skipped' });
      const later = new Date(start.getTime() + 11 * 60_000);
      expect((await run('b', { at: later })).state).toBe('done');
      expect(await march('ada')).toEqual({ days: 3, month: 3, seconds: 17 });
      expect(await march()).toEqual({ days: 4, month: 4, seconds: 22 });
      expect(await march('bola')).toEqual({ days: 1, month: 1, seconds: 5 });
      expect(await qualityOf()).toEqual([{ ...rebuiltQuality[0], decided: 7 }, rebuiltQuality[1]]);
    }
  });

  it("builds each person's lifetime totals and the recent days' active people from a plan's people sources, once", async () => {
    const plan: RollupPlan = { marker: 'test-people', people: planOf().activity };
    expect(await run('a', { plan })).toMatchObject({ state: 'done' });
    // Counted live after the cutoff.
    await recordActivity(db, [
      { kind: 'recordings.submitted', userId: 'chi', language: 'yo', at: new Date('2026-03-06T00:00:00Z') },
    ]);
    // A second run of the same rebuild adds nothing.
    await rebuildRollups(db, plan, STARTED, async () => undefined);
    const totals = await db
      .collection(ACTIVITY_TOTALS_COLLECTION)
      .find({}, { projection: { _id: 0, backfilled: 0 }, sort: { userId: 1 } })
      .toArray();
    expect(totals).toEqual([
      { kind: 'recordings.submitted', userId: 'ada', language: 'yo', count: 2, seconds: 7 },
      { kind: 'recordings.submitted', userId: 'bola', language: 'en', count: 1, seconds: 5 },
      { kind: 'recordings.submitted', userId: 'chi', language: 'yo', count: 1, seconds: 0 },
    ]);
    expect(Object.fromEntries(await peopleWithActivity(db, 'recordings.submitted', ['yo', 'en']))).toEqual({
      yo: 2,
      en: 1,
    });
    expect(await activePeopleSince(db, new Date('2026-03-01T00:00:00Z'))).toEqual(['ada', 'bola', 'chi']);
    expect(await activePeopleSince(db, new Date('2026-03-04T00:00:00Z'))).toEqual(['bola', 'chi']);
    // Only the days a window of active contributors can reach from the cutoff are written.
    await db.collection('recordings').insertOne({
      speakerId: 'old',
      language: 'yo',
      seconds: 1,
      createdAt: new Date('2025-12-01T00:00:00Z'),
    });
    await rebuildRollups(
      db,
      { marker: 'test-people-2', people: planOf().activity },
      STARTED,
      async () => undefined,
    );
    expect(
      await db
        .collection<{ _id: Date }>(ACTIVE_PEOPLE_COLLECTION)
        .countDocuments({ _id: { $lt: new Date('2026-02-01T00:00:00Z') } }),
    ).toBe(0);
  });

  it('adds nothing more when the rebuild runs again', async () => {
    await run('a');
    expect(await rebuildRollups(db, planOf(), STARTED, async () => undefined)).toBeGreaterThan(0);
    await expectCountedOnce();
  });

  it('rebuilds once when several processes start at the same moment', async () => {
    const prepared: string[] = [];
    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd'].map((owner) =>
        runRollupBackfill({ db, plan: planOf(prepared), startedAt: STARTED, owner }),
      ),
    );
    expect(outcomes.filter((o) => o.state === 'done')).toHaveLength(1);
    expect(prepared).toEqual(['prepare']);
    await expectCountedOnce();
    expect(await markers().countDocuments()).toBe(1);
  });

  it('does not rebuild a database already marked done, whichever form its marker has', async () => {
    for (const marker of [
      // As the speech service wrote it.
      { _id: 'test-rollups-v1', cutoff: STARTED, state: 'done' as const, doneAt: STARTED },
      // As the text service wrote it.
      { _id: 'test-rollups-v1', cutoff: STARTED, doneAt: STARTED, written: 12 },
    ]) {
      await markers().deleteMany({});
      await markers().insertOne(marker);
      const prepared: string[] = [];
      expect(await run('a', { plan: planOf(prepared) })).toEqual({ state: 'skipped' });
      const background = rollupBackfill({ db, plan: planOf(prepared), startedAt: STARTED, log });
      background.start();
      await background.done;
      expect(prepared).toEqual([]);
      expect(await db.collection('activity_daily').countDocuments()).toBe(0);
      expect(await quality().countDocuments()).toBe(0);
      expect(await markers().findOne({})).toEqual(marker);
    }
  });

  it('takes over a half-done rebuild of the earlier forms without counting twice', async () => {
    // The text service's form: no state on the marker, the count's share a number, the quality share an object.
    await markers().insertOne({ _id: 'test-rollups-v1', cutoff: STARTED });
    await db.collection('activity_daily').insertOne({
      kind: 'recordings.submitted',
      userId: 'ada',
      language: 'yo',
      day: utcDay(DAY1),
      count: 2,
      seconds: 0,
      backfilled: 2,
    });
    await quality().insertOne({
      _id: utcDay(DAY1),
      decided: 2,
      reasons: { noise: 2, blank: 0 },
      backfilled: { decided: 2, reasons: { noise: 2, blank: 0 } },
    });
    // The speech service's form: each document the rebuild added to tagged with the marker's id.
    await db.collection('activity_monthly').insertOne({
      kind: 'recordings.submitted',
      userId: ALL_PEOPLE,
      language: 'en',
      day: new Date('2026-03-01T00:00:00Z'),
      count: 1,
      seconds: 5,
      backfill: 'test-rollups-v1',
    });
    expect((await run('b')).state).toBe('done');
    // The share's seconds were not recorded in the text form (text counts none): ada's 7 s are added.
    expect(await march('ada')).toEqual({ days: 2, month: 2, seconds: 7 });
    expect(await march()).toEqual({ days: 3, month: 3, seconds: 12 });
    expect(await qualityOf()).toEqual(rebuiltQuality);
  });

  it('takes the earliest start of the processes as the cutoff', async () => {
    // A process that started before bola's day-2 recording (so counted it live) reaches the rebuild second.
    const early = new Date('2026-03-04T00:00:00Z');
    await markers().insertOne({ _id: 'test-rollups-v1', cutoff: STARTED, state: 'pending' });
    const outcome = await run('a', { startedAt: early });
    expect(outcome).toMatchObject({ state: 'done', cutoff: early });
    expect(await march('bola')).toEqual({ days: 0, month: 0, seconds: 0 });
    expect(await march('ada')).toEqual({ days: 2, month: 2, seconds: 7 });
  });

  it('in the background, waits until ready, retries a failed attempt, and is done once another process finished', async () => {
    let ready = false;
    let fail = true;
    const plan = planOf();
    const flaky: RollupPlan = {
      ...plan,
      prepare: async () => {
        if (fail) {
          fail = false;
          throw new Error('database away');
        }
      },
    };
    const background = rollupBackfill({
      db,
      plan: flaky,
      startedAt: STARTED,
      ready: () => ready,
      log,
      retryMs: 10,
    });
    background.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await markers().countDocuments()).toBe(0);
    ready = true;
    await background.done;
    expect(log.warn).toHaveBeenCalledTimes(1);
    await expectCountedOnce();

    // Another process's copy, started while the first held the lease, finishes once the first is done.
    await db.dropDatabase();
    await db
      .collection('recordings')
      .insertOne({ speakerId: 'ada', language: 'yo', seconds: 3, createdAt: DAY1 });
    await markers().insertOne({
      _id: 'test-rollups-v1',
      cutoff: STARTED,
      state: 'pending',
      owner: 'other',
      leaseUntil: new Date(Date.now() + 60_000),
    });
    const waiting = rollupBackfill({ db, plan, startedAt: STARTED, log, retryMs: 10 });
    waiting.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await markers().updateOne({ _id: 'test-rollups-v1' }, { $set: { state: 'done', doneAt: new Date() } });
    await waiting.done;
    await waiting.stop();
    expect(await db.collection('activity_daily').countDocuments()).toBe(0);
  });

  it('stops: no attempt after stop, and done resolves', async () => {
    const background = rollupBackfill({ db, plan: planOf(), startedAt: STARTED, ready: () => false, log });
    background.start();
    await background.stop();
    await background.done;
    expect(await markers().countDocuments()).toBe(0);
  });
});
