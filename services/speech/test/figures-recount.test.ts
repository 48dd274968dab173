import { ObjectId, type Db, type Document } from 'mongodb';
import {
  RECORDING_REPORT_REASONS,
  SERVICE_IDENTITIES,
  type Identity,
  type LanguageCode,
} from '@platform/contracts';
import {
  ACTIVITY_COLLECTION,
  ACTIVITY_MONTHLY_COLLECTION,
  ALL_PEOPLE,
  periodWindow,
} from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import { activeSince } from '../src/public-site/figures';
import { FIGURE_COUNTS } from '../src/public-site/store';
import type { TextPairCopyDoc } from '../src/text-pairs/store';
import { chromiumWebm } from './support/audio';
import { addSentences, as, asRole, multipart, startSpeech, type SpeechHarness } from './support/harness';
import { tone } from './support/wav';

const DAY = 86_400_000;
/** The last day of the story below: Thursday 26 November 2026, late morning UTC. */
const END = Date.UTC(2026, 10, 26, 10);
const gateway = signedAs(SERVICE_IDENTITIES.gateway);
const textService = signedAs(SERVICE_IDENTITIES.text);
const manager = signedAs({ id: 'mgr', role: 'manager', name: 'Manager' } as Identity);

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
/** Sums of seconds added in another order differ in the last bits of a double. */
const rounded = (n: number) => Math.round(n * 1e6) / 1e6;

interface Recording {
  _id: ObjectId;
  language: LanguageCode;
  speakerId: string;
  durationSeconds: number;
  status: string;
  yes: number;
  no: number;
  createdAt: Date;
  decidedAt?: Date;
}
interface Donation {
  donorId: string;
  status: string;
  sourceDurationMs: number;
  targetDurationMs: number;
  createdAt: Date;
  decision?: { at: Date };
}

/**
 * Every figure the speech service serves per language, status and day, after a varied history written through
 * its routes on several days (recordings in five languages, votes that decide and one taken back, reports,
 * donations approved and rejected, an account deleted), each compared with a recount made here from the
 * stored documents.
 */
describe('the speech figures equal a recount of the stored documents', () => {
  let h: SpeechHarness;
  const db = (): Db => h.app.database!.db;
  const on = (daysBeforeEnd: number) => jest.setSystemTime(END - daysBeforeEnd * DAY);
  const all = <T extends Document>(collection: string) =>
    db().collection(collection).find().toArray() as unknown as Promise<T[]>;

  let takes = 0;
  const record = async (speaker: string, language: LanguageCode): Promise<string> => {
    // A sentence of its own: a person records each sentence once.
    const [sentenceId] = await addSentences(h.col, language, [`Sentence number ${++takes}.`]);
    const body = multipart([
      { name: 'sentenceId', value: sentenceId! },
      { name: 'audio', filename: 'take.webm', type: 'audio/webm', data: chromiumWebm('speech') },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...as(speaker), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  };
  const vote = async (id: string, voter: string, isValid: boolean) =>
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/api/recordings/${id}/validate`,
          headers: as(voter),
          payload: { isValid },
        })
      ).statusCode,
    ).toBe(200);
  const report = async (id: string, who: string, reason: string) =>
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/api/recordings/${id}/report`,
          headers: as(who),
          payload: { reason },
        })
      ).statusCode,
    ).toBe(200);
  const donate = async (donor: string, textId: string, seconds: number): Promise<string> => {
    const body = multipart([
      { name: 'text_id', value: textId },
      { name: 'user_dialect', value: 'standard-yoruba' },
      { name: 'source_audio_file', filename: 'english.wav', type: 'audio/wav', data: tone(seconds) },
      { name: 'target_audio_file', filename: 'yoruba.wav', type: 'audio/wav', data: tone(seconds + 1) },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/audio/upload/',
      headers: { ...as(donor), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().audio_id;
  };
  const decideDonation = async (id: string, status: 'approved' | 'rejected') =>
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/api/audio/${id}/decision`,
          headers: asRole('rev', 'reviewer'),
          payload: { status },
        })
      ).statusCode,
    ).toBe(200);

  beforeAll(async () => {
    jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], advanceTimers: true, now: END - 60 * DAY });
    // Everything is counted live from an empty store: no rebuild.
    h = await startSpeech({ startBackfill: false });
    const pairs: TextPairCopyDoc[] = [1, 2, 3].map((n) => ({
      _id: new ObjectId().toHexString(),
      source_lang_text: `Good morning number ${n}.`,
      target_lang_text: `Ẹ káàárọ̀ nọ́mbà ${n}.`,
      text_category: 'conversational',
      approved: true,
      donations: 0,
      rand: Math.random(),
      seq: n,
    }));
    await h.col.textPairs.insertMany(pairs);

    // 45 days before the end: Ada and Bola record; votes decide two; a donation.
    on(45);
    const a1 = await record('ada', 'yo');
    const a2 = await record('ada', 'en');
    const b1 = await record('bola', 'yo');
    const b2 = await record('bola', 'ha');
    await vote(a1, 'v1', true);
    await vote(a1, 'v2', true);
    await vote(b1, 'v1', false);
    await vote(b1, 'v2', false);
    await report(a2, 'v3', 'noise');
    const d1 = await donate('dara', pairs[0]!._id, 2);

    // 20 days before: Chi records in Igbo and Pidgin; a split vote; the donation approved, another rejected.
    on(20);
    const c1 = await record('chi', 'ig');
    const c2 = await record('chi', 'pcm');
    await vote(a2, 'v1', true);
    await vote(a2, 'v2', false);
    await vote(a2, 'v3', true);
    await vote(c1, 'v4', true);
    await report(c2, 'v1', 'offensive');
    await report(c2, 'v2', 'offensive');
    await decideDonation(d1, 'approved');
    await decideDonation(await donate('ada', pairs[1]!._id, 3), 'rejected');

    // 3 days before: more recordings, a vote taken back, a pending donation.
    on(3);
    const a3 = await record('ada', 'yo');
    await record('dayo', 'en');
    await vote(a3, 'v5', true);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/api/recordings/${a3}/validate`, headers: as('v5') }))
        .statusCode,
    ).toBe(200);
    await vote(b2, 'v4', false);
    await donate('bola', pairs[2]!._id, 4);

    // The last day: decisions, a report, then Chi's account is deleted.
    on(0);
    await vote(c1, 'v1', true);
    await vote(b2, 'v5', false);
    await vote(c2, 'v4', false);
    await report(a3, 'v2', 'wrong-sentence');
    const erased = await h.app.inject({
      method: 'DELETE',
      url: '/internal/users/chi/speech-data?pseudonym=0123456789abcdef01234567',
      headers: gateway,
    });
    expect(erased.statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    jest.useRealTimers();
    await h?.close();
  });

  it('serves the public figures (per language) as a recount gives them', async () => {
    const res = await h.app.inject({ url: '/internal/public/speech-figures', headers: gateway });
    expect(res.statusCode).toBe(200);
    const recordings = await all<Recording>('recordings');
    const donations = await all<Donation>('audio_pairs');
    const votes = await all<{ voterId: string; createdAt: Date }>('votes');
    const since = activeSince(new Date()).getTime();
    const recent = (d: Date) => d.getTime() >= since;
    const active = new Set([
      ...recordings.filter((r) => recent(r.createdAt)).map((r) => r.speakerId),
      ...votes.filter((v) => recent(v.createdAt)).map((v) => v.voterId),
      ...donations.filter((d) => recent(d.createdAt)).map((d) => d.donorId),
    ]);
    const hours = (list: Recording[]) => rounded(list.reduce((n, r) => n + r.durationSeconds, 0) / 3600);
    const figures = res.json();
    const roundedHours = {
      ...figures,
      languages: figures.languages.map((l: Document) => ({
        ...l,
        hoursRecorded: rounded(l.hoursRecorded),
        hoursValidated: rounded(l.hoursValidated),
      })),
    };
    expect(roundedHours).toEqual({
      languages: figures.languages.map(({ language }: { language: LanguageCode }) => {
        const mine = recordings.filter((r) => r.language === language);
        return {
          language,
          recordings: mine.length,
          hoursRecorded: hours(mine),
          hoursValidated: hours(mine.filter((r) => r.status === 'validated')),
          speakers: new Set(mine.map((r) => r.speakerId)).size,
        };
      }),
      donations: donations.length,
      recordingsValidated: recordings.filter((r) => r.status === 'validated').length,
      recordingsRejected: recordings.filter((r) => r.status === 'invalidated').length,
      activeContributors: [...active].sort(),
    });
    // The story reaches every language and state, someone fell out of the window, and Chi is a pseudonym.
    expect(new Set(recordings.map((r) => r.language)).size).toBe(5);
    expect(new Set(recordings.map((r) => r.status))).toEqual(
      new Set(['undecided', 'validated', 'invalidated']),
    );
    expect(active).not.toContain('dara');
    expect(active).not.toContain('chi');
    expect(active).toContain('0123456789abcdef01234567');
  });

  it('counts every public figure from an index, reading no document', async () => {
    for (const { collection, query } of FIGURE_COUNTS) {
      const plan = await db().command({ explain: { count: collection, query }, verbosity: 'executionStats' });
      expect({ collection, query, docs: plan.executionStats.totalDocsExamined }).toEqual({
        collection,
        query,
        docs: 0,
      });
      if (Object.keys(query).length > 0)
        expect({ query, plan: JSON.stringify(plan.queryPlanner.winningPlan) }).toEqual({
          query,
          plan: expect.stringContaining('COUNT_SCAN'),
        });
    }
  });

  it('serves the language distribution as a recount of validated recordings and approved donations gives it', async () => {
    const recordings = await all<Recording>('recordings');
    const donations = await all<Donation>('audio_pairs');
    const rows = new Map<string, { clips: number; seconds: number }>();
    const add = (language: string, clips: number, seconds: number) => {
      const row = rows.get(language) ?? { clips: 0, seconds: 0 };
      rows.set(language, { clips: row.clips + clips, seconds: row.seconds + seconds });
    };
    for (const r of recordings) if (r.status === 'validated') add(r.language, 1, r.durationSeconds);
    for (const d of donations)
      if (d.status === 'approved') add('yo', 2, (d.sourceDurationMs + d.targetDurationMs) / 1000);
    const res = await h.app.inject({ url: '/api/analytics/languages', headers: manager });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      languages: [...rows]
        .sort(([a, x], [b, y]) => y.clips - x.clips || a.localeCompare(b))
        .map(([language, { clips, seconds }]) => ({
          language,
          clips,
          hours: Math.round((seconds / 3600) * 100) / 100,
        })),
    });
  });

  it('serves the quality figures of each period as a recount of the decisions and reports gives them', async () => {
    const recordings = await all<Recording>('recordings');
    const reports = await all<{ kind: string; reason?: string; createdAt: Date }>('recording_marks');
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const { start, end } = periodWindow(period, new Date());
      const within = (d: Date | undefined) => d !== undefined && d >= start && d < end;
      const decided = recordings.filter((r) => r.status !== 'undecided' && within(r.decidedAt));
      const votes = decided.reduce((n, r) => n + r.yes + r.no, 0);
      const agreeing = decided.reduce((n, r) => n + (r.status === 'validated' ? r.yes : r.no), 0);
      const reasons = RECORDING_REPORT_REASONS.map((reason) => ({
        reason,
        count: reports.filter((m) => m.kind === 'reported' && m.reason === reason && within(m.createdAt))
          .length,
      }))
        .filter((r) => r.count > 0)
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
      const res = await h.app.inject({
        url: `/internal/analytics/recording-quality?period=${period}`,
        headers: textService,
      });
      expect(res.statusCode).toBe(200);
      expect({ period, ...res.json() }).toEqual({
        period,
        recordings: {
          decided: decided.length,
          votes,
          agreeing,
          agreement: votes === 0 ? null : Math.round((agreeing * 100) / votes),
          approved: decided.filter((r) => r.status === 'validated').length,
          rejected: decided.filter((r) => r.status === 'invalidated').length,
        },
        reportReasons: reasons,
      });
    }
  });

  it('keeps the daily and monthly activity counts as a recount of the recordings, votes and donations gives them', async () => {
    const recordings = await all<Recording>('recordings');
    const votes = await all<{ recordingId: ObjectId; voterId: string; createdAt: Date }>('votes');
    const donations = await all<Donation>('audio_pairs');
    const languageOf = new Map(recordings.map((r) => [r._id.toHexString(), r.language]));
    for (const [granularity, collection] of [
      ['day', ACTIVITY_COLLECTION],
      ['month', ACTIVITY_MONTHLY_COLLECTION],
    ] as const) {
      const rows = new Map<string, { count: number; seconds: number }>();
      const add = (kind: string, userId: string, language: string, at: Date | undefined, seconds = 0) => {
        if (!at) return;
        const start = granularity === 'day' ? utcDay(at) : utcMonth(at);
        for (const who of [userId, ALL_PEOPLE]) {
          const key = [kind, who, language, start].join('|');
          const row = rows.get(key) ?? { count: 0, seconds: 0 };
          rows.set(key, { count: row.count + 1, seconds: rounded(row.seconds + seconds) });
        }
      };
      for (const r of recordings) {
        add('recordings.submitted', r.speakerId, r.language, r.createdAt, r.durationSeconds);
        if (r.status !== 'undecided')
          add(
            r.status === 'validated' ? 'recordings.validated' : 'recordings.rejected',
            r.speakerId,
            r.language,
            r.decidedAt,
            r.durationSeconds,
          );
      }
      for (const v of votes)
        add('votes.given', v.voterId, languageOf.get(v.recordingId.toHexString())!, v.createdAt);
      for (const d of donations) {
        const seconds = (d.sourceDurationMs + d.targetDurationMs) / 1000;
        add('donations.submitted', d.donorId, 'yo', d.createdAt, seconds);
        if (d.status !== 'pending')
          add(
            d.status === 'approved' ? 'donations.approved' : 'donations.rejected',
            d.donorId,
            'yo',
            d.decision?.at,
            seconds,
          );
      }
      const stored = (
        await all<{
          kind: string;
          userId: string;
          language: string;
          day: Date;
          count: number;
          seconds: number;
        }>(collection)
      )
        .filter((r) => r.count !== 0)
        .map(
          (r) =>
            [
              [r.kind, r.userId, r.language, r.day.getTime()].join('|'),
              { count: r.count, seconds: rounded(r.seconds) },
            ] as const,
        );
      expect(new Map(stored)).toEqual(rows);
      expect(rows.size).toBeGreaterThan(20);
    }
  });
});
