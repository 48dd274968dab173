import { ObjectId, type Document } from 'mongodb';
import type { RecordingDoc } from '../src/recordings/store';
import { as, startSpeech, type SpeechHarness } from './support/harness';

/** A speaker's own undecided recordings, this many, at the very front of Listen's queue. */
const OWN = 400;
const T0 = Date.UTC(2026, 0, 1);

const recording = (i: number, speakerId: string): RecordingDoc => ({
  _id: new ObjectId(),
  sentenceId: 's1',
  sentenceText: `Sentence ${speakerId} ${i}.`,
  language: 'yo',
  durationSeconds: 3,
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
  createdAt: new Date(T0 + i * 1000),
});

describe("Listen's queue passes over a speaker's own recordings without reading them", () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech();
    await h.col.recordings.insertMany([
      ...Array.from({ length: OWN }, (_, i) => recording(i, 'prolific')),
      recording(OWN, 'ada'),
      recording(OWN + 1, 'bola'),
    ]);
  }, 60_000);
  afterAll(() => h?.close());

  it("offers the speaker the oldest recordings that are not theirs, and everyone else the speaker's oldest", async () => {
    const batch = async (who: string) => {
      const res = await h.app.inject({ url: '/api/recordings/validate?count=2', headers: as(who) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { sentence: string }[]).map((r) => r.sentence);
    };
    expect(await batch('prolific')).toEqual([`Sentence ada ${OWN}.`, `Sentence bola ${OWN + 1}.`]);
    expect(await batch('ada')).toEqual(['Sentence prolific 0.', 'Sentence prolific 1.']);
  });

  it('reads only the recordings it returns, whatever the number of the speaker’s own ahead', async () => {
    const plan = (await h.stores.recordings.queueRead('prolific', 2).explain('executionStats')) as Document;
    expect(plan.executionStats).toMatchObject({ nReturned: 2, totalDocsExamined: 2 });
  });
});
