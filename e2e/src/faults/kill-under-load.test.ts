// Processes killed outright (SIGKILL, as a crash or the out-of-memory killer would) while people are
// contributing: the supervisor brings each back without a person, every take the platform acknowledged is
// there with its audio, and the take whose answer was lost is there once after the phone's queue sends it
// again with its Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { createPerson, type Person } from '../contribute/people';
import { killProcess, siteUrl } from '../support/platform';
import {
  call,
  platformWhole,
  type Answer,
  postTake,
  roundOf,
  submittedBy,
  takeBody,
  toneWav,
  until,
} from './faults';

const TAKE = toneWav(2);

/** The take's audio, whole, as the platform serves it to a signed-in person. */
async function audioOf(session: string, id: string) {
  const res = await fetch(`${siteUrl()}/audio/${id}.wav`, { headers: { cookie: `plt=${session}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Sends a take again with its key until the platform answers it, as a phone's queue does: again after a
 * refused connection, a 5xx, or a 409 saying the first call with the key may still be running.
 */
async function sendUntilAnswered(person: Person, sentenceId: string, key: string, wav = TAKE) {
  const answer = await until(
    () => postTake(person.session, sentenceId, wav, key),
    (a) => a.status === 201 || (a.status >= 400 && a.status < 500 && a.code !== 'idempotency.in_progress'),
    `the take ${key} answered`,
  );
  if (answer.status !== 201) throw new Error(`the take ${key}: ${answer.status} ${answer.text}`);
  return answer;
}

describe('kill any process under load', () => {
  beforeAll(platformWhole, 90_000);
  afterAll(platformWhole, 90_000);

  it('the database killed under write load: every acknowledged take is there with its audio after it is back', async () => {
    const speakers = await Promise.all(['Kemi', 'Tunde', 'Bisi'].map((n) => createPerson(n)));
    const rounds = await Promise.all(speakers.map((s) => roundOf(s.session, 6)));
    const acknowledged: Array<{ speaker: Person; id: string }> = [];
    const keys = new Map<string, { speaker: Person; sentenceId: string }>();
    let kill: Promise<void> | null = null;
    await Promise.all(
      speakers.map(async (speaker, i) => {
        for (const sentenceId of rounds[i]!) {
          const key = randomUUID();
          keys.set(key, { speaker, sentenceId });
          // The database dies after the first takes are in, while the others are under way.
          if (acknowledged.length === 3 && !kill) kill = killProcess('mongo');
          const answer = await postTake(speaker.session, sentenceId, TAKE, key);
          if (answer.status === 201) {
            acknowledged.push({ speaker, id: (JSON.parse(answer.text) as { id: string }).id });
            keys.delete(key);
          } else {
            expect([0, 502, 503]).toContain(answer.status);
          }
        }
      }),
    );
    expect(kill).not.toBeNull();
    await kill;
    await platformWhole();

    for (const { speaker, id } of acknowledged) {
      const audio = await audioOf(speaker.session, id);
      expect(audio.status).toBe(200);
      expect(audio.bytes.equals(TAKE)).toBe(true);
    }
    // The queue sends what was not answered again: each lands once.
    for (const [key, { speaker, sentenceId }] of keys) {
      expect((await sendUntilAnswered(speaker, sentenceId, key)).status).toBe(201);
    }
    for (const [i, speaker] of speakers.entries()) {
      expect(await submittedBy(speaker.session)).toBe(rounds[i]!.length);
    }
  }, 120_000);

  it('the speech service killed mid-upload: the takes before are there, and the one cut off lands once when sent again', async () => {
    const speaker = await createPerson('Femi');
    const [first, second, cut] = await roundOf(speaker.session, 3);
    for (const sentenceId of [first!, second!]) {
      expect((await postTake(speaker.session, sentenceId, TAKE, randomUUID())).status).toBe(201);
    }

    // A big take sent slowly: the service is killed while its bytes are still arriving.
    const big = toneWav(14);
    const { body, contentType } = takeBody(cut!, big);
    const key = randomUUID();
    const url = new URL('/api/recordings', siteUrl());
    const inFlight = new Promise<number>((resolve) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            cookie: `plt=${speaker.session}`,
            'content-type': contentType,
            'content-length': body.length,
            'idempotency-key': key,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => resolve(0));
      let sent = 0;
      const step = 32 * 1024;
      const timer = setInterval(() => {
        if (sent >= body.length / 2) return clearInterval(timer);
        req.write(body.subarray(sent, sent + step));
        sent += step;
      }, 20);
      // The rest once the service is gone (the answer, if any, is a refusal).
      void until(
        () => Promise.resolve(sent),
        (s) => s >= body.length / 2,
        'half of the take sent',
      ).then(async () => {
        await killProcess('speech');
        req.end(body.subarray(sent));
      });
    });
    const answered = await inFlight;
    expect(answered).not.toBe(201);
    await platformWhole();

    const retried = await sendUntilAnswered(speaker, cut!, key, big);
    expect(retried.status).toBe(201);
    const again = await postTake(speaker.session, cut!, big, key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(retried.text);
    expect(await submittedBy(speaker.session)).toBe(3);
    const audio = await audioOf(speaker.session, (JSON.parse(retried.text) as { id: string }).id);
    expect(audio.bytes.equals(big)).toBe(true);
  }, 120_000);

  it('a gateway killed mid-request: the session still holds after its restart, and the retried take lands once', async () => {
    const speaker = await createPerson('Gbenga');
    const [sentenceId] = await roundOf(speaker.session, 1);
    const key = randomUUID();
    const [answer] = await Promise.all([
      postTake(speaker.session, sentenceId!, toneWav(14), key),
      new Promise((r) => setTimeout(r, 30)).then(() => killProcess('gateway')),
    ]);
    await platformWhole();
    const retried = await sendUntilAnswered(speaker, sentenceId!, key);
    expect(retried.status).toBe(201);
    if (answer.status === 201) expect(retried.text).toBe(answer.text);
    expect(await submittedBy(speaker.session)).toBe(1);
    expect((await call('/api/user/stats', { session: speaker.session })).status).toBe(200);
  }, 120_000);

  let bulkRetry: { first: Answer; retried: Answer } | null = null;
  it('the text service killed mid-bulk-import: after its restart the file sent again with its key is stored once, every line', async () => {
    const writer = await createPerson('Ngozi');
    const words = ['amber', 'brisk', 'calm', 'dusty', 'eager', 'faint', 'gentle', 'hollow', 'idle', 'jolly'];
    const tag =
      randomUUID()
        .replace(/[^a-f]/g, '')
        .slice(0, 6) || 'abc';
    const lines: string[] = [];
    for (const a of words)
      for (const b of words)
        for (const c of words) {
          lines.push(`The ${a} ${b} ${c} river flows past ${tag} hills tonight.`);
        }
    const file = Buffer.from(lines.join('\n'), 'utf8');
    const boundary = `----bulk${randomUUID()}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(
        field('lang', 'en') +
          field('citation', 'Written for the fault tests, shared under CC0.') +
          field('cc0Confirmed', 'true') +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="lines.txt"\r\n` +
          'content-type: text/plain\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const key = randomUUID();
    const send = () =>
      call('/api/sentences/bulk', {
        method: 'POST',
        session: writer.session,
        timeoutMs: 60_000,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
        body: new Uint8Array(body),
      });
    const [first] = await Promise.all([
      send(),
      new Promise((r) => setTimeout(r, 400)).then(() => killProcess('text')),
    ]);
    await platformWhole();
    const retried = await until(
      send,
      (a) => a.status !== 0 && a.status < 500 && a.code !== 'idempotency.in_progress',
      'the file answered',
    );
    bulkRetry = { first, retried };
    const stats = await call('/api/user/stats', { session: writer.session });
    expect((JSON.parse(stats.text) as { sentences: { written: number } }).sentences.written).toBe(
      lines.length,
    );
  }, 120_000);

  // Its lines were stored by the first try (under its key), so the retry answers as that try would have.
  it('the retry of that file says its lines were taken in', () => {
    expect(bulkRetry).not.toBeNull();
    const { first, retried } = bulkRetry!;
    expect([first.status, retried.status]).toContain(201);
  });
});
