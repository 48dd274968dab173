import { MongoClient, type Db } from 'mongodb';
import type { ActivityQuery } from '@platform/contracts';
import {
  ACTIVE_PEOPLE_COLLECTION,
  ACTIVITY_COLLECTION,
  ACTIVITY_COLLECTIONS,
  ACTIVITY_TOTALS_COLLECTION,
  activePeopleSince,
  peopleWithActivity,
  pseudonymiseActivity,
  ACTIVITY_MONTHLY_COLLECTION,
  ACTIVITY_INDEXES,
  ALL_PEOPLE,
  activityLanguages,
  activityWrites,
  recordActivity,
  sumActivity,
  utcDay,
  type ActivityDoc,
} from './activity';
import { startTestMongo, uniqueDbName, type TestMongo } from './testing';

describe('daily activity counts', () => {
  let mongo: TestMongo;
  let client: MongoClient;
  let db: Db;
  beforeAll(async () => {
    mongo = await startTestMongo();
    client = await MongoClient.connect(mongo.uri);
    db = client.db(uniqueDbName('activity'));
    for (const { collection, indexes } of ACTIVITY_INDEXES) {
      for (const i of indexes)
        await db.collection(collection).createIndex(i.key, { name: i.name, unique: i.unique });
    }
  }, 30_000);
  afterAll(async () => {
    await db?.dropDatabase().catch(() => undefined);
    await client?.close();
    await mongo?.stop();
  });
  beforeEach(() =>
    Promise.all(
      [...ACTIVITY_COLLECTIONS, ACTIVITY_TOTALS_COLLECTION, ACTIVE_PEOPLE_COLLECTION].map((c) =>
        db.collection(c).deleteMany({}),
      ),
    ),
  );

  const at = (iso: string) => new Date(iso);
  const week = { from: '2026-11-23T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' };
  const sums = async (queries: ActivityQuery[]) => Object.fromEntries(await sumActivity(db, queries));

  it('utcDay is the UTC midnight of the instant', () => {
    expect(utcDay(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(utcDay(at('2026-11-30T00:00:00.000Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('counts each event under its person and under everyone, one document per kind, person, language and day', async () => {
    await recordActivity(db, [
      {
        kind: 'recordings.validated',
        userId: 'ada',
        language: 'yo',
        at: at('2026-11-24T08:00:00Z'),
        seconds: 3,
      },
      {
        kind: 'recordings.validated',
        userId: 'ada',
        language: 'yo',
        at: at('2026-11-24T21:00:00Z'),
        seconds: 2,
      },
      { kind: 'recordings.validated', userId: 'bola', language: 'yo', at: at('2026-11-24T10:00:00Z') },
    ]);
    const docs = await db
      .collection<ActivityDoc>(ACTIVITY_COLLECTION)
      .find({}, { projection: { _id: 0 } })
      .sort({ userId: 1 })
      .toArray();
    const day = at('2026-11-24T00:00:00Z');
    expect(docs).toEqual([
      { kind: 'recordings.validated', userId: ALL_PEOPLE, language: 'yo', day, count: 3, seconds: 5 },
      { kind: 'recordings.validated', userId: 'ada', language: 'yo', day, count: 2, seconds: 5 },
      { kind: 'recordings.validated', userId: 'bola', language: 'yo', day, count: 1, seconds: 0 },
    ]);
  });

  it('sums across months as the days add up: whole months from the monthly counts, the ends from the daily ones', async () => {
    const days = [
      '2026-01-15',
      '2026-01-31',
      '2026-02-01',
      '2026-02-28',
      '2026-03-01',
      '2026-03-10',
      '2026-12-31',
    ];
    await recordActivity(
      db,
      days.map((d) => ({
        kind: 'pairs.approved' as const,
        userId: 'ada',
        language: 'yo' as const,
        at: at(`${d}T12:00:00Z`),
      })),
    );
    const monthly = await db
      .collection<ActivityDoc>(ACTIVITY_MONTHLY_COLLECTION)
      .find({ userId: ALL_PEOPLE }, { projection: { _id: 0, day: 1, count: 1 } })
      .sort({ day: 1 })
      .toArray();
    expect(monthly.map((m) => [m.day.toISOString().slice(0, 7), m.count])).toEqual([
      ['2026-01', 2],
      ['2026-02', 2],
      ['2026-03', 2],
      ['2026-12', 1],
    ]);
    const range = (from: string, to: string) => ({
      kinds: ['pairs.approved' as const],
      from: `${from}T00:00:00.000Z`,
      to: `${to}T00:00:00.000Z`,
    });
    expect(
      await sums([
        { key: 'edges', ...range('2026-01-20', '2026-03-05') },
        { key: 'whole-month', ...range('2026-02-01', '2026-03-01') },
        { key: 'inside-a-month', ...range('2026-02-02', '2026-02-28') },
        { key: 'year', ...range('2026-01-01', '2027-01-01') },
        { key: 'ada-year', userId: 'ada', ...range('2026-01-01', '2027-01-01') },
        { key: 'last-day', ...range('2026-12-31', '2027-01-01') },
        { key: 'empty', ...range('2026-04-01', '2026-04-01') },
      ]),
    ).toEqual({
      edges: 4,
      'whole-month': 2,
      'inside-a-month': 0,
      year: 7,
      'ada-year': 7,
      'last-day': 1,
      empty: 0,
    });
  });

  it('a negative count takes an earlier one back', async () => {
    const vote = {
      kind: 'votes.given' as const,
      userId: 'ada',
      language: 'en' as const,
      at: at('2026-11-24T08:00:00Z'),
    };
    await recordActivity(db, [vote, vote]);
    await recordActivity(db, [{ ...vote, count: -1 }]);
    expect(await sums([{ key: 'ada', kinds: ['votes.given'], userId: 'ada', ...week }])).toEqual({ ada: 1 });
  });

  it('records nothing for no events', async () => {
    await recordActivity(db, []);
    expect(await db.collection(ACTIVITY_COLLECTION).countDocuments()).toBe(0);
    expect(activityWrites([])).toEqual([]);
  });

  it('sums by kinds, languages and person; everyone when no person is given', async () => {
    const day = at('2026-11-25T12:00:00Z');
    await recordActivity(db, [
      { kind: 'recordings.validated', userId: 'ada', language: 'yo', at: day },
      { kind: 'recordings.validated', userId: 'ada', language: 'ha', at: day },
      { kind: 'donations.approved', userId: 'ada', language: 'yo', at: day, count: 2 },
      { kind: 'recordings.validated', userId: 'bola', language: 'yo', at: day },
      { kind: 'recordings.rejected', userId: 'bola', language: 'yo', at: day },
    ]);
    expect(
      await sums([
        { key: 'all', kinds: ['recordings.validated'], ...week },
        { key: 'ada', kinds: ['recordings.validated'], userId: 'ada', ...week },
        { key: 'yo', kinds: ['recordings.validated'], languages: ['yo'], ...week },
        { key: 'yo+ha', kinds: ['recordings.validated'], languages: ['yo', 'ha'], ...week },
        { key: 'good', kinds: ['recordings.validated', 'donations.approved'], userId: 'ada', ...week },
        { key: 'nobody', kinds: ['recordings.validated'], userId: 'zed', ...week },
        { key: 'other kind', kinds: ['sentences.approved'], ...week },
      ]),
    ).toEqual({ all: 3, ada: 2, yo: 2, 'yo+ha': 3, good: 4, nobody: 0, 'other kind': 0 });
  });

  it('sums whole UTC days in [from, to): Sunday 23:59 is last week, Monday 00:00 this week', async () => {
    await recordActivity(db, [
      { kind: 'votes.given', userId: 'ada', language: 'yo', at: at('2026-11-22T23:59:59.999Z') },
      { kind: 'votes.given', userId: 'ada', language: 'yo', at: at('2026-11-23T00:00:00.000Z') },
      { kind: 'votes.given', userId: 'ada', language: 'yo', at: at('2026-11-29T23:59:59.999Z') },
      { kind: 'votes.given', userId: 'ada', language: 'yo', at: at('2026-11-30T00:00:00.000Z') },
    ]);
    const q = (key: string, from: string, to: string): ActivityQuery => ({
      key,
      kinds: ['votes.given'],
      from,
      to,
    });
    expect(
      await sums([
        q('this week', week.from, week.to),
        q('last sunday', '2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z'),
        q('next monday', '2026-11-30T00:00:00.000Z', '2026-12-01T00:00:00.000Z'),
        q('empty range', week.from, week.from),
        // Days are whole: a range that starts or ends inside a day takes that day whole.
        q('from mid-sunday', '2026-11-22T12:00:00.000Z', '2026-11-23T00:00:00.000Z'),
        q('to mid-monday', '2026-11-23T00:00:00.000Z', '2026-11-23T00:00:00.001Z'),
      ]),
    ).toEqual({
      'this week': 2,
      'last sunday': 1,
      'next monday': 1,
      'empty range': 0,
      'from mid-sunday': 1,
      'to mid-monday': 1,
    });
  });

  it('answers more queries than one aggregation takes', async () => {
    await recordActivity(db, [
      { kind: 'votes.given', userId: 'ada', language: 'yo', at: at('2026-11-24T10:00:00Z') },
    ]);
    const queries: ActivityQuery[] = [...Array(70)].map((_, i) => ({
      key: `q${i}`,
      kinds: ['votes.given'],
      userId: i % 2 ? 'ada' : 'bola',
      ...week,
    }));
    const result = await sums(queries);
    expect(Object.keys(result)).toHaveLength(70);
    queries.forEach((q, i) => expect(result[q.key]).toBe(i % 2 ? 1 : 0));
  });

  it('lists the languages a person has activity of the given kinds in', async () => {
    const day = at('2026-11-24T10:00:00Z');
    await recordActivity(db, [
      { kind: 'recordings.submitted', userId: 'ada', language: 'yo', at: day },
      { kind: 'votes.given', userId: 'ada', language: 'en', at: day },
      { kind: 'votes.given', userId: 'ada', language: 'en', at: at('2026-11-25T10:00:00Z') },
      { kind: 'sentences.written', userId: 'ada', language: 'ha', at: day },
      { kind: 'recordings.submitted', userId: 'bola', language: 'ig', at: day },
    ]);
    expect(await activityLanguages(db, 'ada', ['recordings.submitted', 'votes.given'])).toEqual(['en', 'yo']);
    expect(await activityLanguages(db, 'zed', ['recordings.submitted'])).toEqual([]);
  });

  it("keeps each person's lifetime totals, and counts the people of a kind per language from the index", async () => {
    await recordActivity(db, [
      {
        kind: 'recordings.submitted',
        userId: 'ada',
        language: 'yo',
        at: at('2026-10-01T10:00:00Z'),
        seconds: 3,
      },
      {
        kind: 'recordings.submitted',
        userId: 'ada',
        language: 'yo',
        at: at('2026-11-24T10:00:00Z'),
        seconds: 4,
      },
      { kind: 'recordings.submitted', userId: 'bola', language: 'yo', at: at('2026-11-24T10:00:00Z') },
      { kind: 'recordings.submitted', userId: 'bola', language: 'en', at: at('2026-11-24T10:00:00Z') },
      { kind: 'votes.given', userId: 'chi', language: 'en', at: at('2026-11-24T10:00:00Z') },
      // A vote taken back: chi no longer voted in English.
      { kind: 'votes.given', userId: 'chi', language: 'en', at: at('2026-11-24T10:00:00Z'), count: -1 },
    ]);
    const totals = await db
      .collection(ACTIVITY_TOTALS_COLLECTION)
      .find({}, { projection: { _id: 0 }, sort: { kind: 1, userId: 1, language: 1 } })
      .toArray();
    expect(totals).toEqual([
      { kind: 'recordings.submitted', userId: 'ada', language: 'yo', count: 2, seconds: 7 },
      { kind: 'recordings.submitted', userId: 'bola', language: 'en', count: 1, seconds: 0 },
      { kind: 'recordings.submitted', userId: 'bola', language: 'yo', count: 1, seconds: 0 },
      { kind: 'votes.given', userId: 'chi', language: 'en', count: 0, seconds: 0 },
    ]);
    expect(
      Object.fromEntries(await peopleWithActivity(db, 'recordings.submitted', ['yo', 'en', 'ha'])),
    ).toEqual({
      yo: 2,
      en: 1,
      ha: 0,
    });
    expect(Object.fromEntries(await peopleWithActivity(db, 'votes.given', ['en']))).toEqual({ en: 0 });
    const plan = await db.command({
      explain: {
        count: ACTIVITY_TOTALS_COLLECTION,
        query: { kind: 'recordings.submitted', language: 'yo', count: { $gt: 0 } },
      },
      verbosity: 'executionStats',
    });
    expect(plan.executionStats.totalDocsExamined).toBe(0);
    expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain('COUNT_SCAN');
  });

  it('lists the people who contributed since a day, from one document per day, a count taken back being none', async () => {
    await recordActivity(db, [
      { kind: 'recordings.submitted', userId: 'ada', language: 'yo', at: at('2026-11-20T10:00:00Z') },
      { kind: 'sentences.written', userId: 'bola', language: 'ha', at: at('2026-11-24T23:59:00Z') },
      { kind: 'votes.given', userId: 'chi', language: 'en', at: at('2026-11-25T01:00:00Z') },
      { kind: 'votes.given', userId: 'chi', language: 'en', at: at('2026-11-25T02:00:00Z'), count: -1 },
      // Someone else's decision on one's recording is no contribution of one's own.
      { kind: 'recordings.validated', userId: 'dayo', language: 'yo', at: at('2026-11-25T02:00:00Z') },
      { kind: 'reviews.given', userId: 'eze', language: 'ig', at: at('2026-11-25T03:00:00Z') },
    ]);
    expect(await activePeopleSince(db, at('2026-11-24T12:00:00Z'))).toEqual(['bola', 'eze']);
    expect(await activePeopleSince(db, at('2026-11-01T00:00:00Z'))).toEqual(['ada', 'bola', 'eze']);
    expect(await db.collection(ACTIVE_PEOPLE_COLLECTION).countDocuments()).toBe(3);
  });

  it("puts a pseudonym in place of a deleted account's id in every activity document, once", async () => {
    const day = at('2026-11-24T10:00:00Z');
    await recordActivity(db, [
      { kind: 'recordings.submitted', userId: 'ada', language: 'yo', at: day, seconds: 2 },
      { kind: 'votes.given', userId: 'bola', language: 'yo', at: day },
    ]);
    for (let attempt = 0; attempt < 2; attempt++) await pseudonymiseActivity(db, 'ada', 'p0');
    for (const c of [...ACTIVITY_COLLECTIONS, ACTIVITY_TOTALS_COLLECTION])
      expect({ c, ada: await db.collection(c).countDocuments({ userId: 'ada' }) }).toEqual({ c, ada: 0 });
    expect(await db.collection(ACTIVITY_TOTALS_COLLECTION).countDocuments({ userId: 'p0' })).toBe(1);
    expect(await activePeopleSince(db, day)).toEqual(['bola', 'p0']);
    expect(await sums([{ key: 'p', kinds: ['recordings.submitted'], userId: 'p0', ...week }])).toEqual({
      p: 1,
    });
  });
});
