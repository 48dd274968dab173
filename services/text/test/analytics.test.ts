import Fastify, { type FastifyInstance } from 'fastify';
import { ObjectId, type Db } from 'mongodb';
import type { ActivityQuery, ChartPeriod, Identity, RecordingQuality } from '@platform/contracts';
import { ACTIVITY_COLLECTIONS, periodBuckets, recordActivity, type ServiceApp } from '@platform/service-kit';
import {
  signedAs,
  signInjectedRequests,
  startTestMongo,
  uniqueDbName,
  type TestMongo,
} from '@platform/service-kit/testing';
import { rebuildTextQuality } from '../src/activity/backfill';
import { REVIEW_QUALITY_DAILY } from '../src/analytics/quality-counts';
import { textQuality } from '../src/analytics/store';
import { buildApp } from '../src/app';
import { indexesReady, person, SECRET } from './support';

/** Thursday 26 November 2026, noon UTC. */
const NOW = new Date('2026-11-26T12:00:00.000Z');
const manager = signedAs({ id: 'mgr', role: 'manager', name: 'Manager' } as Identity);
const boss = signedAs({ id: 'boss', role: 'admin', name: 'Admin' } as Identity);
const contributor = signedAs({ id: 'ada', role: 'contributor', name: 'Ada' } as Identity);

describe('analytics', () => {
  let mongo: TestMongo;
  let speech: FastifyInstance;
  let app: ServiceApp;
  const sumsCalls: ActivityQuery[][] = [];
  const recordingQuality: RecordingQuality = {
    recordings: { decided: 4, votes: 10, agreeing: 8, agreement: 80, approved: 3, rejected: 1 },
    reportReasons: [
      { reason: 'noise', count: 5 },
      { reason: 'offensive', count: 2 },
    ],
  };
  const yoruba = new ObjectId();
  const hausa = new ObjectId();
  const db = (): Db => app.database!.db;

  beforeAll(async () => {
    mongo = await startTestMongo();
    // The speech service's part: validated counts (3 in every bucket asked for) and recordings' quality.
    speech = Fastify();
    speech.post('/internal/activity/sums', async (request) => {
      const { queries } = request.body as { queries: ActivityQuery[] };
      sumsCalls.push(queries);
      return { sums: queries.map((q) => ({ key: q.key, count: 3 })) };
    });
    speech.get('/internal/analytics/recording-quality', async () => recordingQuality);
    const speechUrl = await speech.listen({ port: 0, host: '127.0.0.1' });
    app = signInjectedRequests(
      await buildApp({
        mongoUri: mongo.uri,
        dbName: uniqueDbName('text_analytics'),
        identitySecret: SECRET,
        logger: false,
        seedDir: false,
        speechUrl,
        now: () => NOW,
      }),
      SECRET,
      'text',
    );
    await app.ready();
    await indexesReady(app);
    await app.activityBackfilled;
    await db()
      .collection('projects')
      .insertMany([
        { _id: yoruba, name: 'Yoruba', nameKey: 'yoruba', languages: ['yo'], memberIds: ['mgr', 'ada'] },
        { _id: hausa, name: 'Hausa', nameKey: 'hausa', languages: ['ha'], memberIds: ['other'] },
      ]);
  }, 60_000);
  afterAll(async () => {
    await app?.database?.db.dropDatabase().catch(() => undefined);
    await app?.close();
    await speech?.close();
    await mongo?.stop();
  });

  const get = (url: string, who: Record<string, string>) => app.inject({ url, headers: who });

  describe('Task Progress', () => {
    beforeEach(async () => {
      await Promise.all(ACTIVITY_COLLECTIONS.map((c) => db().collection(c).deleteMany({})));
      sumsCalls.length = 0;
    });

    it.each(['week', 'month', 'quarter', 'year'] as ChartPeriod[])(
      'counts an approval at a %s bucket’s start in it and one just before in the bucket before',
      async (period) => {
        const buckets = periodBuckets(period, NOW);
        const second = buckets[1]!.start;
        await recordActivity(db(), [
          // On the edge: the second bucket's start (the first one's end).
          { kind: 'sentences.approved', userId: 'ada', language: 'yo', at: second },
          { kind: 'pairs.approved', userId: 'tayo', language: 'yo', at: second },
          // Just before it: the first bucket.
          { kind: 'sentences.approved', userId: 'ada', language: 'yo', at: new Date(second.getTime() - 1) },
          // At the period's end: the next period, not shown.
          { kind: 'sentences.approved', userId: 'ada', language: 'yo', at: buckets[buckets.length - 1]!.end },
          // Not an approval.
          { kind: 'sentences.written', userId: 'ada', language: 'yo', at: second },
        ]);
        const res = await get(`/api/analytics/progress?period=${period}`, boss);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.period).toBe(period);
        expect(body.points.map((p: { name: string }) => p.name)).toEqual(buckets.map((b) => b.name));
        expect(body.points.map((p: { translated: number }) => p.translated)).toEqual(
          buckets.map((_, i) => (i === 0 ? 1 : i === 1 ? 2 : 0)),
        );
        expect(body.points.every((p: { validated: number }) => p.validated === 3)).toBe(true);
        expect(body.points[1].start).toBe(second.toISOString());
        // One call for every bucket's validated count.
        expect(sumsCalls).toHaveLength(1);
        expect(sumsCalls[0]).toHaveLength(buckets.length);
      },
    );

    it('counts a project’s languages only; All Projects counts every language', async () => {
      const at = new Date('2026-11-24T10:00:00Z');
      await recordActivity(db(), [
        { kind: 'sentences.approved', userId: 'ada', language: 'yo', at },
        { kind: 'sentences.approved', userId: 'ada', language: 'ha', at },
      ]);
      const project = await get(
        `/api/analytics/progress?period=week&projectId=${yoruba.toHexString()}`,
        manager,
      );
      expect(project.statusCode).toBe(200);
      expect(project.json().points[1].translated).toBe(1);
      expect(sumsCalls[0]!.every((q) => JSON.stringify(q.languages) === '["yo"]')).toBe(true);
      const all = await get('/api/analytics/progress?period=week', manager);
      expect(all.json().points[1].translated).toBe(2);
      // An admin sees every project.
      const other = await get(`/api/analytics/progress?period=week&projectId=${hausa.toHexString()}`, boss);
      expect(other.json().points[1].translated).toBe(1);
    });

    it('hides a project the manager is not in, and refuses contributors', async () => {
      for (const id of [hausa.toHexString(), new ObjectId().toHexString(), 'not-an-id']) {
        const res = await get(`/api/analytics/progress?period=week&projectId=${id}`, manager);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('project.not_found');
      }
      const refused = await get('/api/analytics/progress?period=week', contributor);
      expect(refused.statusCode).toBe(403);
      expect((await get('/api/analytics/progress?period=decade', boss)).statusCode).toBe(400);
    });
  });

  describe('task completion', () => {
    beforeAll(async () => {
      const task = (projectId: ObjectId, dueDate: string, state: string) => ({
        projectId,
        dueDate: new Date(dueDate),
        state,
      });
      await db()
        .collection('tasks')
        .insertMany([
          // November's W4 (22nd to the 30th): three due, two completed.
          task(yoruba, '2026-11-22T00:00:00Z', 'completed'),
          task(yoruba, '2026-11-30T00:00:00Z', 'completed'),
          task(yoruba, '2026-11-25T00:00:00Z', 'active'),
          // W1.
          task(yoruba, '2026-11-01T00:00:00Z', 'todo'),
          // December: not this month.
          task(yoruba, '2026-12-01T00:00:00Z', 'completed'),
          // Another project's.
          task(hausa, '2026-11-23T00:00:00Z', 'completed'),
        ]);
    });

    it('gives each bucket its tasks due and the share completed, in the projects the caller may see', async () => {
      const mine = await get('/api/analytics/task-completion?period=month', manager);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().points).toEqual([
        expect.objectContaining({ name: 'W1', due: 1, completed: 0, rate: 0 }),
        expect.objectContaining({ name: 'W2', due: 0, completed: 0, rate: null }),
        expect.objectContaining({ name: 'W3', due: 0, completed: 0, rate: null }),
        expect.objectContaining({ name: 'W4', due: 3, completed: 2, rate: 66 }),
      ]);
      const all = await get('/api/analytics/task-completion?period=month', boss);
      expect(all.json().points[3]).toMatchObject({ due: 4, completed: 3, rate: 75 });
      const one = await get(
        `/api/analytics/task-completion?period=month&projectId=${hausa.toHexString()}`,
        boss,
      );
      expect(one.json().points[3]).toMatchObject({ due: 1, completed: 1, rate: 100 });
      const hidden = await get(
        `/api/analytics/task-completion?period=month&projectId=${hausa.toHexString()}`,
        manager,
      );
      expect(hidden.statusCode).toBe(404);
      const year = await get('/api/analytics/task-completion?period=year', manager);
      expect(year.json().points[3]).toMatchObject({ name: 'Q4', due: 5, completed: 3, rate: 60 });
    });
  });

  describe('quality', () => {
    const noRenew = async () => undefined;
    beforeEach(async () => {
      await db().collection(REVIEW_QUALITY_DAILY).deleteMany({});
    });

    it('agrees reviews with the decisions of the period and merges the period’s reasons, most frequent first', async () => {
      const inWeek = new Date('2026-11-24T09:00:00Z');
      const lastYear = new Date('2025-11-24T09:00:00Z');
      const [s1, s2, s3, p1] = [new ObjectId(), new ObjectId(), new ObjectId(), new ObjectId()];
      const sentence = (
        _id: ObjectId,
        status: string,
        decidedAt: Date,
        approvals: number,
        rejections: number,
      ) => ({
        approvals,
        rejections,
        _id,
        text: _id.toHexString(),
        key: _id.toHexString(),
        language: 'yo',
        status,
        authorId: 'ada',
        createdAt: lastYear,
        decidedAt,
        // The change sequence is unique: the id's counter part is too.
        seq: Number.parseInt(_id.toHexString().slice(-6), 16),
      });
      await db()
        .collection('sentences')
        .insertMany([
          sentence(s1, 'validated', inWeek, 2, 1),
          sentence(s2, 'rejected', inWeek, 0, 2),
          // Decided last year: not in this year's figures.
          sentence(s3, 'rejected', lastYear, 0, 1),
        ]);
      await db().collection('text_pairs').insertOne({
        _id: p1,
        key: 'p1',
        seq: 1,
        status: 'rejected',
        authorId: 'tayo',
        createdAt: lastYear,
        decidedAt: inWeek,
        approvals: 0,
        rejections: 2,
      });
      const j = (
        kind: string,
        itemId: ObjectId,
        userId: string,
        verdict: string,
        reason?: string,
        at = inWeek,
      ) => ({
        kind,
        itemId,
        userId,
        verdict,
        ...(reason ? { reason } : {}),
        at,
      });
      await db()
        .collection('review_judgements')
        .insertMany([
          j('sentence', s1, 'r1', 'approve'),
          j('sentence', s1, 'r2', 'approve'),
          j('sentence', s1, 'r3', 'reject', 'grammar'),
          j('sentence', s1, 'r4', 'skip'),
          j('sentence', s2, 'r1', 'reject', 'offensive'),
          j('sentence', s2, 'r2', 'reject'),
          // Given last year: not this year's reasons.
          j('sentence', s3, 'r1', 'reject', 'grammar', lastYear),
          j('pair', p1, 'r1', 'reject', 'grammar'),
          j('pair', p1, 'r2', 'reject', 'grammar'),
        ]);
      // Stored before the figures were kept live: the one-time rebuild counts them.
      expect(await rebuildTextQuality(db(), NOW, noRenew)).toBeGreaterThan(0);
      const res = await get('/api/analytics/quality?period=year', manager);
      expect(res.statusCode).toBe(200);
      const expected = {
        recordings: recordingQuality.recordings,
        // 3 decided; 7 reviews on them, 6 agreeing.
        text: { decided: 3, votes: 7, agreeing: 6, agreement: 85, approved: 1, rejected: 2 },
        rejectionReasons: [
          { reason: 'noise', count: 5 },
          { reason: 'grammar', count: 3 },
          { reason: 'offensive', count: 3 },
        ],
      };
      expect(res.json()).toEqual(expected);
      // A second rebuild (a retry, or one taken over after a stop) counts nothing twice.
      await rebuildTextQuality(db(), NOW, noRenew);
      expect((await get('/api/analytics/quality?period=year', manager)).json()).toEqual(expected);
      expect((await get('/api/analytics/quality?period=year', contributor)).statusCode).toBe(403);
      await db()
        .collection('sentences')
        .deleteMany({ _id: { $in: [s1, s2, s3] } });
      await db().collection('text_pairs').deleteOne({ _id: p1 });
      await db().collection('review_judgements').deleteMany({});
    });

    it('counts a decision and a rejection’s reason once, live, however often a judgement is retried', async () => {
      const item = new ObjectId();
      await db()
        .collection('sentences')
        .insertOne({
          _id: item,
          text: 'Ọmọ náà ń ṣeré.',
          key: item.toHexString(),
          language: 'yo',
          status: 'pending',
          authorId: 'ada',
          createdAt: NOW,
          seq: Number.parseInt(item.toHexString().slice(-6), 16),
        });
      // The service dates judgements by the clock: the live part is read over all time.
      const cutoff = new Date();
      const judge = (who: string, body: object) =>
        app.inject({
          method: 'POST',
          url: `/api/review/sentence/${item.toHexString()}`,
          headers: person(who),
          payload: body,
        });
      expect((await judge('r1', { verdict: 'reject', reason: 'grammar' })).statusCode).toBe(200);
      // The same person again: refused, and its reason not counted again.
      expect((await judge('r1', { verdict: 'reject', reason: 'grammar' })).statusCode).toBe(409);
      expect((await judge('r2', { verdict: 'approve' })).statusCode).toBe(200);
      expect((await judge('r3', { verdict: 'reject', reason: 'offensive' })).statusCode).toBe(200);
      // 1 approval, 2 rejections: rejected. Later judgements are refused and change nothing.
      expect((await judge('r3', { verdict: 'reject', reason: 'offensive' })).statusCode).toBe(409);
      expect((await judge('r4', { verdict: 'reject', reason: 'grammar' })).statusCode).toBe(409);
      const allTime = { start: new Date(0), end: new Date(Date.UTC(9999, 0, 1)) };
      const expected = {
        decided: 1,
        votes: 3,
        agreeing: 2,
        approved: 0,
        rejected: 1,
        reasons: [
          { reason: 'grammar', count: 1 },
          { reason: 'offensive', count: 1 },
        ],
      };
      expect(await textQuality(db(), allTime)).toEqual(expected);
      // The rebuild of what came before its cutoff adds nothing to what was counted live after it.
      await rebuildTextQuality(db(), cutoff, noRenew);
      expect(await textQuality(db(), allTime)).toEqual(expected);
      // All on the UTC day of the judgements: one daily document.
      expect(await db().collection(REVIEW_QUALITY_DAILY).countDocuments()).toBe(1);
      await db().collection('sentences').deleteOne({ _id: item });
      await db().collection('review_judgements').deleteMany({});
    });

    it('keeps what was counted live on a day the rebuild fills', async () => {
      const day = new Date('2026-11-24T09:00:00Z');
      const item = new ObjectId();
      // Decided before the cutoff (stored by an earlier version), judged with a reason the same day.
      await db().collection('text_pairs').insertOne({
        _id: item,
        key: 'before-cutoff',
        seq: 2,
        status: 'validated',
        authorId: 'tayo',
        createdAt: day,
        decidedAt: day,
        approvals: 2,
        rejections: 1,
      });
      await db().collection('review_judgements').insertOne({
        kind: 'pair',
        itemId: item,
        userId: 'r9',
        verdict: 'reject',
        reason: 'grammar',
        at: day,
      });
      // Counted live later that day, after the cutoff.
      await db()
        .collection(REVIEW_QUALITY_DAILY)
        .insertOne({
          _id: new Date('2026-11-24T00:00:00Z') as never,
          decided: 1,
          approved: 0,
          rejected: 1,
          votes: 2,
          agreeing: 2,
          reasons: { grammar: 1 },
        });
      const cutoff = new Date('2026-11-24T12:00:00Z');
      await rebuildTextQuality(db(), cutoff, noRenew);
      await rebuildTextQuality(db(), cutoff, noRenew);
      const res = await get('/api/analytics/quality?period=week', manager);
      expect(res.json().text).toEqual({
        decided: 2,
        votes: 5,
        agreeing: 4,
        agreement: 80,
        approved: 1,
        rejected: 1,
      });
      expect(res.json().rejectionReasons).toContainEqual({ reason: 'grammar', count: 2 });
      await db().collection('text_pairs').deleteOne({ _id: item });
      await db().collection('review_judgements').deleteMany({});
    });
  });
});
