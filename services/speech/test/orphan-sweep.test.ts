import { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import { audioBucket } from '../src/audio/store';
import { addSentences, as, multipart, startSpeech, type SpeechHarness } from './support/harness';
import { AudioFiles, chromiumWebm } from './support/audio';

const HOUR = 60 * 60_000;

describe('the sweep of audio no record owns', () => {
  let h: SpeechHarness;
  let audio: AudioFiles;
  let clock = new Date();
  beforeAll(async () => {
    h = await startSpeech({ now: () => clock, startOrphanSweep: false, orphanGraceMs: HOUR });
    audio = new AudioFiles();
  }, 60_000);
  afterAll(async () => {
    audio?.remove();
    await h?.close();
  });
  const db = () => h.app.database!.db;
  beforeEach(async () => {
    clock = new Date();
    await Promise.all(
      ['audio.files', 'audio.chunks', 'recordings', 'audio_pairs', 'audio_renditions'].map((c) =>
        db().collection(c).deleteMany({}),
      ),
    );
  });

  const storeFile = async (bytes = Buffer.alloc(300 * 1024, 7)) =>
    (await h.stores.audio.store(Readable.from([bytes]), { maxBytes: 5 * 1024 * 1024, metadata: {} })).fileId;
  const fileThere = async (id: ObjectId) =>
    (await db().collection('audio.files').countDocuments({ _id: id })) === 1;
  const chunksOf = (id: ObjectId) => db().collection('audio.chunks').countDocuments({ files_id: id });

  it('removes a file nobody owns once it is past the grace, with its chunks, and keeps every owned one', async () => {
    // A real take through the route: its file is owned by its recording.
    const [sentenceId] = await addSentences(h.col, 'en', ['A sentence to read.']);
    const body = multipart([
      { name: 'sentenceId', value: sentenceId! },
      { name: 'audio', filename: 'take.webm', type: 'audio/webm', data: chromiumWebm('speech') },
    ]);
    const posted = await h.app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...as('ada'), ...body.headers },
      payload: body.payload,
    });
    expect(posted.statusCode).toBe(201);
    const recorded = (await h.col.recordings.findOne({}))!.audioFileId;

    const orphan = await storeFile();
    const source = await storeFile();
    const target = await storeFile();
    await db()
      .collection('audio_pairs')
      .insertOne({ _id: new ObjectId(), sourceFileId: source, targetFileId: target, donorId: 'bo' });
    const rendition = await storeFile();
    await db()
      .collection('audio_renditions')
      .insertOne({ _id: recorded, fileId: rendition, bytes: 1, createdAt: new Date() });
    expect(await chunksOf(orphan)).toBe(2);

    // Young: nothing goes, not even the orphan (its record may be on its way).
    expect(await h.app.orphanSweep.runOnce()).toEqual({ files: 0, unfinished: 0 });
    expect(await fileThere(orphan)).toBe(true);

    clock = new Date(Date.now() + HOUR + 60_000);
    expect(await h.app.orphanSweep.runOnce()).toEqual({ files: 1, unfinished: 0 });
    expect(await fileThere(orphan)).toBe(false);
    expect(await chunksOf(orphan)).toBe(0);
    for (const owned of [recorded, source, target, rendition]) {
      expect(await fileThere(owned)).toBe(true);
      expect(await chunksOf(owned)).toBeGreaterThan(0);
    }
    // The take still plays whole.
    const played = await h.app.inject({
      method: 'GET',
      url: `/audio/${posted.json().id}.webm`,
      headers: as('cy'),
    });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(chromiumWebm('speech'))).toBe(true);
  });

  it('removes the chunks of an upload cut off before its end, once past the grace', async () => {
    // What a process killed mid-upload leaves: chunks written, the files document (written last) never.
    const cut = new ObjectId();
    const sink = audioBucket(db()).openUploadStreamWithId(cut, 'cut', { chunkSizeBytes: 1024 });
    await new Promise<void>((resolve, reject) =>
      sink.write(Buffer.alloc(4096, 1), (e) => (e ? reject(e) : resolve())),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(await chunksOf(cut)).toBeGreaterThan(0);
    expect(await fileThere(cut)).toBe(false);
    const whole = await storeFile();
    await db().collection('recordings').insertOne({ _id: new ObjectId(), audioFileId: whole });

    expect(await h.app.orphanSweep.runOnce()).toEqual({ files: 0, unfinished: 0 });
    expect(await chunksOf(cut)).toBeGreaterThan(0);

    clock = new Date(Date.now() + HOUR + 60_000);
    expect(await h.app.orphanSweep.runOnce()).toEqual({ files: 0, unfinished: 1 });
    expect(await chunksOf(cut)).toBe(0);
    expect(await chunksOf(whole)).toBeGreaterThan(0);
    sink.destroy();
  });

  it('goes through more files than one round checks, never holding them all', async () => {
    const ids: ObjectId[] = [];
    for (let i = 0; i < 1200; i++) ids.push(new ObjectId());
    const old = new Date(Date.now() - 2 * HOUR);
    await db()
      .collection('audio.files')
      .insertMany(ids.map((_id) => ({ _id, length: 1, chunkSize: 1, uploadDate: old, filename: 'x' })));
    await db()
      .collection('recordings')
      .insertMany(
        ids.filter((_, i) => i % 2 === 0).map((audioFileId) => ({ _id: new ObjectId(), audioFileId })),
      );
    expect(await h.app.orphanSweep.runOnce()).toEqual({ files: 600, unfinished: 0 });
    expect(await db().collection('audio.files').countDocuments()).toBe(600);
  });
});
