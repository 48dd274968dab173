// Listen with the data saver: a recording's small rendition asked for through the real gateway (session
// cookie, proxy, query passed on) from the real speech service, made by the real opusenc where it is installed.
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { ObjectId } from 'mongodb';
import { AUDIO_RENDITION_HEADER } from '@platform/contracts';
import { startTestMongo, type TestMongo } from '@platform/service-kit/testing';
import { chromiumWebm, SECRET, startSpeech, type SpeechHarness } from '@platform/speech-service/testing';
import {
  BackgroundWork,
  signedInAs,
  startAccountsGateway,
  type AccountsGateway,
} from '@platform/gateway/testing';
import { startTextService, type TextBeside } from './support/speech-with-text';

const OPUSENC = '/usr/bin/opusenc';
const withEncoder = existsSync(OPUSENC) ? describe : describe.skip;

withEncoder('a recording’s small rendition through the gateway', () => {
  let mongo: TestMongo;
  let text: TextBeside;
  let speech: SpeechHarness;
  let gateway: AccountsGateway;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    mongo = await startTestMongo();
    text = await startTextService({ mongo });
    speech = await startSpeech({ mongo, textUrl: text.url, opusencPath: OPUSENC });
    await speech.app.listen({ port: 0, host: '127.0.0.1' });
    const speechUrl = `http://127.0.0.1:${(speech.app.server.address() as AddressInfo).port}`;
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'rendition',
      now: Date.now,
      background: new BackgroundWork(),
      upstreams: { text: text.url, speech: speechUrl },
    });
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(gateway.app.server.address() as AddressInfo).port}`;
    ({ cookie } = await signedInAs(gateway.app, 'contributor'));
  }, 90_000);
  afterAll(async () => {
    await gateway?.close();
    await speech?.close();
    await text?.app.close();
    await mongo?.stop();
  });

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
