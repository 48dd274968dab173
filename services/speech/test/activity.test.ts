import { ObjectId } from 'mongodb';
import type { ActivityKind } from '@platform/contracts';
import { SERVICE_IDENTITIES } from '@platform/contracts';
import {
  ACTIVITY_COLLECTION,
  ACTIVITY_COLLECTIONS,
  ALL_PEOPLE,
  utcDay,
  type ActivityDoc,
} from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import type { AudioPairDoc } from '../src/audio-pairs/store';
import type { RecordingDoc, VoteDoc } from '../src/recordings/store';
import { BACKFILL_ID } from '../src/activity/backfill';
import { addSentences, as, asRole, multipart, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { tone } from './support/wav';

const DAY = 86_400_000;

describe('speech activity counts', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech({ startBackfill: false });
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    const db = h.app.database!.db;
    await Promise.all([
      ...ACTIVITY_COLLECTIONS.map((c) => db.collection(c).deleteMany({})),
      h.col.recordings.deleteMany({}),
      h.col.votes.deleteMany({}),
      h.col.audioPairs.deleteMany({}),
      h.col.textPairs.deleteMany({}),
      h.col.activityBackfill.deleteMany({}),
      h.col.recordingMarks.deleteMany({}),
      h.col.recordingQualityDaily.deleteMany({}),
    ]);
  });

  const activity = () => h.app.database!.db.collection<ActivityDoc>(ACTIVITY_COLLECTION);
  /** What is counted of a kind for a person (or everyone), over all days and languages. */
  const counted = async (kind: ActivityKind, userId: string = ALL_PEOPLE) => {
    const docs = await activity().find({ kind, userId }).toArray();
    return {
      count: docs.reduce((n, d) => n + d.count, 0),
      seconds: Math.round(docs.reduce((n, d) => n + d.seconds, 0) * 1000) / 1000,
      languages: [...new Set(docs.map((d) => d.language))].sort(),
    };
  };

  const recording = async (speakerId: string, patch: Partial<RecordingDoc> = {}) => {
    const doc: RecordingDoc = {
      _id: new ObjectId(),
      sentenceId: 's1',
      sentenceText: 'A sentence.',
      language: 'yo',
      durationSeconds: 4.5,
      audioFileId: new ObjectId(),
      container: 'webm',
      contentType: 'audio/webm',
      bytes: 0,
      speakerId,
      speakerName: null,
      yes: 0,
      no: 0,
      voteCount: 0,
      reports: 0,
      status: 'undecided',
      createdAt: new Date(),
      ...patch,
    };
    await h.col.recordings.insertOne(doc);
    return doc;
  };
  const vote = (id: ObjectId, voter: string, isValid: boolean) =>
    h.app.inject({
      method: 'POST',
      url: `/api/recordings/${id.toHexString()}/validate`,
      headers: as(voter),
      payload: { isValid },
    });

  it('counts an accepted recording once, in its sentence’s language with its seconds; a refused retry adds nothing', async () => {
    const [sentenceId] = await addSentences(h.col, 'ha', ['Ina kwana.']);
    const upload = () => {
      const body = multipart([
        { name: 'sentenceId', value: sentenceId! },
        { name: 'audio', filename: 'take.webm', type: 'audio/webm', data: chromiumWebm('speech') },
      ]);
      return h.app.inject({
        method: 'POST',
        url: '/api/recordings',
        headers: { ...as('ada'), ...body.headers },
        payload: body.payload,
      });
    };
    expect((await upload()).statusCode).toBe(201);
    expect((await upload()).statusCode).toBe(409);
    const mine = await counted('recordings.submitted', 'ada');
    expect(mine).toMatchObject({ count: 1, languages: ['ha'] });
    expect(mine.seconds).toBeCloseTo(3.96, 1);
    expect(await counted('recordings.submitted')).toMatchObject({ count: 1 });
  });

  it('counts each vote under its voter, and the decision once under the recorder, with the seconds', async () => {
    const rec = await recording('speaker');
    expect((await vote(rec._id, 'v1', true)).statusCode).toBe(200);
    expect((await vote(rec._id, 'v1', true)).statusCode).toBe(409); // a retry of the same vote
    expect(await counted('recordings.validated')).toMatchObject({ count: 0 });
    expect((await vote(rec._id, 'v2', true)).statusCode).toBe(200); // decides it
    expect((await vote(rec._id, 'v3', false)).statusCode).toBe(409); // too late
    expect(await counted('votes.given', 'v1')).toMatchObject({ count: 1, languages: ['yo'] });
    expect(await counted('votes.given', 'v3')).toMatchObject({ count: 0 });
    expect(await counted('votes.given')).toMatchObject({ count: 2 });
    expect(await counted('recordings.validated', 'speaker')).toEqual({
      count: 1,
      seconds: 4.5,
      languages: ['yo'],
    });
    expect(await counted('recordings.validated', 'v2')).toMatchObject({ count: 0 });
    expect(await counted('recordings.rejected')).toMatchObject({ count: 0 });
    const stored = await h.col.recordings.findOne({ _id: rec._id });
    expect(stored?.decidedAt).toBeInstanceOf(Date);
  });

  it('counts a rejection by votes, and takes an undone vote back', async () => {
    const rec = await recording('speaker', { language: 'ig', durationSeconds: 2 });
    await vote(rec._id, 'v1', true);
    const undo = await h.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${rec._id.toHexString()}/validate`,
      headers: as('v1'),
    });
    expect(undo.statusCode).toBe(200);
    expect(await counted('votes.given', 'v1')).toMatchObject({ count: 0 });
    await vote(rec._id, 'v2', false);
    await vote(rec._id, 'v3', false);
    expect(await counted('recordings.rejected', 'speaker')).toEqual({
      count: 1,
      seconds: 2,
      languages: ['ig'],
    });
    expect(await counted('recordings.validated')).toMatchObject({ count: 0 });
  });

  it('a decision by votes and a report show in this week’s recording quality, the decision once', async () => {
    const rec = await recording('speaker');
    await vote(rec._id, 'v1', true);
    await vote(rec._id, 'v2', false);
    await vote(rec._id, 'v3', true); // decides it: 2 for, 1 against
    await vote(rec._id, 'v4', false); // too late
    const report = () =>
      h.app.inject({
        method: 'POST',
        url: `/api/recordings/${rec._id.toHexString()}/report`,
        headers: as('v5'),
        payload: { reason: 'noise' },
      });
    expect((await report()).statusCode).toBe(200);
    expect((await report()).statusCode).toBe(200); // the same report again counts once
    const res = await h.app.inject({
      url: '/internal/analytics/recording-quality?period=week',
      headers: signedAs(SERVICE_IDENTITIES.text),
    });
    expect(res.json()).toEqual({
      recordings: { decided: 1, votes: 3, agreeing: 2, agreement: 67, approved: 1, rejected: 0 },
      reportReasons: [{ reason: 'noise', count: 1 }],
    });
  });

  it('decides a recording once when many votes race past the threshold', async () => {
    const rec = await recording('speaker');
    await Promise.all([...Array(12)].map((_, i) => vote(rec._id, `racer${i}`, true)));
    expect(await counted('recordings.validated')).toMatchObject({ count: 1 });
    const votes = await h.col.votes.countDocuments({ recordingId: rec._id });
    expect(await counted('votes.given')).toMatchObject({ count: votes });
  });

  it('counts a donation when stored and once when decided, in Yoruba with both sides’ seconds', async () => {
    const textId = new ObjectId().toHexString();
    await h.col.textPairs.insertOne({
      _id: textId,
      source_lang_text: 'Good morning.',
      target_lang_text: 'Ẹ káàárọ̀.',
      text_category: 'conversational',
      approved: true,
      donations: 0,
      rand: 0.5,
      seq: 1,
    });
    const body = multipart([
      { name: 'text_id', value: textId },
      { name: 'user_dialect', value: 'standard-yoruba' },
      { name: 'source_audio_file', filename: 'en.wav', type: 'audio/wav', data: tone(2) },
      { name: 'target_audio_file', filename: 'yo.wav', type: 'audio/wav', data: tone(3) },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...as('donor'), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(await counted('donations.submitted', 'donor')).toEqual({
      count: 1,
      seconds: 5,
      languages: ['yo'],
    });
    const id = (res.json() as { audio_id: string }).audio_id;
    const decide = (status: string) =>
      h.app.inject({
        method: 'POST',
        url: `/api/audio/${id}/decision`,
        headers: asRole('rita', 'reviewer'),
        payload: { status },
      });
    const decisions = await Promise.all([decide('approved'), decide('approved'), decide('rejected')]);
    expect(decisions.filter((d) => d.statusCode === 200)).toHaveLength(1);
    const approved = await counted('donations.approved', 'donor');
    const rejected = await counted('donations.rejected', 'donor');
    expect(approved.count + rejected.count).toBe(1);
    expect(approved.seconds + rejected.seconds).toBe(5);
  });

  describe('backfill of data stored before the counts were kept', () => {
    const longAgo = (days: number) => new Date(Date.now() - days * DAY);

    async function oldData() {
      // Decided by two votes ten days ago, before decidedAt was kept.
      const decided = await recording('old-speaker', {
        createdAt: longAgo(12),
        yes: 2,
        voteCount: 2,
        status: 'validated',
        durationSeconds: 3,
      });
      const votes: VoteDoc[] = [
        { recordingId: decided._id, voterId: 'old-voter', isValid: true, createdAt: longAgo(11) },
        { recordingId: decided._id, voterId: 'other-voter', isValid: true, createdAt: longAgo(10) },
      ];
      await h.col.votes.insertMany(votes);
      const open = await recording('old-speaker', {
        createdAt: longAgo(5),
        language: 'en',
        durationSeconds: 2,
      });
      const pair: AudioPairDoc = {
        _id: new ObjectId(),
        textId: 't1',
        sourceText: 'Hi.',
        targetText: 'Báwo.',
        category: 'conversational',
        dialect: 'standard-yoruba',
        donorId: 'old-donor',
        sourceFileId: new ObjectId(),
        targetFileId: new ObjectId(),
        sourceBytes: 1,
        targetBytes: 1,
        sourceDurationMs: 1500,
        targetDurationMs: 2500,
        status: 'approved',
        decision: { byId: 'rita', at: longAgo(3) },
        createdAt: longAgo(4),
      };
      await h.col.audioPairs.insertOne(pair);
      await h.col.recordingMarks.insertOne({
        userId: 'old-voter',
        recordingId: decided._id,
        kind: 'reported',
        reason: 'noise',
        createdAt: longAgo(9),
      });
      return { decided, open, lastVote: votes[1]!.createdAt };
    }

    it('counts what was stored and decided before the cutoff, on the days it happened, then never again', async () => {
      const { decided, open, lastVote } = await oldData();
      const first = await h.app.activityBackfill.runOnce();
      expect(first.state).toBe('done');
      expect(await counted('recordings.submitted', 'old-speaker')).toEqual({
        count: 2,
        seconds: 5,
        languages: ['en', 'yo'],
      });
      expect(await counted('recordings.validated', 'old-speaker')).toEqual({
        count: 1,
        seconds: 3,
        languages: ['yo'],
      });
      expect(await counted('votes.given', 'old-voter')).toMatchObject({ count: 1, languages: ['yo'] });
      expect(await counted('votes.given')).toMatchObject({ count: 2 });
      expect(await counted('donations.submitted', 'old-donor')).toEqual({
        count: 1,
        seconds: 4,
        languages: ['yo'],
      });
      expect(await counted('donations.approved')).toEqual({ count: 1, seconds: 4, languages: ['yo'] });
      // Dated at the last vote, the one that decided it.
      const stamped = await h.col.recordings.findOne({ _id: decided._id });
      expect(stamped?.decidedAt).toEqual(lastVote);
      const validatedDoc = await activity().findOne({ kind: 'recordings.validated', userId: 'old-speaker' });
      expect(validatedDoc?.day.toISOString()).toBe(`${lastVote.toISOString().slice(0, 10)}T00:00:00.000Z`);

      // Listen's quality figures of the decision's day and the report's.
      expect(await h.col.recordingQualityDaily.findOne({ _id: utcDay(lastVote) })).toMatchObject({
        decided: 1,
        approved: 1,
        rejected: 0,
        votes: 2,
        agreeing: 2,
      });
      expect(await h.col.recordingQualityDaily.findOne({ _id: utcDay(longAgo(9)) })).toMatchObject({
        reasons: { noise: 1 },
      });

      // Live activity after the cutoff is counted live only; a second run does nothing.
      await vote(open._id, 'new-voter', true);
      expect(await h.app.activityBackfill.runOnce()).toEqual({ state: 'skipped' });
      expect(await counted('votes.given')).toMatchObject({ count: 3 });
      expect(await counted('recordings.submitted')).toMatchObject({ count: 2 });
    });

    it('adds each row at most once when a run that died mid-way is taken over', async () => {
      await oldData();
      await h.app.activityBackfill.runOnce();
      const before = await activity()
        .find({}, { projection: { _id: 0 } })
        .sort({ kind: 1, userId: 1 })
        .toArray();
      const qualityBefore = await h.col.recordingQualityDaily
        .find({}, { projection: { backfill: 0 } })
        .toArray();
      expect(qualityBefore.length).toBeGreaterThan(0);
      // As if the first run had died after writing: the marker is pending again with its lease lapsed.
      await h.col.activityBackfill.updateOne(
        { _id: BACKFILL_ID },
        { $set: { state: 'pending', leaseUntil: new Date(0) } },
      );
      expect((await h.app.activityBackfill.runOnce()).state).toBe('done');
      const after = await activity()
        .find({}, { projection: { _id: 0 } })
        .sort({ kind: 1, userId: 1 })
        .toArray();
      expect(after).toEqual(before);
      expect(await h.col.recordingQualityDaily.find({}, { projection: { backfill: 0 } }).toArray()).toEqual(
        qualityBefore,
      );
    });

    it('leaves the work to the process holding the lease', async () => {
      await oldData();
      await h.col.activityBackfill.insertOne({
        _id: BACKFILL_ID,
        cutoff: new Date(),
        state: 'pending',
        owner: 'another-process',
        leaseUntil: new Date(Date.now() + 60_000),
      });
      expect(await h.app.activityBackfill.runOnce()).toEqual({ state: 'skipped' });
      expect(await activity().countDocuments()).toBe(0);
    });
  });
});
