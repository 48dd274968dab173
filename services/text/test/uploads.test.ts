import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { ObjectId } from 'mongodb';
import {
  ERROR_CODE_PATTERN,
  type ActivityKind,
  type DatasetUpload,
  type DatasetUploadPage,
  type DatasetUploadSummary,
  type Identity,
} from '@platform/contracts';
import { signIdentity, sumActivity } from '@platform/service-kit';
import { multipart, signedAs, type MultipartPart } from '@platform/service-kit/testing';
import { sentences } from '../src/sentences/store';
import { textPairs } from '../src/text-pairs/store';
import {
  ABANDONED_UPLOAD_MS,
  DATASET_FILES_BUCKET,
  DATASET_UPLOADS,
  failAbandonedUploads,
} from '../src/uploads/store';
import { useTextService } from './support/harness';
import { answerObjects } from './support/openapi';
import { SECRET } from './support';

const MAX_BYTES = 64 * 1024;

const who = (id: string, role: Identity['role'], name: string) => signedAs({ id, role, name });
const ada = who('ada', 'contributor', 'Ada Obi');
const bayo = who('bayo', 'contributor', 'Bayo Ade');
const rita = who('rita', 'reviewer', 'Rita Eze');
const root = who('root', 'admin', 'Admin Person');

const SENTENCES_CSV = [
  'text,language,citation,domain',
  'Ọmọ náà ń kàwé ní ilé.,yo,Ìwé mi,general',
  'The farmer sold yams at the market.,en,My notebook,agriculture-food',
  'The farmer sold yams at the market.,en,My notebook,agriculture-food',
  'I have 3 goats.,en,My notebook,general',
  'Ọmọ kan wà.,xx,Ìwé mi,general',
  'A child reads.,en,,general',
].join('\n');

const PAIRS_JSON = JSON.stringify([
  { english: 'Good morning', yoruba: 'Ẹ káàárọ̀', category: 'conversational' },
  { english: 'Thank you', yoruba: 'E se pupo', category: 'conversational' },
  { english: 'Good morning!', yoruba: 'Ẹ káàárọ̀', category: 'conversational' },
  { english: 'The market', yoruba: 'Ọjà', category: 'kitchen' },
]);

const dicom = (withMagic: boolean) => {
  const bytes = Buffer.alloc(512, 7);
  bytes.fill(0, 0, 128);
  if (withMagic) bytes.write('DICM', 128, 'latin1');
  return bytes;
};

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR\u0000\u0000\u0001\u0000', 'latin1'),
]);

describe('text service: dataset uploads', () => {
  const service = useTextService('uploads', { uploadMaxBytes: MAX_BYTES });
  const db = () => service.app.database!.db;
  /** A person's daily activity counts of one kind, over all time. */
  const written = async (userId: string, kind: ActivityKind = 'sentences.written') =>
    (
      await sumActivity(db(), [
        { key: 'k', kinds: [kind], userId, from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' },
      ])
    ).get('k') ?? 0;

  const upload = (
    file: { filename: string; data: Buffer | string } | null,
    fields: Record<string, string> = { type: 'csv', description: 'Sentences from my notebook' },
    headers: Record<string, string> = ada,
    fileFirst = false,
  ) => {
    const fieldParts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
    const fileParts: MultipartPart[] = file
      ? [{ name: 'file', filename: file.filename, data: Buffer.from(file.data) }]
      : [];
    const body = multipart(fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts]);
    return service.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (url: string, headers: Record<string, string> = ada) =>
    service.app.inject({ method: 'GET', url, headers });
  const importUpload = (id: string, headers: Record<string, string> = ada) =>
    service.app.inject({ method: 'POST', url: `/api/uploads/${id}/import`, headers });
  const stored = async () => ({
    uploads: await db().collection(DATASET_UPLOADS).countDocuments(),
    files: await db().collection(`${DATASET_FILES_BUCKET}.files`).countDocuments(),
    chunks: await db().collection(`${DATASET_FILES_BUCKET}.chunks`).countDocuments(),
  });
  /** Runs `send` and expects it stored nothing at all. */
  const storesNothing = async (send: () => Promise<{ statusCode: number; json: () => unknown }>) => {
    const before = await stored();
    const res = await send();
    expect(await stored()).toEqual(before);
    return res;
  };

  describe('POST /api/uploads', () => {
    it('stores a CSV of sentences as completed, with its checksum, size and the uploader’s name', async () => {
      const res = await upload({ filename: 'notebook.csv', data: SENTENCES_CSV });
      expect(res.statusCode).toBe(201);
      const body = res.json<DatasetUpload>();
      expect(body).toMatchObject({
        fileName: 'notebook.csv',
        type: 'csv',
        description: 'Sentences from my notebook',
        status: 'completed',
        bytes: Buffer.byteLength(SENTENCES_CSV),
        sha256: createHash('sha256').update(SENTENCES_CSV).digest('hex'),
        importable: 'sentences',
        import: null,
        quality: null,
        uploadedBy: 'Ada Obi',
      });
      const file = await get(`/api/uploads/${body.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^text\/csv/);
      expect(file.body).toBe(SENTENCES_CSV);
    });

    it('takes the fields after the file as well as before it', async () => {
      const res = await upload(
        { filename: 'pairs.json', data: PAIRS_JSON },
        { type: 'json', description: 'Greetings' },
        ada,
        true,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ type: 'json', importable: 'text-pairs', status: 'completed' });
    });

    it('keeps a DICOM file carrying DICM at byte 128 as an attachment', async () => {
      const res = await upload(
        { filename: 'scan.dcm', data: dicom(true) },
        { type: 'dicom', description: 'A scan' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ type: 'dicom', importable: null, quality: null });
    });

    it('refuses by content, not by name: a PNG named .csv, JSON that does not parse, DICOM without DICM', async () => {
      for (const [file, type] of [
        [{ filename: 'data.csv', data: PNG }, 'csv'],
        [{ filename: 'data.json', data: '[{"text": "a"},' }, 'json'],
        [{ filename: 'scan.dcm', data: dicom(false) }, 'dicom'],
      ] as const) {
        const res = await storesNothing(() => upload(file, { type, description: 'Refused' }));
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({
          code: 'upload.unsupported_type',
          message: 'Unsupported file type. Please upload CSV, JSON, or DICOM files.',
        });
      }
    });

    it('refuses content of another type than the one chosen', async () => {
      for (const [file, type] of [
        [{ filename: 'notebook.json', data: SENTENCES_CSV }, 'json'],
        [{ filename: 'pairs.csv', data: PAIRS_JSON }, 'csv'],
        [{ filename: 'scan.csv', data: dicom(true) }, 'csv'],
      ] as const) {
        const res = await storesNothing(() => upload(file, { type, description: 'Mismatch' }));
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({ code: 'upload.type_mismatch' });
      }
    });

    it('refuses a file over the limit with 413 and keeps no part of it', async () => {
      const big = `text\n${'a line of text\n'.repeat(MAX_BYTES / 10)}`;
      const res = await storesNothing(() => upload({ filename: 'big.csv', data: big }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'upload.too_large' });
    });

    it('refuses an empty file with 422', async () => {
      const res = await storesNothing(() => upload({ filename: 'empty.csv', data: '' }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'upload.empty', message: 'The file is empty.' });
    });

    it('asks for every field and the file', async () => {
      const file = { filename: 'notebook.csv', data: SENTENCES_CSV };
      for (const send of [
        () => upload(file, { type: 'csv', description: '   ' }),
        () => upload(file, { description: 'No type' }),
        () => upload(null),
        () => upload(file, { description: 'Type after the file', type: '' }, ada, true),
      ]) {
        const res = await storesNothing(send);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'upload.fields_required',
          message: 'Please fill all fields and select a file.',
        });
      }
      const xml = await storesNothing(() => upload(file, { type: 'xml', description: 'XML' }));
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toMatchObject({ code: 'upload.unsupported_type' });
    });

    it('marks an upload cut off half-way as failed and removes the bytes it had received', async () => {
      const address = await service.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const boundary = '----cutoff';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ncsv\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nCut off\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n\r\n` +
          `text\n${'a line of text\n'.repeat(2000)}`,
      );
      const identity = signIdentity({ id: 'ada', role: 'contributor', name: 'Ada Obi' }, SECRET, {
        method: 'POST',
        url: '/api/uploads',
        service: 'text',
      });
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          'POST /api/uploads HTTP/1.1',
          'Host: 127.0.0.1',
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          `Content-Length: ${head.length + 10_000}`,
          ...Object.entries(identity).map(([name, value]) => `${name}: ${value}`),
          '',
          '',
        ].join('\r\n'),
      );
      socket.write(head);
      const uploads = db().collection(DATASET_UPLOADS);
      const until = async (check: () => Promise<boolean>) => {
        for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
      };
      await until(async () => (await uploads.countDocuments({ fileName: 'cut.csv' })) === 1);
      const uploading = await uploads.findOne({ fileName: 'cut.csv' });
      expect(uploading).toMatchObject({ status: 'uploading', type: 'csv', uploadedBy: 'Ada Obi' });
      socket.destroy();
      await until(async () => (await uploads.findOne({ fileName: 'cut.csv' }))?.status === 'failed');
      const failed = await uploads.findOne({ fileName: 'cut.csv' });
      expect(failed).toMatchObject({ status: 'failed', failureCode: 'upload.interrupted' });
      const fileId = failed!.fileId as ObjectId;
      expect(await db().collection(`${DATASET_FILES_BUCKET}.files`).countDocuments({ _id: fileId })).toBe(0);
      expect(
        await db().collection(`${DATASET_FILES_BUCKET}.chunks`).countDocuments({ files_id: fileId }),
      ).toBe(0);
      // Shown in the history as failed; not counted as successful.
      const list = (await get('/api/uploads?status=failed')).json<DatasetUploadPage>();
      expect(list.items.map((u) => [u.fileName, u.failureCode])).toEqual([['cut.csv', 'upload.interrupted']]);
      await uploads.deleteOne({ _id: failed!._id });
    });

    it('marks uploads a stopped service left half-way as failed, and leaves recent ones uploading', async () => {
      const uploads = db().collection(DATASET_UPLOADS);
      const now = new Date();
      const left = (fileName: string, age: number) => ({
        fileId: new ObjectId(),
        fileName,
        type: 'csv',
        description: 'Left behind',
        status: 'uploading',
        bytes: 0,
        importable: null,
        rows: 0,
        import: null,
        quality: null,
        ownerId: 'ada',
        uploadedBy: 'Ada Obi',
        uploadDate: new Date(now.getTime() - age),
      });
      await uploads.insertMany([left('old.csv', ABANDONED_UPLOAD_MS + 1000), left('recent.csv', 1000)]);
      expect(await failAbandonedUploads(db(), now)).toBe(1);
      expect(await uploads.findOne({ fileName: 'old.csv' })).toMatchObject({
        status: 'failed',
        failureCode: 'upload.interrupted',
      });
      expect(await uploads.findOne({ fileName: 'recent.csv' })).toMatchObject({ status: 'uploading' });
      await uploads.deleteMany({ fileName: { $in: ['old.csv', 'recent.csv'] } });
    });

    it('is for signed-in people only', async () => {
      const res = await storesNothing(() => upload({ filename: 'a.csv', data: 'a\n1\n' }, undefined, {}));
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/uploads/:id/import', () => {
    it('imports sentences into the review queue as bulk Write would, row by row, and records the quality', async () => {
      const writtenBefore = await written('ada');
      const up = (await upload({ filename: 'notebook.csv', data: SENTENCES_CSV })).json<DatasetUpload>();
      const res = await importUpload(up.id);
      expect(res.statusCode).toBe(200);
      const body = res.json<DatasetUpload>();
      expect(body.import).toMatchObject({ kind: 'sentences', rows: 6, accepted: 2 });
      expect(body.import!.refused).toEqual([
        {
          row: 3,
          code: 'sentence.repeated',
          message: 'This sentence appears more than once in your submission.',
        },
        {
          row: 4,
          code: 'sentence.has_digits',
          message: 'Write numbers out in words: a sentence may not contain digits.',
        },
        { row: 5, code: 'validation.failed', message: "Unknown language 'xx'." },
        {
          row: 6,
          code: 'sentence.citation_required',
          message: 'Please give a citation: where the sentence comes from.',
        },
      ]);
      expect(body.quality).toBeCloseTo(2 / 6);
      const pending = await sentences(db()).find({ authorId: 'ada' }).toArray();
      expect(pending.map((s) => [s.text, s.language, s.status, s.citation])).toEqual(
        expect.arrayContaining([
          ['Ọmọ náà ń kàwé ní ilé.', 'yo', 'pending', 'Ìwé mi'],
          ['The farmer sold yams at the market.', 'en', 'pending', 'My notebook'],
        ]),
      );
      expect(pending).toHaveLength(2);

      // The same sentences again, in another file: already on the platform.
      const again = (await upload({ filename: 'again.csv', data: SENTENCES_CSV })).json<DatasetUpload>();
      const second = (await importUpload(again.id)).json<DatasetUpload>();
      expect(second.import).toMatchObject({ rows: 6, accepted: 0 });
      expect(second.import!.refused.filter((r) => r.code === 'sentence.duplicate').map((r) => r.row)).toEqual(
        [1, 2],
      );
      expect(second.quality).toBe(0);
      // Each sentence taken in counts once as written by the uploader; the refused repeats count nothing.
      expect((await written('ada')) - writtenBefore).toBe(2);
    });

    it('imports English–Yoruba pairs as Add Text Pair would', async () => {
      const addedBefore = await written('ada', 'pairs.added');
      const up = (
        await upload({ filename: 'pairs.json', data: PAIRS_JSON }, { type: 'json', description: 'Pairs' })
      ).json<DatasetUpload>();
      const body = (await importUpload(up.id)).json<DatasetUpload>();
      expect(body.import).toMatchObject({ kind: 'text-pairs', rows: 4, accepted: 1 });
      expect(body.import!.refused).toEqual([
        { row: 2, code: 'text_pair.needs_tone_marks', message: 'Yoruba text must carry tone marks.' },
        { row: 3, code: 'text_pair.duplicate', message: 'This text pair already exists.' },
        { row: 4, code: 'validation.failed', message: expect.stringMatching(/^Choose a category: /) },
      ]);
      expect(body.quality).toBeCloseTo(0.25);
      const pairs = await textPairs(db()).find({ authorId: 'ada' }).toArray();
      expect(pairs.map((p) => [p.source_lang_text, p.target_lang_text, p.status])).toEqual([
        ['Good morning', 'Ẹ káàárọ̀', 'pending'],
      ]);
      expect((await written('ada', 'pairs.added')) - addedBefore).toBe(1);
    });

    it('imports once: a second import is 409, and a file without sentences or pairs is 422', async () => {
      const csv = 'english,yoruba,category\nThe river,Odò,cultural\n';
      const up = (await upload({ filename: 'river.csv', data: csv })).json<DatasetUpload>();
      expect((await importUpload(up.id)).statusCode).toBe(200);
      const again = await importUpload(up.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'upload.already_imported' });

      const other = (await upload({ filename: 'numbers.csv', data: 'a,b\n1,2\n' })).json<DatasetUpload>();
      const refused = await importUpload(other.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'upload.not_importable' });
    });

    it('is for the uploader or an admin only', async () => {
      const csv = 'english,yoruba,category\nThe moon,Òṣùpá,cultural\n';
      const up = (await upload({ filename: 'moon.csv', data: csv })).json<DatasetUpload>();
      expect((await importUpload(up.id, bayo)).statusCode).toBe(404);
      expect((await importUpload(up.id, rita)).statusCode).toBe(404);
      const byAdmin = await importUpload(up.id, root);
      expect(byAdmin.statusCode).toBe(200);
      // The rows are the uploader's contribution, whoever pressed Import.
      expect(await textPairs(db()).countDocuments({ authorId: 'ada', source_lang_text: 'The moon' })).toBe(1);
      expect((await importUpload('0123456789abcdef01234567')).statusCode).toBe(404);
    });
  });

  describe('history, counts and files', () => {
    const bayoCsv = 'english,yoruba,category\nThe sun,Oòrùn,cultural\n';

    it('shows people their own uploads, and reviewers and admins everyone’s, filtered and paged', async () => {
      await upload({ filename: 'sun.csv', data: bayoCsv }, { type: 'csv', description: 'Bayo’s sun' }, bayo);
      const own = (await get('/api/uploads?pageSize=100', bayo)).json<DatasetUploadPage>();
      expect(own.items.map((u) => u.fileName)).toEqual(['sun.csv']);
      expect(own.items[0]!.uploadedBy).toBe('Bayo Ade');

      const ada_ = (await get('/api/uploads?pageSize=100')).json<DatasetUploadPage>();
      expect(ada_.items.every((u) => u.uploadedBy === 'Ada Obi')).toBe(true);
      const all = (await get('/api/uploads?pageSize=100', rita)).json<DatasetUploadPage>();
      expect(all.total).toBe(ada_.total + 1);

      const search = (await get('/api/uploads?q=BAYO', rita)).json<DatasetUploadPage>();
      expect(search.items.map((u) => u.fileName)).toEqual(['sun.csv']);
      const byType = (await get('/api/uploads?type=dicom', rita)).json<DatasetUploadPage>();
      expect(byType.items.map((u) => u.fileName)).toEqual(['scan.dcm']);
      const paged = (await get('/api/uploads?pageSize=2&page=2', rita)).json<DatasetUploadPage>();
      expect(paged).toMatchObject({ page: 2, pageSize: 2, total: all.total });
      expect(paged.items.map((u) => u.id)).toEqual(all.items.slice(2, 4).map((u) => u.id));
      expect((await get('/api/uploads?status=failed', rita)).json<DatasetUploadPage>().total).toBe(0);
      expect((await get('/api/uploads?type=xml', rita)).statusCode).toBe(400);
    });

    it('counts Total, Successful and Pending over what the person may see', async () => {
      const before = (await get('/api/uploads/summary', bayo)).json<DatasetUploadSummary>();
      expect(before).toEqual({ total: 1, successful: 1, pending: 1 });
      const sun = (await get('/api/uploads', bayo)).json<DatasetUploadPage>().items[0]!;
      await importUpload(sun.id, bayo);
      expect((await get('/api/uploads/summary', bayo)).json()).toEqual({
        total: 1,
        successful: 1,
        pending: 0,
      });
      expect((await get('/api/uploads/summary', who('new', 'contributor', 'New Person'))).json()).toEqual({
        total: 0,
        successful: 0,
        pending: 0,
      });
      const everyone = (await get('/api/uploads/summary', rita)).json<DatasetUploadSummary>();
      const all = (await get('/api/uploads?pageSize=100', rita)).json<DatasetUploadPage>();
      expect(everyone.total).toBe(all.total);
      expect(everyone.successful).toBe(all.items.filter((u) => u.status === 'completed').length);
      expect(everyone.pending).toBe(all.items.filter((u) => u.importable && !u.import).length);
    });

    it('gives the file back to its uploader and admins only', async () => {
      const sun = (await get('/api/uploads', bayo)).json<DatasetUploadPage>().items[0]!;
      expect((await get(`/api/uploads/${sun.id}/file`, bayo)).body).toBe(bayoCsv);
      expect((await get(`/api/uploads/${sun.id}/file`, root)).body).toBe(bayoCsv);
      expect((await get(`/api/uploads/${sun.id}/file`, ada)).statusCode).toBe(404);
      expect((await get(`/api/uploads/${sun.id}/file`, rita)).statusCode).toBe(404);
      expect((await get('/api/uploads/not-an-id/file', bayo)).statusCode).toBe(404);
    });
  });

  it("describes an import's refused row with its code and message in the OpenAPI document", async () => {
    expect(await answerObjects(service.app, 'post', '/api/uploads/{id}/import')).toContainEqual(
      expect.objectContaining({
        row: expect.objectContaining({ type: 'integer' }),
        code: expect.objectContaining({ type: 'string', pattern: ERROR_CODE_PATTERN }),
        message: expect.objectContaining({ type: 'string' }),
      }),
    );
  });
});
