// What the fault files share: calls through the gateway with their timing, a WAV take a speaker can upload
// (one recording's multipart body, built by hand so a test can send it slowly), and polls that wait for the
// platform to be whole again.
import { randomUUID } from 'node:crypto';
import { siteUrl, startProcess } from '../support/platform';

export interface Answer {
  status: number;
  /** The stable error code of a refusal (absent on success or a body that is not JSON). */
  code?: string;
  text: string;
  ms: number;
}

/** One call through the gateway; a refused connection or a timeout is status 0. */
export async function call(
  pathname: string,
  init: RequestInit & { session?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  const { session, timeoutMs = 20_000, ...rest } = init;
  try {
    const res = await fetch(`${siteUrl()}${pathname}`, {
      ...rest,
      headers: {
        accept: 'application/json',
        ...(session ? { cookie: `plt=${session}` } : {}),
        ...(rest.headers as Record<string, string>),
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    return { status: res.status, code, text, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, text: (error as Error).message, ms: Date.now() - started };
  }
}

/** Polls until `check` holds, or fails saying what was last seen. */
export async function until<T>(probe: () => Promise<T>, check: (v: T) => boolean, what: string, ms = 45_000) {
  const deadline = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await probe();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not happen within ${ms / 1000} s (last: ${JSON.stringify(last)})`);
}

/** Every process up and the gateway reporting every service ready (what each fault file starts and ends on). */
export async function platformWhole() {
  for (const name of ['mongo', 'text', 'speech', 'gateway']) await startProcess(name);
  await until(
    () => call('/readyz'),
    (r) => r.status === 200,
    'the gateway reporting every service ready',
  );
}

/** A tone of `seconds` as 16-bit mono WAV at 16 kHz: a take the speech service accepts (not silent). */
export function toneWav(seconds: number, frequency = 440): Buffer {
  const rate = 16_000;
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 12_000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** One take's multipart body (sentence first, then the audio) and its content type. */
export function takeBody(sentenceId: string, wav: Buffer) {
  const boundary = `----take${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="sentenceId"\r\n\r\n${sentenceId}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="audio"; filename="take.wav"\r\n` +
        'content-type: audio/wav\r\n\r\n',
    ),
    wav,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads one take with its Idempotency-Key, as a phone's queue sends it (and sends it again). */
export function postTake(session: string, sentenceId: string, wav: Buffer, key: string, timeoutMs = 20_000) {
  const { body, contentType } = takeBody(sentenceId, wav);
  return call('/api/recordings', {
    method: 'POST',
    session,
    timeoutMs,
    headers: { 'content-type': contentType, 'idempotency-key': key },
    body: new Uint8Array(body),
  });
}

/** `count` sentences a speaker can read now, in Yoruba. */
export async function roundOf(session: string, count: number): Promise<string[]> {
  const round = await call(`/api/sentences?count=${count}&lang=yo`, { session });
  if (round.status !== 200) throw new Error(`round: ${round.status} ${round.text}`);
  return (JSON.parse(round.text) as Array<{ id: string }>).map((s) => s.id);
}

/** How many recordings the speech service holds for this person (their stats). */
export async function submittedBy(session: string): Promise<number> {
  const stats = await call('/api/user/stats', { session });
  if (stats.status !== 200) throw new Error(`stats: ${stats.status} ${stats.text}`);
  return (JSON.parse(stats.text) as { recordings: { submitted: number } }).recordings.submitted;
}
