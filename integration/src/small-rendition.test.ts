// Listen with the data saver: a recording's small rendition asked for through the real gateway (session
// cookie, proxy, query passed on) from the real speech service, made by the real opusenc where it is installed.
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import { AUDIO_RENDITION_HEADER } from '@platform/contracts';
import { chromiumWebm, type SpeechHarness } from '@platform/speech-service/testing';
import { startBehindGateway, type BehindGateway } from './support/behind-gateway';

const OPUSENC = '/usr/bin/opusenc';
const withEncoder = existsSync(OPUSENC) ? describe : describe.skip;

withEncoder('a recording’s small rendition through the gateway', () => {
  let speech: SpeechHarness;
  let base: string;
  let cookie: string;
  let platform: BehindGateway;

  beforeAll(async () => {
    platform = await startBehindGateway('rendition', { opusencPath: OPUSENC });
    ({ speech, base, cookie } = platform);
  }, 90_000);
  afterAll(() => platform?.close());

  it('serves the smaller Opus copy, says which it is, and the original without the query', async () => {
    const original = chromiumWebm('speech');
    const stored = await speech.stores.audio.store(Readable.from([original]), {
      maxBytes: 5 << 20,
      metadata: {},
    });
    const id = new ObjectId();
    await speech.col.recordings.insertOne({
      _id: id,
      sentenceId: 's1',
      sentenceText: 'A sentence.',
      language: 'en',
      durationSeconds: 4,
      audioFileId: stored.fileId,
      container: 'webm',
      contentType: 'audio/webm',
      bytes: stored.bytes,
      speakerId: 'someone-else',
      speakerName: null,
      yes: 0,
      no: 0,
      voteCount: 0,
      reports: 0,
      status: 'undecided',
      createdAt: new Date(),
    });
    const url = `${base}/audio/${id.toHexString()}.webm`;

    const small = await fetch(`${url}?rendition=small`, { headers: { cookie } });
    expect(small.status).toBe(200);
    expect(small.headers.get(AUDIO_RENDITION_HEADER)).toBe('small');
    expect(small.headers.get('content-type')).toBe('audio/ogg');
    const bytes = Buffer.from(await small.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(bytes.length).toBeLessThan(original.length);
    expect(Number(small.headers.get('content-length'))).toBe(bytes.length);

    const whole = await fetch(url, { headers: { cookie } });
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);
    expect((await fetch(`${url}?rendition=tiny`, { headers: { cookie } })).status).toBe(400);
  }, 60_000);
});
