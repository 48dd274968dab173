import { MongoClient, ObjectId } from 'mongodb';
import type { ActivityKind } from '@platform/contracts';
import { ACTIVITY_COLLECTIONS, recordActivity, sumActivity, type ServiceApp } from '@platform/service-kit';
import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import { ACTIVITY_BACKFILL, rebuildTextActivity } from '../src/activity/backfill';
import { REVIEW_QUALITY_DAILY } from '../src/analytics/quality-counts';
import { buildApp } from '../src/app';
import { judgements } from '../src/review/store';
import { sentences } from '../src/sentences/store';
import { textPairs } from '../src/text-pairs/store';
import { addPendingSentence, admin, person, SECRET } from './support';
import { useTextService } from './support/harness';

const EVER = { from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' };

/** Sums of one kind, for a person (or everyone), over all time. */
async function count(app: ServiceApp, kind: ActivityKind, userId?: string, languages?: string[]) {
  const sums = await sumActivity(app.database!.db, [
    {
      key: 'k',
      kinds: [kind],
      ...(userId ? { userId } : {}),
      ...(languages ? { languages: languages as never } : {}),
      ...EVER,
    },
  ]);
  return sums.get('k') ?? 0;
}

describe('text activity counting', () => {
  const service = useTextService('text_activity');
  const db = () => service.app.database!.db;

  beforeEach(async () => {
    await sentences(db()).deleteMany({});
    await textPairs(db()).deleteMany({});
    await judgements(db()).deleteMany({});
    await Promise.all(ACTIVITY_COLLECTIONS.map((c) => db().collection(c).deleteMany({})));
  });

  const meta = { citation: 'Written by me.', domain: ['general'], lang: 'yo', cc0Confirmed: true };
  const post = (url: string, who: Record<string, string>, payload: object) =>
    service.app.inject({ method: 'POST', url, headers: who, payload });
  const verdict = (kind: string, id: string, who: Record<string, string>, body: object) =>
    post(`/api/review/${kind}/${id}`, who, body);

  it('counts each sentence written, single or batch, once under its writer; a repeat counts nothing', async () => {
    expect(
      (await post('/api/sentences', person('ada'), { ...meta, text: 'Ọmọ náà ń kàwé.' })).statusCode,
    ).toBe(201);
    // The same sentence again is refused and not counted.
    expect(
      (await post('/api/sentences', person('ada'), { ...meta, text: 'Ọmọ náà ń kàwé.' })).statusCode,
    ).toBe(409);
    const batch = await post('/api/sentences/batch', person('ada'), {
      ...meta,
      sentences: ['Ẹ káàbọ̀ sílé.', 'Ọmọ náà ń kàwé.', 'Ilé wa tóbi gan-an.'],
    });
    expect(batch.statusCode).toBe(201);
    expect(batch.json().accepted).toBe(2);
    expect(await count(service.app, 'sentences.written', 'ada')).toBe(3);
    expect(await count(service.app, 'sentences.written', 'ada', ['yo'])).toBe(3);
    expect(await count(service.app, 'sentences.written', 'ada', ['en'])).toBe(0);
    expect(await count(service.app, 'sentences.written')).toBe(3);
  });

  it('counts an added pair once under its author, in Yoruba', async () => {
    const body = {
      source_lang_text: 'Good morning.',
      target_lang_text: 'Ẹ káàárọ̀.',
      text_category: 'cultural',
    };
    expect((await post('/api/text/add/', person('tayo'), body)).statusCode).toBe(201);
    expect((await post('/api/text/add/', person('tayo'), body)).statusCode).toBe(409);
    expect(await count(service.app, 'pairs.added', 'tayo', ['yo'])).toBe(1);
  });

  it('counts reviews given (not skips) under the reviewer and the decision once under the writer', async () => {
    const id = await addPendingSentence(service.app, 'ada', { language: 'en' });
    expect((await verdict('sentence', id, person('r0'), { verdict: 'skip' })).statusCode).toBe(200);
    expect((await verdict('sentence', id, person('r1'), { verdict: 'approve' })).statusCode).toBe(200);
    // A retry of the same judgement is refused and counts nothing.
    expect((await verdict('sentence', id, person('r1'), { verdict: 'approve' })).statusCode).toBe(409);
    expect((await verdict('sentence', id, person('r2'), { verdict: 'approve' })).json().status).toBe(
      'validated',
    );
    // Too late: the item is decided.
    expect((await verdict('sentence', id, person('r3'), { verdict: 'reject' })).statusCode).toBe(409);

    expect(await count(service.app, 'reviews.given', 'r0')).toBe(0);
    expect(await count(service.app, 'reviews.given', 'r1', ['en'])).toBe(1);
    expect(await count(service.app, 'reviews.given', 'r2')).toBe(1);
    expect(await count(service.app, 'reviews.given', 'r3')).toBe(0);
    expect(await count(service.app, 'reviews.given')).toBe(2);
    expect(await count(service.app, 'sentences.approved', 'ada', ['en'])).toBe(1);
    expect(await count(service.app, 'sentences.rejected', 'ada')).toBe(0);
  });

  it('counts a pair rejected by reviews, and an admin decision, once each', async () => {
    const add = async (en: string, yo: string) =>
      (
        await post('/api/text/add/', person('tayo'), {
          source_lang_text: en,
          target_lang_text: yo,
          text_category: 'cultural',
        })
      ).json().text_id as string;
    const rejected = await add('Good night.', 'O dàárọ̀.');
    await verdict('pair', rejected, person('r1'), { verdict: 'reject', reason: 'grammar' });
    expect((await verdict('pair', rejected, person('r2'), { verdict: 'reject' })).json().status).toBe(
      'rejected',
    );
    const decided = await add('Thank you.', 'Ẹ ṣé.');
    const direct = await post(`/api/review/pair/${decided}/decision`, admin('boss'), { status: 'validated' });
    expect(direct.statusCode).toBe(200);
    expect(
      (await post(`/api/review/pair/${decided}/decision`, admin('boss'), { status: 'rejected' })).statusCode,
    ).toBe(409);
    expect(await count(service.app, 'pairs.rejected', 'tayo', ['yo'])).toBe(1);
    expect(await count(service.app, 'pairs.approved', 'tayo', ['yo'])).toBe(1);
    expect(await count(service.app, 'reviews.given', 'r1', ['yo'])).toBe(1);
  });

  it('counts a decision found on a stopped item only once, however many look-ups finish it', async () => {
    const id = await addPendingSentence(service.app, 'ada', { language: 'en' });
    // Two approvals counted on the item, its status never changed (a stop between the two writes).
    await sentences(db()).updateOne({ _id: new ObjectId(id) }, { $set: { approvals: 2, reviews: 2 } });
    const tries = await Promise.all(
      ['x', 'y', 'z'].map((who) => verdict('sentence', id, person(who), { verdict: 'approve' })),
    );
    expect(tries.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(await count(service.app, 'sentences.approved', 'ada')).toBe(1);
  });
});

describe('rebuilding text activity from what was stored before counting', () => {
  let mongo: TestMongo;
  const dbName = uniqueDbName('text_activity_backfill');
  const apps: ServiceApp[] = [];
  const start = async () => {
    const app = await buildApp({
      mongoUri: mongo.uri,
      dbName,
      identitySecret: SECRET,
      logger: false,
      seedDir: false,
    });
    apps.push(app);
    await app.ready();
    await app.activityBackfilled;
    return app;
  };

  let client: MongoClient;
  beforeAll(async () => {
    mongo = await startTestMongo();
    client = await MongoClient.connect(mongo.uri);
  }, 60_000);
  afterAll(async () => {
    await client.close();
    await apps[0]?.database?.db.dropDatabase().catch(() => undefined);
    for (const app of apps) await app.close();
    await mongo.stop();
  });

  it('counts stored items once, by day, and a second process or a repeat counts nothing more', async () => {
    const db = client.db(dbName);
    const day1 = new Date(Date.UTC(2026, 2, 3, 10));
    const day2 = new Date(Date.UTC(2026, 2, 4, 23, 59));
    const base = { citation: 'c', license: 'CC0-1.0', source: 'write', seq: 1 };
    const s1 = new ObjectId();
    const s2 = new ObjectId();
    const s3 = new ObjectId();
    await db.collection('sentences').insertMany([
      // Decided by reviews before decisions were dated: at the last review.
      {
        _id: s1,
        ...base,
        text: 'a',
        key: 'a',
        language: 'en',
        status: 'validated',
        authorId: 'ada',
        createdAt: day1,
      },
      // Decided by an admin.
      {
        _id: s2,
        ...base,
        text: 'b',
        key: 'b',
        language: 'yo',
        status: 'rejected',
        authorId: 'ada',
        createdAt: day1,
        decidedBy: { userId: 'boss', at: day2 },
      },
      {
        _id: s3,
        ...base,
        text: 'c',
        key: 'c',
        language: 'yo',
        status: 'pending',
        authorId: 'bola',
        createdAt: day2,
      },
      // The starter set has no writer and counts nothing.
      { ...base, text: 'd', key: 'd', language: 'yo', status: 'validated', createdAt: day1 },
    ]);
    await db.collection('review_judgements').insertMany([
      { kind: 'sentence', itemId: s1, userId: 'r1', verdict: 'approve', at: day1 },
      { kind: 'sentence', itemId: s1, userId: 'r2', verdict: 'approve', at: day2 },
      { kind: 'sentence', itemId: s3, userId: 'r1', verdict: 'skip', at: day2 },
    ]);
    const p1 = new ObjectId();
    await db.collection('text_pairs').insertOne({
      _id: p1,
      source_lang_text: 'x',
      target_lang_text: 'y',
      text_category: 'cultural',
      authorId: 'tayo',
      status: 'validated',
      key: 'xy',
      createdAt: day1,
      decidedAt: day2,
      seq: 1,
    });
    await db.collection('review_judgements').insertOne({
      kind: 'pair',
      itemId: p1,
      userId: 'r1',
      verdict: 'approve',
      at: day2,
    });

    await start();
    const sum = async (kind: ActivityKind, userId: string | undefined, on: Date, languages?: string[]) =>
      (
        await sumActivity(db, [
          {
            key: 'k',
            kinds: [kind],
            ...(userId ? { userId } : {}),
            ...(languages ? { languages: languages as never } : {}),
            from: on.toISOString(),
            to: new Date(on.getTime() + 1).toISOString(),
          },
        ])
      ).get('k');
    const d1 = new Date(Date.UTC(2026, 2, 3));
    const d2 = new Date(Date.UTC(2026, 2, 4));
    const expectCounts = async () => {
      expect(await sum('sentences.written', 'ada', d1)).toBe(2);
      expect(await sum('sentences.written', 'bola', d2)).toBe(1);
      expect(await sum('sentences.written', undefined, d1)).toBe(2);
      expect(await sum('sentences.approved', 'ada', d2, ['en'])).toBe(1);
      expect(await sum('sentences.rejected', 'ada', d2, ['yo'])).toBe(1);
      expect(await sum('pairs.added', 'tayo', d1, ['yo'])).toBe(1);
      expect(await sum('pairs.approved', 'tayo', d2, ['yo'])).toBe(1);
      expect(await sum('reviews.given', 'r1', d1, ['en'])).toBe(1);
      expect(await sum('reviews.given', 'r1', d2, ['yo'])).toBe(1);
      expect(await sum('reviews.given', undefined, d2)).toBe(2);
    };
    await expectCounts();
    expect(await db.collection(ACTIVITY_BACKFILL).findOne({})).toMatchObject({ doneAt: expect.any(Date) });
    // The quality figures and the people's documents are rebuilt too, each under its own marker: the three
    // decisions, on day 2.
    expect(await db.collection(ACTIVITY_BACKFILL).countDocuments({ doneAt: { $exists: true } })).toBe(3);
    const qualityDays = async () =>
      db
        .collection(REVIEW_QUALITY_DAILY)
        .find({}, { projection: { _id: 1, decided: 1, approved: 1, rejected: 1 } })
        .toArray();
    const rebuilt = [{ _id: new Date(Date.UTC(2026, 2, 4)), decided: 3, approved: 2, rejected: 1 }];
    expect(await qualityDays()).toEqual(rebuilt);
    // Past decisions now carry their date, for quality metrics: the last review's, or the admin's.
    const dated = await db
      .collection('sentences')
      .find({ _id: { $in: [s1, s2, s3] } }, { sort: { text: 1 }, projection: { decidedAt: 1 } })
      .toArray();
    expect(dated.map((d) => d.decidedAt)).toEqual([day2, day2, undefined]);

    // A sentence counted live on a rebuilt day adds to it.
    await recordActivity(db, [
      { kind: 'sentences.written', userId: 'ada', language: 'en', at: new Date(Date.UTC(2026, 2, 3, 12)) },
    ]);
    // A second process does not rebuild again; a rebuild taken over after a stop adds nothing twice.
    await start();
    await rebuildTextActivity(db, new Date(Date.UTC(2026, 5, 1)), async () => undefined);
    expect(await sum('sentences.written', 'ada', d1)).toBe(3);
    expect(await sum('sentences.written', undefined, d1)).toBe(3);
    expect(await sum('reviews.given', undefined, d2)).toBe(2);
    expect(await sum('sentences.written', 'ada', d1, ['en'])).toBe(2);
    // The monthly counts agree: March read as a whole month.
    const march = await sumActivity(db, [
      {
        key: 'm',
        kinds: ['sentences.written'],
        userId: 'ada',
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-04-01T00:00:00.000Z',
      },
      {
        key: 'r',
        kinds: ['reviews.given'],
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-04-01T00:00:00.000Z',
      },
    ]);
    expect([march.get('m'), march.get('r')]).toEqual([3, 3]);
    expect(await qualityDays()).toEqual(rebuilt);
  }, 60_000);
});
