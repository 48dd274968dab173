import type { AddressInfo } from 'node:net';
import { RECORDING_FILE_FIELD } from '@platform/contracts';
import {
  startTestMongo,
  uploadOverHttp,
  type MultipartPart,
  type TestMongo,
} from '@platform/service-kit/testing';
import { SECRET, startSpeech, type SpeechHarness } from '@platform/speech-service/testing';
import { BackgroundWork, startAccountsGateway, type AccountsGateway } from '@platform/gateway/testing';

/** A take of about 5 MB (Speak's largest), sent as Speak sends it. */
const take: MultipartPart[] = [
  { name: 'sentenceId', value: 'a-sentence' },
  {
    name: RECORDING_FILE_FIELD,
    filename: 'take.webm',
    type: 'audio/webm',
    data: Buffer.alloc(5 * 1024 * 1024 - 4096, 7),
  },
];

/**
 * An upload refused for its session or its credential reaches the client as a readable 401 or 403, through the
 * gateway as a browser sends it and at the speech service itself: a queued take whose session ended must learn
 * that it should wait for the person to sign in again, not read a reset connection and retry for ever.
 */
describe('uploads refused for their session, over real HTTP', () => {
  let mongo: TestMongo;
  let speech: SpeechHarness;
  let gateway: AccountsGateway;
  let gatewayPort: number;
  let speechPort: number;

  beforeAll(async () => {
    mongo = await startTestMongo();
    speech = await startSpeech({ mongo });
    await speech.app.listen({ port: 0, host: '127.0.0.1' });
    speechPort = (speech.app.server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${speechPort}`;
    gateway = await startAccountsGateway({
      secret: SECRET,
      dbPrefix: 'refusals',
      now: Date.now,
      background: new BackgroundWork(),
      upstreams: { speech: url, text: url },
    });
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    gatewayPort = (gateway.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await speech?.close();
    await mongo?.stop();
  });

  const refusal = (body: string) => JSON.parse(body) as { code: string; statusCode: number };

  it('answers a signed-out recording 401 through the gateway, the connection never reset', async () => {
    const outcome = await uploadOverHttp({ port: gatewayPort, path: '/api/recordings', parts: take });
    expect(outcome).toMatchObject({ status: 401, error: null, sentWhole: true });
    expect(refusal(outcome.body)).toMatchObject({ code: 'identity.missing', statusCode: 401 });
  });

  it('answers a recording under an ended session 401 the same way', async () => {
    const outcome = await uploadOverHttp({
      port: gatewayPort,
      path: '/api/recordings',
      parts: take,
      headers: { cookie: 'plt=a-session-that-has-ended' },
    });
    expect(outcome).toMatchObject({ status: 401, error: null, sentWhole: true });
    expect(refusal(outcome.body).code).toBe('identity.missing');
  });

  it('answers a recording sent with a read-only API token 403 through the gateway, readable', async () => {
    const outcome = await uploadOverHttp({
      port: gatewayPort,
      path: '/api/recordings',
      parts: take,
      headers: { authorization: 'Bearer not-a-token-that-may-write' },
    });
    expect(outcome).toMatchObject({ status: 403, error: null, sentWhole: true });
    expect(refusal(outcome.body)).toMatchObject({ code: 'access.token_forbidden', statusCode: 403 });
  });

  it('answers a signed-out recording 401 at the speech service too', async () => {
    const outcome = await uploadOverHttp({ port: speechPort, path: '/api/recordings', parts: take });
    expect(outcome).toMatchObject({ status: 401, error: null, sentWhole: true });
    expect(refusal(outcome.body).code).toBe('identity.missing');
  });
});
