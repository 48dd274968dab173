import Fastify, { type FastifyInstance } from 'fastify';
import { ObjectId, type Db, type Document } from 'mongodb';
import {
  REVIEW_REJECT_REASONS,
  SERVICE_IDENTITIES,
  type Identity,
  type LanguageCode,
  type RecordingQuality,
} from '@platform/contracts';
import {
  ACTIVITY_COLLECTION,
  ACTIVITY_MONTHLY_COLLECTION,
  ALL_PEOPLE,
  periodWindow,
  type ServiceApp,
} from '@platform/service-kit';
import {
  signedAs,
  signInjectedRequests,
  startTestMongo,
  uniqueDbName,
  type TestMongo,
} from '@platform/service-kit/testing';
import { agreementFigures, mergeReasons } from '../src/analytics/series';
import { buildApp } from '../src/app';
import { FIGURE_COUNTS } from '../src/public-site/store';
import { activeSince, PAIR_SIDES } from '../src/public-site/text-figures';
import { indexesReady, person, SECRET } from './support';

const DAY = 86_400_000;
/** The last day of the story below: Thursday 26 November 2026, late morning UTC. */
const END = Date.UTC(2026, 10, 26, 10);
const gateway = signedAs(SERVICE_IDENTITIES.gateway);
const boss = signedAs({ id: 'boss', role: 'admin', name: 'Boss' } as Identity);

/** Every clock but Date stays real: the database and the driver keep their timers. */
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
const utcMonth = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);

/**
 * Every figure the text service serves per language, status and day, after a varied history written through
 * its routes on several days (writing, adding pairs, approving, rejecting with reasons, skipping, an admin's
 * decisions, an account deleted), each compared with a recount made here from the stored documents.
 */
describe('the text figures equal a recount of the stored documents', () => {
  let mongo: TestMongo;
  let speech: FastifyInstance;
  let app: ServiceApp;
  const db = (): Db => app.database!.db;

  const on = (daysBeforeEnd: number) => jest.setSystemTime(END - daysBeforeEnd * DAY);
  const post = async (url: string, who: Record<string, string>, payload: object, status = 200) => {
    const res = await app.inject({ method: 'POST', url, headers: who, payload });
    expect({ url, status: res.statusCode, body: res.statusCode === status ? null : res.json() }).toEqual({
      url,
      status,
      body: null,
    });
    return res.json();
  };
  const write = async (who: string, lang: LanguageCode, text: string): Promise<string> =>
    (
      await post(
        '/api/sentences',
        person(who),
        { text, lang, citation: 'Mine.', domain: ['general'], cc0Confirmed: true },
        201,
      )
    ).id;
  const addPair = async (who: string, en: string, yo: string): Promise<string> =>
    (
      await post(
        '/api/text/add/',
        person(who),
        { source_lang_text: en, target_lang_text: yo, text_category: 'conversational' },
        201,
      )
    ).text_id;
  const judge = (kind: 'sentence' | 'pair', id: string, who: string, verdict: string, reason?: string) =>
    post(`/api/review/${kind}/${id}`, person(who), { verdict, ...(reason ? { reason } : {}) });
  const decide = (kind: 'sentence' | 'pair', id: string, status: string, reason?: string) =>
    post(`/api/review/${kind}/${id}/decision`, boss, { status, ...(reason ? { reason } : {}) });

  beforeAll(async () => {
    jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], advanceTimers: true, now: END - 60 * DAY });
    mongo = await startTestMongo();
    // The speech service's part of the quality figures: nothing decided there.
    speech = Fastify();
    speech.get('/internal/analytics/recording-quality', async (): Promise<RecordingQuality> => ({
      recordings: { decided: 0, votes: 0, agreeing: 0, agreement: null, approved: 0, rejected: 0 },
      reportReasons: [],
    }));
    const speechUrl = await speech.listen({ port: 0, host: '127.0.0.1' });
    app = signInjectedRequests(
      await buildApp({
        mongoUri: mongo.uri,
        dbName: uniqueDbName('text_figures_recount'),
        identitySecret: SECRET,
        logger: false,
        seedDir: false,
        speechUrl,
      }),
      SECRET,
      'text',
    );
    await app.ready();
    await indexesReady(app);
    await app.activityBackfilled;

    // 45 days before the end: Ada writes in Yoruba and English, Bola in Hausa; Chi adds pairs.
    on(45);
    const yo1 = await write('ada', 'yo', 'Ọjọ́ dára lónìí.');
    const yo2 = await write('ada', 'yo', 'Mo fẹ́ràn oúnjẹ yìí.');
    const yo3 = await write('ada', 'yo', 'Ilé ìwé wa tóbi.');
    const en1 = await write('ada', 'en', 'The market opens at dawn.');
    const en2 = await write('ada', 'en', 'Rain fell all night.');
    const ha1 = await write('bola', 'ha', 'Ina son karatu sosai.');
    const ha2 = await write('bola', 'ha', 'Yau rana ta yi zafi.');
    const pair1 = await addPair('chi', 'Good morning.', 'Ẹ káàárọ̀.');
    const pair2 = await addPair('chi', 'Thank you.', 'Ẹ ṣé.');
    const pair3 = await addPair('chi', 'Good night.', 'Ó dàárọ̀.');
    await judge('sentence', yo1, 'r1', 'approve');
    await judge('sentence', yo1, 'r2', 'approve');
    await judge('sentence', en1, 'r1', 'reject', 'grammar');
    await judge('sentence', en1, 'r2', 'reject', 'wrong-language');
    await judge('sentence', ha1, 'r3', 'skip');

    // 20 days before: Bola writes in Igbo and Pidgin; a split review; Boss decides two directly.
    on(20);
    const ig1 = await write('bola', 'ig', 'Nwa ahụ na-agụ akwụkwọ.');
    const pcm1 = await write('bola', 'pcm', 'Di market don open.');
    await judge('sentence', yo2, 'r1', 'approve');
    await judge('sentence', yo2, 'r2', 'reject', 'offensive');
    await judge('sentence', yo2, 'r3', 'approve');
    await decide('sentence', ha2, 'validated');
    await decide('sentence', en2, 'rejected', 'other');
    await judge('pair', pair1, 'r1', 'approve');
    await judge('pair', pair1, 'r2', 'approve');
    await judge('pair', pair2, 'r1', 'reject', 'grammar');
    await judge('pair', pair2, 'r3', 'reject', 'grammar');

    // 3 days before: more writing and reviewing; a late pair rejected by Boss.
    on(3);
    const yo4 = await write('dayo', 'yo', 'Ẹ káàbọ̀ sí ìlú wa.');
    await write('dayo', 'en', 'The river is wide here.');
    await judge('sentence', ig1, 'r1', 'approve');
    await judge('sentence', ig1, 'r3', 'approve');
    await judge('sentence', pcm1, 'r2', 'reject', 'wrong-language');
    await judge('sentence', yo4, 'r1', 'skip');
    await decide('pair', pair3, 'rejected', 'offensive');

    // The last day: a decision and a pending approval, then Chi's account is deleted.
    on(0);
    await judge('sentence', yo3, 'r2', 'approve');
    await judge('sentence', yo4, 'r2', 'approve');
    await judge('sentence', yo4, 'r3', 'approve');
    await judge('sentence', pcm1, 'r3', 'reject', 'grammar');
    const erased = await app.inject({
      method: 'DELETE',
      url: '/internal/users/chi/text-data?pseudonym=0123456789abcdef01234567',
      headers: gateway,
    });
    expect(erased.statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    jest.useRealTimers();
    await app?.database?.db.dropDatabase().catch(() => undefined);
    await app?.close();
    await speech?.close();
    await mongo?.stop();
  });

  const all = <T extends Document>(collection: string) =>
    db().collection(collection).find().toArray() as unknown as Promise<T[]>;

  it('serves the public figures (per language) as a recount gives them', async () => {
    const res = await app.inject({ url: '/internal/public/text-figures', headers: gateway });
    expect(res.statusCode).toBe(200);
    const sentences = await all<{ language: LanguageCode; status: string }>('sentences');
    const pairs = await all<{ status: string }>('text_pairs');
    const approvedPairs = pairs.filter((p) => p.status === 'validated').length;
    const since = activeSince(new Date()).getTime();
    const judgements = await all<{ userId: string; verdict: string; at: Date }>('review_judgements');
    const authors = async (collection: string) =>
      (await all<{ authorId?: string; createdAt: Date }>(collection))
        .filter((d) => d.authorId && d.createdAt.getTime() >= since)
        .map((d) => d.authorId!);
    const active = new Set([
      ...(await authors('sentences')),
      ...(await authors('text_pairs')),
      ...judgements.filter((j) => j.verdict !== 'skip' && j.at.getTime() >= since).map((j) => j.userId),
    ]);
    const figures = res.json();
    expect(figures).toEqual({
      languages: figures.languages.map(({ language }: { language: LanguageCode }) => ({
        language,
        sentencesStored: sentences.filter((s) => s.language === language).length,
        sentencesApproved: sentences.filter((s) => s.language === language && s.status === 'validated')
          .length,
        textPairsApproved: PAIR_SIDES.includes(language) ? approvedPairs : 0,
      })),
      textPairsStored: pairs.length,
      activeContributors: [...active].sort(),
    });
    // The story reaches every language and status, and someone fell out of the window.
    expect(new Set(sentences.map((s) => s.language)).size).toBe(5);
    expect(new Set(sentences.map((s) => s.status))).toEqual(new Set(['pending', 'validated', 'rejected']));
    expect(active).not.toContain('ada');
    expect(active).toContain('dayo');
  });

  it('counts every public figure from the counters of an index, reading neither documents nor entries', async () => {
    // many sentences of each status and pairs of each status in one language, so that a walk of the entries
    // would examine more keys than there are counters (taken out again for the tests that follow)
    const extra = ['validated', 'pending', 'rejected'].flatMap((status, s) =>
      Array.from({ length: 12 }, (_, i) => ({
        seq: -1 - s * 12 - i,
        _id: new ObjectId(),
        text: `Extra ${status} ${i}.`,
        key: `extra${status}${i}`,
        language: 'yo',
        status,
        createdAt: new Date(END),
      })),
    );
    const extraPairs = extra.map(({ _id, status, key, seq }) => ({
      _id,
      status,
      key,
      seq,
      createdAt: new Date(END),
    }));
    await db().collection('sentences').insertMany(extra);
    await db().collection('text_pairs').insertMany(extraPairs);
    try {
      await everyCountReadsCounters();
    } finally {
      await db()
        .collection('sentences')
        .deleteMany({ _id: { $in: extra.map((e) => e._id) } });
      await db()
        .collection('text_pairs')
        .deleteMany({ _id: { $in: extraPairs.map((e) => e._id) } });
    }
  });

  async function everyCountReadsCounters() {
    for (const { collection, pipeline, hint } of FIGURE_COUNTS) {
      const plan = (await db()
        .collection(collection)
        .aggregate(pipeline, hint ? { hint } : {})
        .explain('executionStats')) as Document;
      // An aggregate's plan may sit in its first stage's $cursor.
      const cursor = (plan.stages as Document[] | undefined)?.[0]?.$cursor as Document | undefined;
      const stats = (plan.executionStats ?? cursor?.executionStats) as Document;
      const rows = await db().collection(collection).aggregate(pipeline).toArray();
      expect({
        collection,
        pipeline,
        docs: stats.totalDocsExamined,
        // one counter per value counted
        keys: stats.totalKeysExamined,
        plan: JSON.stringify(plan),
      }).toEqual({
        collection,
        pipeline,
        docs: 0,
        keys: rows.length,
        plan: expect.stringContaining('COUNT_SCAN'),
      });
    }
  }

  it('serves the quality figures of each period as a recount of the decisions and reasons gives them', async () => {
    const items = [
      ...(await all<{ status: string; approvals?: number; rejections?: number; decidedAt?: Date }>(
        'sentences',
      )),
      ...(await all<{ status: string; approvals?: number; rejections?: number; decidedAt?: Date }>(
        'text_pairs',
      )),
    ];
    const judgements = await all<{ verdict: string; reason?: string; at: Date }>('review_judgements');
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const { start, end } = periodWindow(period, new Date());
      const within = (d: Date | undefined) => d !== undefined && d >= start && d < end;
      const decided = items.filter((i) => i.status !== 'pending' && within(i.decidedAt));
      const validated = decided.filter((i) => i.status === 'validated');
      const rejected = decided.filter((i) => i.status === 'rejected');
      const sum = (list: typeof items, pick: (i: (typeof items)[number]) => number) =>
        list.reduce((n, i) => n + pick(i), 0);
      const reasons = REVIEW_REJECT_REASONS.map((reason) => ({
        reason,
        count: judgements.filter((j) => j.verdict === 'reject' && j.reason === reason && within(j.at)).length,
      }));
      const res = await app.inject({ url: `/api/analytics/quality?period=${period}`, headers: boss });
      expect(res.statusCode).toBe(200);
      const { text, rejectionReasons } = res.json();
      expect({ period, text, rejectionReasons }).toEqual({
        period,
        text: agreementFigures({
          decided: decided.length,
          approved: validated.length,
          rejected: rejected.length,
          votes: sum(decided, (i) => (i.approvals ?? 0) + (i.rejections ?? 0)),
          agreeing: sum(validated, (i) => i.approvals ?? 0) + sum(rejected, (i) => i.rejections ?? 0),
        }),
        rejectionReasons: mergeReasons(reasons),
      });
    }
  });

  it('keeps the daily and monthly activity counts as a recount of the items and reviews gives them', async () => {
    type Row = { kind: string; userId: string; language: string; day: Date; count: number };
    const recount = (granularity: 'day' | 'month') => {
      const rows = new Map<string, number>();
      const add = (kind: string, userId: string | undefined, language: string, at: Date | undefined) => {
        if (!userId || !at) return;
        const start = granularity === 'day' ? utcDay(at) : utcMonth(at);
        for (const who of [userId, ALL_PEOPLE]) {
          const key = [kind, who, language, start].join('|');
          rows.set(key, (rows.get(key) ?? 0) + 1);
        }
      };
      return { rows, add };
    };
    const sentences = await all<{
      _id: unknown;
      authorId?: string;
      language: string;
      status: string;
      createdAt: Date;
      decidedAt?: Date;
    }>('sentences');
    const pairs = await all<{ authorId?: string; status: string; createdAt: Date; decidedAt?: Date }>(
      'text_pairs',
    );
    const judgements = await all<{
      kind: string;
      itemId: unknown;
      userId: string;
      verdict: string;
      at: Date;
    }>('review_judgements');
    const languageOf = new Map(sentences.map((s) => [String(s._id), s.language]));
    for (const [granularity, collection] of [
      ['day', ACTIVITY_COLLECTION],
      ['month', ACTIVITY_MONTHLY_COLLECTION],
    ] as const) {
      const { rows, add } = recount(granularity);
      for (const s of sentences) {
        add('sentences.written', s.authorId, s.language, s.createdAt);
        if (s.status !== 'pending')
          add(
            s.status === 'validated' ? 'sentences.approved' : 'sentences.rejected',
            s.authorId,
            s.language,
            s.decidedAt,
          );
      }
      for (const p of pairs) {
        add('pairs.added', p.authorId, 'yo', p.createdAt);
        if (p.status !== 'pending')
          add(p.status === 'validated' ? 'pairs.approved' : 'pairs.rejected', p.authorId, 'yo', p.decidedAt);
      }
      for (const j of judgements)
        if (j.verdict !== 'skip')
          add('reviews.given', j.userId, j.kind === 'pair' ? 'yo' : languageOf.get(String(j.itemId))!, j.at);
      const stored = (await all<Row>(collection))
        .filter((r) => r.count !== 0)
        .map((r) => [[r.kind, r.userId, r.language, r.day.getTime()].join('|'), r.count] as const);
      expect(new Map(stored)).toEqual(rows);
      expect(rows.size).toBeGreaterThan(20);
    }
  });
});
