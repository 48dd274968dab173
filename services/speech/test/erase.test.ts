import { ObjectId } from 'mongodb';
import {
  IDEMPOTENCY_KEY_HEADER,
  RESUMABLE_UPLOAD_CHUNK_BYTES,
  SERVICE_IDENTITIES,
  type Identity,
} from '@platform/contracts';
import { findMentions, signedAs } from '@platform/service-kit/testing';
import type { TextPairCopyDoc } from '../src/text-pairs/store';
import { addSentences, multipart } from './support/harness';
import { chromiumWebm } from './support/audio';
import {
  createDataset,
  downloadAs,
  publishFake,
  startDatasets,
  type DatasetsHarness,
} from './support/datasets';
import { tone } from './support/wav';

/** The person who leaves: an account id as the gateway makes them, a name found nowhere else. */
const leaver: Identity = { id: new ObjectId().toHexString(), role: 'admin', name: 'Zebedee Quartermaine' };
const other: Identity = { id: new ObjectId().toHexString(), role: 'contributor', name: 'Olu Other' };
const pseudonym = new ObjectId().toHexString();
const gateway = signedAs(SERVICE_IDENTITIES.gateway);
const needles = [leaver.id, leaver.name!, 'Zebedee', 'Quartermaine'];

/**
 * Every collection of the speech database, as this test knows them. A collection that is not listed fails the
 * test: whoever adds one says here whether it can name a person (then the seeding below puts the leaver in it).
 */
const NAMING_PEOPLE = [
  'sentence_marks',
  'recordings',
  'recording_marks',
  'votes',
  'preferences',
  'text_pair_marks',
  'audio_pairs',
  'speaker_details',
  'licence_acceptances',
  'downloads',
  'releases',
  'activity_daily',
  'activity_monthly',
  'activity_totals',
  'activity_people_daily',
  'audio.files',
  'counters',
  'resumable_uploads',
  'idempotency_keys',
];
const NAMING_NOBODY = [
  'sentences',
  'sync_state',
  'text_pairs',
  'activity_backfill',
  'recording_quality_daily',
  'datasets',
  'audio.chunks',
  // A small rendition's record: the original's file id and its own, no person.
  'audio_renditions',
  'release_files.files',
  'release_files.chunks',
  'release_build_files',
  'resumable_upload_chunks',
];

/** The bytes of the leaver's upload under way: one piece. */
const UNDER_WAY_BYTES = RESUMABLE_UPLOAD_CHUNK_BYTES;

const collectionsOf = (mentions: string[]) => [...new Set(mentions.map((m) => m.split(':')[0]!))].sort();

describe('speech service: a deleted account', () => {
  let h: DatasetsHarness;
  beforeAll(async () => {
    h = await startDatasets();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const call = async (
    method: string,
    url: string,
    who: Identity,
    payload?: object | Buffer,
    type?: string,
  ) => {
    const res = await h.app.inject({
      method: method as 'POST',
      url,
      headers: { ...signedAs(who), ...(type ? { 'content-type': type } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string; audio_id: string }>();
  };
  const record = (sentenceId: string, who: Identity) => {
    const body = multipart([
      { name: 'sentenceId', value: sentenceId },
      { name: 'audio', filename: 'take.webm', type: 'audio/webm', data: chromiumWebm('speech') },
    ]);
    return call('POST', '/api/recordings', who, body.payload, body.headers['content-type']);
  };
  const donate = (textId: string, who: Identity) => {
    const body = multipart([
      { name: 'text_id', value: textId },
      { name: 'user_dialect', value: 'standard-yoruba' },
      { name: 'source_audio_file', filename: 'english.wav', type: 'audio/wav', data: tone() },
      { name: 'target_audio_file', filename: 'yoruba.wav', type: 'audio/wav', data: tone(3) },
    ]);
    return call('POST', '/api/audio/upload', who, body.payload, body.headers['content-type']);
  };
  const textPairs = async (count: number) => {
    const docs: TextPairCopyDoc[] = [...Array(count)].map((_, i) => ({
      _id: new ObjectId().toHexString(),
      source_lang_text: `Good morning number ${i}.`,
      target_lang_text: `Ẹ káàárọ̀ nọ́mbà ${i}.`,
      text_category: 'conversational',
      approved: true,
      donations: 0,
      rand: Math.random(),
      seq: i + 1,
    }));
    await h.col.textPairs.insertMany(docs);
    await h.stores.audioPairs.countApprovedTextPairs(count);
    return docs.map((d) => d._id);
  };
  const storedBytes = async () =>
    (await h.app.inject({ url: `/internal/users/${leaver.id}/speech-storage`, headers: gateway })).json<{
      bytes: number;
    }>().bytes;

  /** The leaver does one of everything the speech service keeps a person's id, name or words for. */
  async function seedLeaver() {
    const [s1, s2, s3, s4, s5] = await addSentences(h.col, 'en', [
      'The river rises after the long rains.',
      'Markets open early on Mondays.',
      'The road to the farm is long.',
      'Children play in the evening.',
      'The well is deep.',
    ]);
    await record(s1!, leaver);
    const [r2, r3, r4] = [await record(s2!, other), await record(s3!, other), await record(s4!, other)];
    await call('POST', `/api/recordings/${r2.id}/validate`, leaver, { isValid: true });
    await call('POST', `/api/recordings/${r3.id}/skip`, leaver);
    await call('POST', `/api/recordings/${r4.id}/report`, leaver, { reason: 'noise' });
    await call('POST', `/api/sentences/${s5}/skip`, leaver);
    // Sent from a phone's queue: the service keeps its Idempotency-Key (and its answer) for a week.
    const queued = await h.app.inject({
      method: 'POST',
      url: `/api/sentences/${s4}/skip`,
      headers: { ...signedAs(leaver), [IDEMPOTENCY_KEY_HEADER]: 'leaver-skip-0001' },
    });
    if (queued.statusCode !== 200) throw new Error(`a keyed skip: ${queued.statusCode} ${queued.body}`);
    await call('POST', `/api/sentences/${s2}/report`, leaver, {
      reason: 'grammar',
      details: 'A verb is missing.',
    });
    await call('PUT', '/api/user/preferences', leaver, { language: 'yo' });
    await call('PUT', '/api/user/speaker-details', leaver, {
      ageRange: 'forties',
      gender: 'male',
      accent: 'Ẹ̀gbá',
    });
    const [p1, p2, p3] = await textPairs(3);
    await donate(p1!, leaver);
    const theirs = await donate(p1!, other);
    await call('POST', `/api/audio/${theirs.audio_id}/decision`, leaver, { status: 'approved' });
    await call('POST', `/api/audio/pairs/${p2}/skip`, leaver);
    await call('POST', `/api/audio/pairs/${p3}/report`, leaver, { reason: 'spelling' });
    // A release they made and are in, and one they downloaded.
    const datasetId = await createDataset(h);
    const { release } = await publishFake(h, datasetId, { contributorIds: [leaver.id, other.id] });
    await h.dc.releases.updateOne({ _id: release._id }, { $set: { createdBy: leaver.id } });
    await downloadAs(h, leaver.id, datasetId, 'latest');
    // A donation's file half sent from a phone: an upload under way, with its first piece.
    const upload = await call('POST', '/api/resumable-uploads', leaver, {
      purpose: 'audio-pair-file',
      size: UNDER_WAY_BYTES * 2,
    });
    const piece = await h.app.inject({
      method: 'PUT',
      url: `/api/resumable-uploads/${upload.id}`,
      headers: {
        ...signedAs(leaver),
        'content-type': 'application/offset+octet-stream',
        'content-range': `bytes 0-${UNDER_WAY_BYTES - 1}/${UNDER_WAY_BYTES * 2}`,
      },
      payload: Buffer.alloc(UNDER_WAY_BYTES, 7),
    });
    if (piece.statusCode !== 200) throw new Error(`PUT: ${piece.statusCode} ${piece.body}`);
  }

  const erase = (query = `?pseudonym=${pseudonym}`) =>
    h.app.inject({
      method: 'DELETE',
      url: `/internal/users/${leaver.id}/speech-data${query}`,
      headers: gateway,
    });

  it('has every collection of its database known to this test', async () => {
    const names = (await h.app.database!.db.listCollections({}, { nameOnly: true }).toArray()).map(
      (c) => c.name,
    );
    const known = [...NAMING_PEOPLE, ...NAMING_NOBODY];
    expect(names.filter((n) => !n.startsWith('system.') && !known.includes(n))).toEqual([]);
  });

  it('leaves no id or name anywhere; what the person gave stays, unnamed and never played publicly', async () => {
    await seedLeaver();
    const db = h.app.database!.db;
    expect(await storedBytes()).toBeGreaterThan(0);
    expect(collectionsOf(await findMentions(db, needles))).toEqual([...NAMING_PEOPLE].sort());
    const bytesBefore = await storedBytes();

    expect((await erase()).json()).toEqual({ done: true });

    expect(await findMentions(db, needles)).toEqual([]);
    // Their recordings and donations stay, under the pseudonym, and the audio with them.
    const recording = await h.col.recordings.findOne({ speakerId: pseudonym });
    expect(recording).toMatchObject({ speakerName: null, speakerForgotten: true });
    expect(await h.col.audioPairs.countDocuments({ donorId: pseudonym })).toBe(1);
    expect(await h.col.votes.countDocuments({ voterId: pseudonym })).toBe(1);
    expect(await h.col.recordingMarks.countDocuments({ userId: pseudonym, kind: 'reported' })).toBe(1);
    // What served only them is gone.
    expect(await h.col.recordingMarks.countDocuments({ userId: pseudonym, kind: 'skipped' })).toBe(0);
    expect(await h.dc.licenceAcceptances.countDocuments()).toBe(0);
    expect(await h.dc.downloads.countDocuments()).toBe(0);
    // Their upload under way goes with them: nothing of it was given to anyone.
    expect(await db.collection('resumable_uploads').countDocuments()).toBe(0);
    expect(await db.collection('resumable_upload_chunks').countDocuments()).toBe(0);
    expect(await storedBytes()).toBe(0);
    const forPseudonym = await h.app.inject({
      url: `/internal/users/${pseudonym}/speech-storage`,
      headers: gateway,
    });
    expect(forPseudonym.json()).toEqual({ bytes: bytesBefore - UNDER_WAY_BYTES });
    // The other person keeps their own.
    expect(await h.col.recordings.countDocuments({ speakerId: other.id })).toBe(3);

    // A second call (the gateway retries after a failure) changes nothing more.
    const snapshot = await h.col.recordings.find().toArray();
    expect((await erase()).statusCode).toBe(200);
    expect(await h.col.recordings.find().toArray()).toEqual(snapshot);
  });

  it('sums a person’s recordings and donations for platform services only', async () => {
    const res = await h.app.inject({
      url: `/internal/users/${other.id}/speech-storage`,
      headers: signedAs(other),
    });
    expect(res.statusCode).toBe(403);
    const recorded = await h.col.recordings.find({ speakerId: other.id }).toArray();
    const donated = await h.col.audioPairs.find({ donorId: other.id }).toArray();
    const expected =
      recorded.reduce((sum, r) => sum + r.bytes, 0) +
      donated.reduce((sum, p) => sum + p.sourceBytes + p.targetBytes, 0);
    expect(expected).toBeGreaterThan(0);
    const own = await h.app.inject({ url: `/internal/users/${other.id}/speech-storage`, headers: gateway });
    expect(own.json()).toEqual({ bytes: expected });
  });

  it('needs a pseudonym of the right form', async () => {
    expect((await erase('')).statusCode).toBe(400);
    expect((await erase('?pseudonym=Zebedee')).statusCode).toBe(400);
  });
});
