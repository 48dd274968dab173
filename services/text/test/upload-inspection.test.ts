import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectId } from 'mongodb';
import type { DatasetUpload, DatasetUploadSummary } from '@platform/contracts';
import { ERROR_MESSAGES } from '@platform/contracts';
import { signedAs } from '@platform/service-kit/testing';
import { sentences } from '../src/sentences/store';
import {
  DATASET_FILES_BUCKET,
  DATASET_UPLOADS,
  datasetFiles,
  datasetUploads,
} from '../src/uploads/store';
import { useTextService } from './support/harness';

const ada = signedAs({ id: 'ada', role: 'contributor', name: 'Ada Obi' });
const BOUNDARY = 'inspection-test-boundary';
const CHUNK = 64 * 1024;

/**
 * A multipart upload whose file streams out chunk by chunk; `hold` chunks in, it stops until `release()`,
 * so a test can act while the service is in the middle of reading it.
 */
function streamedUpload(type: string, chunks: Buffer[], hold?: number) {
  const head = Buffer.from(
    [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nA file\r\n`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="data.${type}"\r\n`,
      'Content-Type: application/octet-stream\r\n\r\n',
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const parts = [head, ...chunks, tail];
  let next = 0;
  let released = false;
  let waiting: (() => void) | null = null;
  const payload = new Readable({
    read() {
      if (hold !== undefined && next === hold + 1 && !released) {
        waiting = () => this.push(parts[next++]);
        return;
      }
      this.push(next < parts.length ? parts[next++] : null);
    },
  });
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    release() {
      released = true;
      const resume = waiting;
      waiting = null;
      resume?.();
    },
  };
}

const brackets = (bytes: number) =>
  Array.from({ length: bytes / CHUNK }, () => Buffer.alloc(CHUNK, '['.charCodeAt(0)));

describe('text service: inspecting dataset uploads', () => {
  const service = useTextService('upload_inspection');
  const db = () => service.app.database!.db;
  const stored = async () => ({
    uploads: await db()
      .collection(DATASET_UPLOADS)
      .find({}, { sort: { _id: 1 } })
      .toArray(),
    files: await db().collection(`${DATASET_FILES_BUCKET}.files`).countDocuments(),
    chunks: await db().collection(`${DATASET_FILES_BUCKET}.chunks`).countDocuments(),
  });
  const uploadNow = (type: string, data: string) => {
    const upload = streamedUpload(type, [Buffer.from(data)]);
    return service.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ada, ...upload.headers },
      payload: upload.payload,
    });
  };

  it('refuses 4 MB of "[" as JSON nested too deep, answering other requests meanwhile, storing nothing', async () => {
    const kept = await uploadNow('csv', 'text,language,citation\nA cat sat.,en,Mine\n');
    expect(kept.statusCode).toBe(201);
    const before = await stored();

    const upload = streamedUpload('json', brackets(4 * 1024 * 1024), 32);
    let answered = false;
    const refused = service.app
      .inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...ada, ...upload.headers },
        payload: upload.payload,
      })
      .finally(() => (answered = true));
    // The service has taken the file in (its upload shows as uploading) and holds 2 MB of it.
    for (let i = 0; i < 400 && (await db().collection(DATASET_UPLOADS).countDocuments()) <= 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const summary = await service.app.inject({ url: '/api/uploads/summary', headers: ada });
    expect(summary.statusCode).toBe(200);
    // Pending: the kept file (not imported yet) and the one being read, still uploading.
    expect(summary.json<DatasetUploadSummary>()).toEqual({ total: 2, successful: 1, pending: 2 });
    expect(answered).toBe(false);
    upload.release();

    const res = await refused;
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'Unsupported Media Type',
      code: 'upload.json_too_deep',
      message: 'This file is not valid JSON: it is nested more than 64 levels deep.',
      statusCode: 415,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses deep JSON whatever type was chosen, and takes JSON 64 levels deep', async () => {
    const deep = `[${'['.repeat(64)}${']'.repeat(64)}]`;
    for (const type of ['json', 'csv']) {
      const res = await uploadNow(type, deep);
      expect(res.json()).toMatchObject({ statusCode: 415, code: 'upload.json_too_deep' });
    }
    const fine = await uploadNow('json', `[${'['.repeat(63)}${']'.repeat(63)}]`);
    expect(fine.statusCode).toBe(201);
    expect(fine.json<DatasetUpload>()).toMatchObject({ type: 'json', status: 'completed' });
  });

  /** A JSON file stored as importable without today's inspection (as files uploaded before it were). */
  const storedUnchecked = async (content: string) => {
    const fileId = new ObjectId();
    await pipeline(
      Readable.from([Buffer.from(content)]),
      datasetFiles(db()).openUploadStreamWithId(fileId, 'old.json'),
    );
    const _id = new ObjectId();
    await datasetUploads(db()).insertOne({
      _id,
      fileId,
      fileName: 'old.json',
      type: 'json',
      description: 'Stored before',
      status: 'completed',
      bytes: content.length,
      importable: 'sentences',
      rows: 2,
      import: null,
      quality: null,
      ownerId: 'ada',
      uploadedBy: 'Ada Obi',
      uploadDate: new Date(),
    });
    return _id.toHexString();
  };
  const row = '{"text":"The farmer sold yams.","language":"en","citation":"Mine"}';

  it('refuses to import a stored file nested too deep or with a row over 1 MB, importing nothing', async () => {
    const deep = await storedUnchecked(`[${row},${'['.repeat(200_000)}${']'.repeat(200_000)}]`);
    const long = await storedUnchecked(`[${row},{"text":"${'a'.repeat(2 * 1024 * 1024)}"}]`);
    for (const [id, code, message] of [
      [deep, 'upload.json_too_deep', ERROR_MESSAGES['upload.json_too_deep']],
      [long, 'upload.not_importable', 'Row 2 is longer than 1 MB.'],
    ]) {
      const res = await service.app.inject({
        method: 'POST',
        url: `/api/uploads/${id}/import`,
        headers: ada,
      });
      expect(res.json()).toEqual({ error: 'Unprocessable Entity', code, message, statusCode: 422 });
      expect(await datasetUploads(db()).findOne({ _id: new ObjectId(id) })).toMatchObject({ import: null });
      expect(await datasetUploads(db()).countDocuments({ importing: true })).toBe(0);
    }
    expect(await sentences(db()).countDocuments({ authorId: 'ada' })).toBe(0);
  });
});

describe('text service: an upload whose inspection runs out of memory', () => {
  const service = useTextService('upload_inspection_memory', { uploadInspectionMemoryMb: 16 });
  const db = () => service.app.database!.db;

  it('is refused with its own message, and the service goes on taking uploads', async () => {
    const before = await db().collection(DATASET_UPLOADS).countDocuments();
    // One JSON string of 48 MB: the parser must hold it whole, more than the inspection may use.
    const string = [
      Buffer.from('["'),
      ...Array.from({ length: 768 }, () => Buffer.alloc(CHUNK, 'a')),
      Buffer.from('"]'),
    ];
    const upload = streamedUpload('json', string);
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ada, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Unprocessable Entity',
      code: 'upload.inspection_failed',
      message: ERROR_MESSAGES['upload.inspection_failed'],
      statusCode: 422,
    });
    expect(await db().collection(DATASET_UPLOADS).countDocuments()).toBe(before);
    expect(await db().collection(`${DATASET_FILES_BUCKET}.files`).countDocuments()).toBe(0);

    const next = streamedUpload('json', [Buffer.from('[{"english":"Hi","yoruba":"Báwo"}]')]);
    const ok = await service.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ada, ...next.headers },
      payload: next.payload,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<DatasetUpload>()).toMatchObject({ type: 'json', importable: 'text-pairs' });
  });

  it('inspects a large JSON table in the same bounded memory, value by value', async () => {
    // 8 MB in one object of one array: nothing of it is kept while it is read.
    const record = Buffer.from('{"id":12345,"name":"Ọmọ náà ń kàwé","values":[1,2,3,4,5,6,7,8,9]},');
    const perChunk = Math.floor(CHUNK / record.length);
    const body = Buffer.concat(Array.from({ length: perChunk }, () => record));
    const chunks = [
      Buffer.from('{"records":['),
      ...Array.from({ length: 128 }, () => body),
      Buffer.from('{}]}'),
    ];
    const upload = streamedUpload('json', chunks);
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ada, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<DatasetUpload>()).toMatchObject({ type: 'json', importable: null, status: 'completed' });
  });
});
