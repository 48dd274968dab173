import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import { AUDIO_RENDITION_HEADER } from '@platform/contracts';
import { decodeToPcm } from '@platform/audio-probe';
import { AUDIO_RENDITIONS, storeWhileProbing } from '../src/audio/store';
import type { RecordingDoc } from '../src/recordings/store';
import { as, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { wav } from './support/wav';

// Debian's opus-tools, as installed here and in CI: the rendition is made by the real encoder.
const OPUSENC = '/usr/bin/opusenc';
const withEncoder = existsSync(OPUSENC) ? describe : describe.skip;

async function addRecording(h: SpeechHarness, audio: Buffer, container: 'webm' | 'wav') {
  const stored = await storeWhileProbing(h.app.database!.db, Readable.from([audio]), {
    maxBytes: 5 << 20,
    metadata: {},
  });
  const doc: RecordingDoc = {
    _id: new ObjectId(),
    sentenceId: 's1',
    sentenceText: 'A sentence.',
    language: 'en',
    durationSeconds: 4,
    audioFileId: stored.fileId,
    container,
    contentType: container === 'webm' ? 'audio/webm' : 'audio/wav',
    bytes: stored.bytes,
    speakerId: 'amy',
    speakerName: null,
    yes: 0,
    no: 0,
    voteCount: 0,
    reports: 0,
    status: 'undecided',
    createdAt: new Date(),
  };
  await h.col.recordings.insertOne(doc);
  return `/audio/${doc._id.toHexString()}.${container}`;
}

/** Whether opus-tools' own decoder reads the bytes as Ogg/Opus. */
function opusdecReads(bytes: Buffer): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'rendition-'));
  try {
    writeFileSync(join(dir, 'small.opus'), bytes);
    execFileSync('opusdec', ['--quiet', join(dir, 'small.opus'), join(dir, 'out.wav')], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

withEncoder('GET /audio/:file?rendition=small with opusenc', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech({ opusencPath: OPUSENC });
  }, 60_000);
  afterAll(() => h?.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ url, headers: { ...as('listener'), ...headers } });
  const renditionsMade = () => h.app.database!.db.collection(AUDIO_RENDITIONS).countDocuments();
  const renditionFiles = () =>
    h.app.database!.db.collection('audio.files').countDocuments({ 'metadata.rendition': 'small' });

  it.each([
    ['a browser’s WebM/Opus recording', chromiumWebm('speech'), 'webm'],
    ['a WAV recording', wav({ seconds: 4, rate: 48000, frequency: 330 }), 'wav'],
  ] as const)(
    'serves %s as a smaller Ogg/Opus that opusdec and the probe read',
    async (_, original, container) => {
      const url = await addRecording(h, original, container);
      const res = await get(`${url}?rendition=small`);
      expect(res.statusCode).toBe(200);
      expect(res.headers[AUDIO_RENDITION_HEADER]).toBe('small');
      expect(res.headers['content-type']).toBe('audio/ogg');
      expect(res.rawPayload.length).toBeLessThan(original.length);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(opusdecReads(res.rawPayload)).toBe(true);
      const decoded = await decodeToPcm(res.rawPayload, 16000);
      const source = await decodeToPcm(original, 16000);
      expect(decoded.container).toBe('ogg');
      // The same audio: within a frame or two of the original's length.
      expect(Math.abs(decoded.samples.length - source.samples.length) / 16000).toBeLessThan(0.1);
      // Without the query the original is served, as before.
      const plain = await get(url);
      expect(plain.rawPayload.equals(original)).toBe(true);
      expect(plain.headers[AUDIO_RENDITION_HEADER]).toBeUndefined();
    },
  );

  it('makes the rendition once, however many ask for it at the same time, and serves ranges of it', async () => {
    const url = await addRecording(h, chromiumWebm('speech'), 'webm');
    const [before, beforeFiles] = [await renditionsMade(), await renditionFiles()];
    const answers = await Promise.all([1, 2, 3].map(() => get(`${url}?rendition=small`)));
    const again = await get(`${url}?rendition=small`);
    expect(new Set([...answers, again].map((r) => r.headers.etag)).size).toBe(1);
    expect(answers.every((r) => r.rawPayload.equals(again.rawPayload))).toBe(true);
    expect(await renditionsMade()).toBe(before + 1);
    expect(await renditionFiles()).toBe(beforeFiles + 1);
    const range = await get(`${url}?rendition=small`, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(again.rawPayload.subarray(0, 100))).toBe(true);
  });

  it('serves the original when the recording cannot be decoded, saying so', async () => {
    // Not audio the decoder reads: bytes the probe would have refused at upload.
    const junk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]);
    const url = await addRecording(h, junk, 'webm');
    const res = await get(`${url}?rendition=small`);
    expect(res.statusCode).toBe(200);
    expect(res.headers[AUDIO_RENDITION_HEADER]).toBe('original');
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.rawPayload.equals(junk)).toBe(true);
  });

  it('refuses a rendition it does not know (400) and still needs a session', async () => {
    const url = await addRecording(h, chromiumWebm('speech'), 'webm');
    expect((await get(`${url}?rendition=huge`)).statusCode).toBe(400);
    expect((await h.app.inject({ url: `${url}?rendition=small` })).statusCode).toBe(401);
  });
});

describe('GET /audio/:file?rendition=small without an encoder', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech({ opusencPath: '/nonexistent/opusenc' });
  }, 60_000);
  afterAll(() => h?.close());

  it('serves the original, says so, and records nothing (a later encoder makes it)', async () => {
    const original = chromiumWebm('speech');
    const url = await addRecording(h, original, 'webm');
    const res = await h.app.inject({ url: `${url}?rendition=small`, headers: as('listener') });
    expect(res.statusCode).toBe(200);
    expect(res.headers[AUDIO_RENDITION_HEADER]).toBe('original');
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.rawPayload.equals(original)).toBe(true);
    expect(await h.app.database!.db.collection(AUDIO_RENDITIONS).countDocuments()).toBe(0);
  });
});
