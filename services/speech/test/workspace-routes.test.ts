import { ObjectId } from 'mongodb';
import { SERVICE_IDENTITIES, type ActivityQuery } from '@platform/contracts';
import { ACTIVITY_COLLECTIONS, recordActivity, type ActivityEvent } from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import { countDecision, countReport } from '../src/analytics/quality-counts';
import { as, asRole, startSpeech, type SpeechHarness } from './support/harness';

/** A Thursday: this week is Mon 23 Nov – Mon 30 Nov 2026, this month November. */
const NOW = new Date('2026-11-26T12:00:00Z');
const asText = () => signedAs(SERVICE_IDENTITIES.text);
const asGateway = () => signedAs(SERVICE_IDENTITIES.gateway);

describe('the speech service’s workspace routes', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech({ startBackfill: false, now: () => NOW });
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    await Promise.all([
      ...ACTIVITY_COLLECTIONS.map((c) => h.app.database!.db.collection(c).deleteMany({})),
      h.col.recordings.deleteMany({}),
      h.col.recordingMarks.deleteMany({}),
      h.col.recordingQualityDaily.deleteMany({}),
      h.col.speakerDetails.deleteMany({}),
      h.col.preferences.deleteMany({}),
    ]);
  });
  const db = () => h.app.database!.db;
  const count = (events: ActivityEvent[]) => recordActivity(db(), events);

  describe('internal routes are for services only', () => {
    const internal = [
      { method: 'POST' as const, url: '/internal/activity/sums', payload: { queries: [] } },
      { method: 'GET' as const, url: '/internal/activity/languages/ada' },
      { method: 'GET' as const, url: '/internal/analytics/recording-quality?period=week' },
      { method: 'DELETE' as const, url: '/internal/users/ada/speech-data?pseudonym=0123456789abcdef01234567' },
    ];
    it.each(internal)(
      '$method $url: 403 for a person, even an admin; 401 unsigned; 200 for a service',
      async (r) => {
        for (const headers of [as('ada'), asRole('root', 'admin'), asRole('maria', 'manager')]) {
          const res = await h.app.inject({ ...r, headers });
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('access.service_only');
        }
        expect((await h.app.inject(r)).statusCode).toBe(401);
        expect((await h.app.inject({ ...r, headers: asText() })).statusCode).toBe(200);
      },
    );
  });

  describe('POST /internal/activity/sums', () => {
    const sums = (queries: ActivityQuery[]) =>
      h.app.inject({
        method: 'POST',
        url: '/internal/activity/sums',
        headers: asText(),
        payload: { queries },
      });
    const q = (key: string, patch: Partial<ActivityQuery> = {}): ActivityQuery => ({
      key,
      kinds: ['recordings.validated'],
      from: '2026-11-23T00:00:00.000Z',
      to: '2026-11-30T00:00:00.000Z',
      ...patch,
    });

    it('sums per query over whole UTC days in [from, to), by kind, language and person', async () => {
      await count([
        {
          kind: 'recordings.validated',
          userId: 'ada',
          language: 'yo',
          at: new Date('2026-11-22T23:59:59.999Z'),
        },
        {
          kind: 'recordings.validated',
          userId: 'ada',
          language: 'yo',
          at: new Date('2026-11-23T00:00:00.000Z'),
        },
        {
          kind: 'recordings.validated',
          userId: 'bola',
          language: 'ha',
          at: new Date('2026-11-29T23:59:59.999Z'),
        },
        {
          kind: 'recordings.validated',
          userId: 'bola',
          language: 'ha',
          at: new Date('2026-11-30T00:00:00.000Z'),
        },
        { kind: 'donations.approved', userId: 'ada', language: 'yo', at: new Date('2026-11-25T10:00:00Z') },
        {
          kind: 'votes.given',
          userId: 'ada',
          language: 'en',
          at: new Date('2026-11-25T10:00:00Z'),
          count: 3,
        },
      ]);
      const res = await sums([
        q('week'),
        q('ada', { userId: 'ada' }),
        q('hausa', { languages: ['ha'] }),
        q('sunday-before', { from: '2026-11-22T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' }),
        q('good', { kinds: ['recordings.validated', 'donations.approved'], userId: 'ada' }),
        q('votes', { kinds: ['votes.given'] }),
        // Text's kinds: the speech service counts none of them.
        q('text', { kinds: ['sentences.approved', 'pairs.approved'] }),
        q('mixed', { kinds: ['pairs.approved', 'donations.approved'] }),
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        sums: [
          { key: 'week', count: 2 },
          { key: 'ada', count: 1 },
          { key: 'hausa', count: 1 },
          { key: 'sunday-before', count: 1 },
          { key: 'good', count: 2 },
          { key: 'votes', count: 3 },
          { key: 'text', count: 0 },
          { key: 'mixed', count: 1 },
        ],
      });
    });

    it('refuses two queries with one key, an unknown kind and a bad date (400), and answers none for none', async () => {
      for (const payload of [
        { queries: [q('a'), q('a')] },
        { queries: [{ ...q('a'), kinds: ['recordings.everything'] }] },
        { queries: [{ ...q('a'), from: 'yesterday' }] },
        { queries: [{ ...q('a'), kinds: [] }] },
      ]) {
        const res = await h.app.inject({
          method: 'POST',
          url: '/internal/activity/sums',
          headers: asText(),
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('validation.failed');
      }
      expect((await sums([])).json()).toEqual({ sums: [] });
    });
  });

  it('GET /internal/activity/languages/:id: where the person recorded, voted or donated', async () => {
    const at = new Date('2026-11-25T10:00:00Z');
    await count([
      { kind: 'recordings.submitted', userId: 'ada', language: 'ha', at },
      { kind: 'votes.given', userId: 'ada', language: 'ig', at },
      { kind: 'donations.submitted', userId: 'ada', language: 'yo', at },
      { kind: 'recordings.submitted', userId: 'bola', language: 'en', at },
    ]);
    const res = await h.app.inject({ url: '/internal/activity/languages/ada', headers: asText() });
    expect(res.json()).toEqual({ languages: ['ha', 'ig', 'yo'] });
    const nobody = await h.app.inject({ url: '/internal/activity/languages/zed', headers: asText() });
    expect(nobody.json()).toEqual({ languages: [] });
  });

  describe('GET /internal/analytics/recording-quality', () => {
    const decided = (at: string, yes: number, no: number) =>
      countDecision(db(), { status: yes > no ? 'validated' : 'invalidated', yes, no }, new Date(at));
    const quality = async (period: string) => {
      const res = await h.app.inject({
        url: `/internal/analytics/recording-quality?period=${period}`,
        headers: asText(),
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    it('counts recordings decided in this week and the votes that agreed; reasons most frequent first', async () => {
      await decided('2026-11-23T00:00:00Z', 2, 0); // Monday 00:00: this week
      await decided('2026-11-26T09:00:00Z', 3, 1);
      await decided('2026-11-29T23:59:59Z', 1, 2); // Sunday night: this week, rejected
      await decided('2026-11-22T23:59:59Z', 2, 0); // last week
      await countReport(db(), 'noise', new Date('2026-11-24T10:00:00Z'));
      await countReport(db(), 'noise', new Date('2026-11-25T10:00:00Z'));
      await countReport(db(), 'offensive', new Date('2026-11-25T10:00:00Z'));
      await countReport(db(), 'wrong-sentence', new Date('2026-11-20T10:00:00Z')); // last week
      await countReport(db(), 'not-a-reason', new Date('2026-11-25T10:00:00Z'));
      expect(await quality('week')).toEqual({
        recordings: { decided: 3, votes: 9, agreeing: 7, agreement: 78, approved: 2, rejected: 1 },
        reportReasons: [
          { reason: 'noise', count: 2 },
          { reason: 'offensive', count: 1 },
        ],
      });
      const month = await quality('month');
      expect(month.recordings).toMatchObject({ decided: 4, votes: 11, agreeing: 9, agreement: 82 });
      expect(month.reportReasons).toEqual([
        { reason: 'noise', count: 2 },
        { reason: 'offensive', count: 1 },
        { reason: 'wrong-sentence', count: 1 },
      ]);
    });

    it('answers zeros and a null agreement before any decision; refuses an unknown period', async () => {
      expect(await quality('year')).toEqual({
        recordings: { decided: 0, votes: 0, agreeing: 0, agreement: null, approved: 0, rejected: 0 },
        reportReasons: [],
      });
      const res = await h.app.inject({
        url: '/internal/analytics/recording-quality?period=decade',
        headers: asText(),
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('GET /api/analytics/languages', () => {
    it('gives managers and admins clips and hours per language from validated recordings and approved donations', async () => {
      const at = new Date('2026-10-01T10:00:00Z');
      await count([
        { kind: 'recordings.validated', userId: 'a', language: 'yo', at, seconds: 1800 },
        { kind: 'recordings.validated', userId: 'b', language: 'yo', at: NOW, seconds: 1800 },
        { kind: 'donations.approved', userId: 'c', language: 'yo', at, seconds: 3600 },
        { kind: 'recordings.validated', userId: 'a', language: 'ha', at, seconds: 90 },
        // Not decided-good: left out.
        { kind: 'recordings.submitted', userId: 'a', language: 'ig', at, seconds: 100 },
        { kind: 'recordings.rejected', userId: 'a', language: 'en', at, seconds: 100 },
        { kind: 'donations.rejected', userId: 'a', language: 'yo', at, seconds: 100 },
      ]);
      for (const headers of [asRole('maria', 'manager'), asRole('root', 'admin')]) {
        const res = await h.app.inject({ url: '/api/analytics/languages', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          languages: [
            // Two recordings and one donation of two clips.
            { language: 'yo', clips: 4, hours: 2 },
            { language: 'ha', clips: 1, hours: 0.03 },
          ],
        });
      }
      for (const role of ['contributor', 'reviewer', 'researcher'] as const) {
        const res = await h.app.inject({ url: '/api/analytics/languages', headers: asRole('x', role) });
        expect(res.statusCode).toBe(403);
      }
    });
  });

  describe('speaker details', () => {
    const put = (id: string, payload: unknown) =>
      h.app.inject({
        method: 'PUT',
        url: '/api/user/speaker-details',
        headers: as(id),
        payload: payload as object,
      });
    const get = async (id: string) =>
      (await h.app.inject({ url: '/api/user/speaker-details', headers: as(id) })).json();
    const none = { ageRange: null, gender: null, accent: null };

    it('are none until given, persist per person, and a null clears one', async () => {
      expect(await get('ada')).toEqual(none);
      const saved = await put('ada', { ageRange: 'twenties', gender: 'female', accent: '  Ìbàdàn ' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ ageRange: 'twenties', gender: 'female', accent: 'Ìbàdàn' });
      expect(await get('ada')).toEqual({ ageRange: 'twenties', gender: 'female', accent: 'Ìbàdàn' });
      expect(await get('bola')).toEqual(none);
      expect((await put('ada', { ageRange: null, gender: 'female', accent: null })).json()).toEqual({
        ageRange: null,
        gender: 'female',
        accent: null,
      });
      await put('ada', none);
      expect(await get('ada')).toEqual(none);
      expect(await h.col.speakerDetails.countDocuments({ _id: 'ada' })).toBe(0);
    });

    it('refuses a bad age range, gender or accent, a missing field and an extra one (400), keeping what was saved', async () => {
      await put('ada', { ageRange: 'forties', gender: null, accent: null });
      for (const body of [
        { ageRange: 'ancient', gender: null, accent: null },
        { ageRange: null, gender: 'robot', accent: null },
        { ageRange: null, gender: null, accent: 'x'.repeat(61) },
        { ageRange: null, gender: null },
        { ageRange: null, gender: null, accent: null, name: 'Ada' },
      ]) {
        const res = await put('ada', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('validation.failed');
      }
      expect(await get('ada')).toEqual({ ageRange: 'forties', gender: null, accent: null });
      expect((await h.app.inject({ url: '/api/user/speaker-details' })).statusCode).toBe(401);
    });

    it('are erased with the account, with the preferences and the name on recordings; contributions stay', async () => {
      await put('ada', { ageRange: 'forties', gender: 'female', accent: 'Ẹ̀gbá' });
      await put('bola', { ageRange: 'teens', gender: null, accent: null });
      await h.app.inject({
        method: 'PUT',
        url: '/api/user/preferences',
        headers: as('ada'),
        payload: { language: 'yo' },
      });
      const recording = new ObjectId();
      await h.col.recordings.insertOne({
        _id: recording,
        sentenceId: 's1',
        sentenceText: 'A sentence.',
        language: 'yo',
        durationSeconds: 3,
        audioFileId: new ObjectId(),
        container: 'webm',
        contentType: 'audio/webm',
        bytes: 1,
        speakerId: 'ada',
        speakerName: 'Ada Obi',
        yes: 0,
        no: 0,
        voteCount: 0,
        reports: 0,
        status: 'undecided',
        createdAt: new Date(),
      });
      const res = await h.app.inject({
        method: 'DELETE',
        url: '/internal/users/ada/speech-data?pseudonym=0123456789abcdef01234567',
        headers: asGateway(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ done: true });
      expect(await get('ada')).toEqual(none);
      expect(await h.col.preferences.countDocuments({ _id: 'ada' })).toBe(0);
      expect(await h.col.recordings.findOne({ _id: recording })).toMatchObject({
        speakerId: '0123456789abcdef01234567',
        speakerName: null,
      });
      expect(await get('bola')).toEqual({ ageRange: 'teens', gender: null, accent: null });
    });
  });
});
