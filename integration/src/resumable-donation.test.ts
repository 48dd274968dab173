// A donation sent from a phone whose connection drops: through the real gateway (session cookie, quota, proxy)
// to the real speech service, over HTTP. The upload is cut at about half, resumed from what the server kept,
// and the stored files are read back through the API and compared with the originals by SHA-256.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { ObjectId } from 'mongodb';
import type { AudioPairRecord, ResumableUploadState } from '@platform/contracts';
import { wav, type SpeechHarness } from '@platform/speech-service/testing';
import { startBehindGateway, type BehindGateway } from './support/behind-gateway';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a donation upload over a connection that drops', () => {
  let speech: SpeechHarness;
  let base: string;
  let cookie: string;
  let platform: BehindGateway;

  beforeAll(async () => {
    platform = await startBehindGateway('resumable');
    ({ speech, base, cookie } = platform);
  }, 90_000);
  afterAll(() => platform?.close());

  /** A call through the gateway, as the signed-in person's browser makes it. */
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const putBytes = (id: string, file: Buffer, start: number, end: number) =>
    fetch(`${base}/api/resumable-uploads/${id}`, {
      method: 'PUT',
      headers: {
        cookie,
        'content-type': 'application/offset+octet-stream',
        'content-range': `bytes ${start}-${end - 1}/${file.length}`,
      },
      body: Uint8Array.from(file.subarray(start, end)),
    });
  const held = async (id: string) =>
    (await call<ResumableUploadState>('GET', `/api/resumable-uploads/${id}`)).body;

  /**
   * Sends PUTs until about half the file is out, then the connection drops in the middle of a PUT: the phone's
   * socket is destroyed once the server holds the whole pieces that went out before it.
   */
  async function sendHalfThenDrop(upload: ResumableUploadState, file: Buffer) {
    const half = Math.floor(file.length / 2);
    let start = 0;
    while (start + upload.maxPutBytes <= half) {
      const res = await putBytes(upload.id, file, start, start + upload.maxPutBytes);
      expect(res.status).toBe(200);
      start = ((await res.json()) as ResumableUploadState).received;
    }
    const end = Math.min(file.length, start + upload.maxPutBytes);
    const path = `/api/resumable-uploads/${upload.id}`;
    const req = request(`${base}${path}`, {
      method: 'PUT',
      headers: {
        cookie,
        'content-type': 'application/offset+octet-stream',
        'content-range': `bytes ${start}-${end - 1}/${file.length}`,
        'content-length': String(end - start),
      },
    });
    req.on('error', () => undefined);
    // One piece and a half of this PUT: the whole piece is kept, the half is lost with the connection.
    const sent = start + Math.floor(1.5 * upload.chunkBytes);
    req.write(file.subarray(start, sent));
    const kept = start + upload.chunkBytes;
    for (let i = 0; i < 400 && (await held(upload.id)).received < kept; i++) await sleep(25);
    req.destroy();
    await sleep(300);
    return { sent, kept };
  }

  /** What a client does after the drop: asks how far the server got, and sends the rest from there. */
  async function resume(id: string, file: Buffer) {
    let state = await held(id);
    while (!state.complete) {
      const res = await putBytes(
        id,
        file,
        state.received,
        Math.min(file.length, state.received + state.maxPutBytes),
      );
      expect(res.status).toBe(200);
      state = (await res.json()) as ResumableUploadState;
    }
    return state;
  }

  it('resumes from what the server kept, and the stored files equal the originals by SHA-256', async () => {
    const textId = new ObjectId().toHexString();
    await speech.col.textPairs.insertOne({
      _id: textId,
      source_lang_text: 'The market opens at dawn.',
      target_lang_text: 'Ọjà máa ń ṣí ní àfẹ̀mọ́jú.',
      text_category: 'conversational',
      approved: true,
      donations: 0,
      rand: Math.random(),
      seq: 1,
    });
    await speech.stores.audioPairs.countApprovedTextPairs(1);
    // Two WAVs of 2.4 and 2.7 MB, as a phone records them.
    const english = wav({ seconds: 25, rate: 48000, frequency: 330 });
    const yoruba = wav({ seconds: 28, rate: 48000, frequency: 550 });

    const ids: string[] = [];
    for (const file of [english, yoruba]) {
      const begun = await call<ResumableUploadState>('POST', '/api/resumable-uploads', {
        purpose: 'audio-pair-file',
        size: file.length,
        sha256: sha256(file),
        contentType: 'audio/wav',
      });
      expect(begun.status).toBe(201);
      const { sent, kept } = await sendHalfThenDrop(begun.body, file);
      expect(sent / file.length).toBeGreaterThan(0.4);
      expect(sent / file.length).toBeLessThan(0.7);
      // The server kept what arrived whole, through the gateway, although that request never finished.
      expect(await held(begun.body.id)).toMatchObject({ received: kept, complete: false });
      expect(await resume(begun.body.id, file)).toMatchObject({ received: file.length, complete: true });
      ids.push(begun.body.id);
    }

    const donated = await call<AudioPairRecord>('POST', '/api/audio/from-uploads', {
      text_id: textId,
      user_dialect: 'standard-yoruba',
      source_upload_id: ids[0],
      target_upload_id: ids[1],
    });
    expect(donated.status).toBe(201);
    for (const [path, original] of [
      [donated.body.source_lang_audio, english],
      [donated.body.target_lang_audio, yoruba],
    ] as const) {
      const res = await fetch(`${base}/${path}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(original));
    }
    // The uploads were used up by the donation.
    expect((await call('GET', `/api/resumable-uploads/${ids[0]}`)).status).toBe(404);
  }, 120_000);

  it('a retry of the donation after a lost answer gets the first answer, and nothing more is stored', async () => {
    const textId = new ObjectId().toHexString();
    await speech.col.textPairs.insertOne({
      _id: textId,
      source_lang_text: 'Rain is coming.',
      target_lang_text: 'Òjò ń bọ̀.',
      text_category: 'conversational',
      approved: true,
      donations: 0,
      rand: Math.random(),
      seq: 2,
    });
    await speech.stores.audioPairs.countApprovedTextPairs(1);
    const ids: string[] = [];
    for (const file of [wav({ seconds: 3, frequency: 330 }), wav({ seconds: 3, frequency: 550 })]) {
      const begun = await call<ResumableUploadState>('POST', '/api/resumable-uploads', {
        purpose: 'audio-pair-file',
        size: file.length,
      });
      await resume(begun.body.id, file);
      ids.push(begun.body.id);
    }
    const body = JSON.stringify({
      text_id: textId,
      user_dialect: 'ekiti-yoruba',
      source_upload_id: ids[0],
      target_upload_id: ids[1],
    });
    const donate = () =>
      fetch(`${base}/api/audio/from-uploads`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'idempotency-key': 'donation-2f6d3c1b-7e01',
        },
        body,
      });
    const first = await donate();
    expect(first.status).toBe(201);
    // The phone never saw that answer: its queue sends the same request again, uploads already used up.
    const again = await donate();
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await speech.col.audioPairs.countDocuments({ textId })).toBe(1);
  }, 60_000);
});
