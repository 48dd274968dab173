import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from 'mongodb';
import type { ReleaseDatasheet } from '@platform/contracts';
import { signIdentity } from '@platform/service-kit';
import type { ReleaseDoc } from '../src/datasets/store';
import { datasetCollections } from './support/collections';
import { SECRET, as, asRole, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { wav } from './support/wav';
import {
  addAudioPair,
  addRecording,
  addSentence,
  askForRelease,
  readArtifact,
  sh,
  storeAudio,
  tempDir,
  writeTemp,
} from './support/releases';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('each Parquet shard and TSV of a release is served on its own, as complete.zip holds it', () => {
  let speech: SpeechHarness;
  let db: Db;
  let release: ReleaseDoc;
  let dir: string;
  let folder: string;
  const researcher = asRole('ada', 'researcher');

  beforeAll(async () => {
    // Small shards, so a split has several and a reader has several files to fetch.
    speech = await startSpeech({
      releaseWorkerOptions: { parquet: { shardBytes: 200_000, rowGroupBytes: 80_000 } },
    });
    db = speech.app.database!.db;
    const take = await storeAudio(db, chromiumWebm('speech'));
    const sentence = await addSentence(db, 'Ẹ kú iṣẹ́ o.', 'yo', ['health']);
    for (const speakerId of ['spk-a', 'spk-b', 'spk-c', 'spk-d', 'spk-e', 'spk-f'])
      for (let i = 0; i < 2; i++)
        await addRecording(db, {
          speakerId,
          sentenceId: sentence,
          text: 'Ẹ kú iṣẹ́ o.',
          language: 'yo',
          audio: take,
        });
    await addAudioPair(db, {
      donorId: 'donor-f',
      dialect: 'ekiti-yoruba',
      source: await storeAudio(db, wav({ seconds: 1, rate: 16000 })),
      target: await storeAudio(db, wav({ seconds: 1, rate: 16000 })),
    });
    release = await askForRelease(db);
    speech.app.releaseWorker.kick();
    await speech.app.releaseWorker.idle();
    release = (await datasetCollections(db).releases.findOne({ _id: release._id }))!;
    expect(release.status).toBe('published');

    dir = tempDir('release-parts-test-');
    const complete = release.artifacts.find((a) => a.name === 'complete.zip')!;
    writeTemp(dir, 'complete.zip', await readArtifact(db, complete.fileId));
    sh('unzip', ['-q', 'complete.zip', '-d', 'out'], dir);
    folder = join(dir, 'out', readdirSync(join(dir, 'out'))[0]!);
  }, 180_000);

  afterAll(async () => {
    await speech?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const base = () => `/api/datasets/${release.datasetId}/releases`;
  const get = (url: string, headers: Record<string, string>, extra: Record<string, string> = {}) =>
    speech.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
  const accept = async () => {
    const res = await speech.app.inject({
      method: 'POST',
      url: `/api/datasets/${release.datasetId}/licence`,
      headers: researcher,
      payload: { acceptLicence: true, noReidentification: true },
    });
    expect(res.statusCode).toBe(200);
  };
  /** The files the archive holds that a reader loads by URL: the shards and each language's TSVs. */
  const loadable = () => [
    ...readdirSync(join(folder, 'data')).map((f) => `data/${f}`),
    ...['en', 'yo'].flatMap((l) =>
      readdirSync(join(folder, l))
        .filter((f) => f.endsWith('.tsv'))
        .map((f) => `${l}/${f}`),
    ),
  ];

  it('lists every shard and TSV in the datasheet, and sends each with the bytes, SHA-256 and type it has in the archive', async () => {
    await accept();
    const sheet = await get(`${base()}/latest/datasheet`, researcher);
    expect(sheet.statusCode).toBe(200);
    const { parts } = sheet.json<ReleaseDatasheet>();
    expect([...parts].sort()).toEqual(loadable().sort());
    expect(parts.filter((p) => p.startsWith('data/')).length).toBeGreaterThan(2);
    for (const path of parts) {
      const bytes = readFileSync(join(folder, path));
      const res = await get(`${base()}/${release.version}/files/${path}`, researcher);
      expect([path, res.statusCode]).toEqual([path, 200]);
      expect([path, Buffer.compare(res.rawPayload, bytes)]).toEqual([path, 0]);
      expect(res.headers).toMatchObject({
        'content-length': String(bytes.length),
        etag: `"${sha(bytes)}"`,
        'accept-ranges': 'bytes',
        'content-type': path.endsWith('.parquet')
          ? 'application/vnd.apache.parquet'
          : 'text/tab-separated-values; charset=utf-8',
      });
      // Read in place by a loader, never saved under another name.
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('answers byte ranges within the file, as a Parquet reader asks for its footer, and HEAD with its size', async () => {
    await accept();
    const path = readdirSync(join(folder, 'data')).map((f) => `data/${f}`)[0]!;
    const bytes = readFileSync(join(folder, path));
    const url = `${base()}/${release.version}/files/${path}`;
    const tail = await get(url, researcher, { range: 'bytes=-8' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${bytes.length - 8}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 8))).toBe(true);
    expect(tail.rawPayload.subarray(4).toString()).toBe('PAR1');
    const middle = await get(url, researcher, { range: 'bytes=100-4195' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(bytes.subarray(100, 4196))).toBe(true);
    const head = await speech.app.inject({ method: 'HEAD', url, headers: researcher });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(bytes.length),
      0,
    ]);
    const beyond = await get(url, researcher, { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('is read over HTTP by pandas, the request headers given as read_csv’s storage_options', async () => {
    await accept();
    await speech.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = speech.app.server.address() as { port: number };
    const path = `${base()}/${release.version}/files/yo/validated.tsv`;
    // What the gateway sends for a researcher's API token: the person, signed for this request.
    const headers = signIdentity({ id: 'ada', role: 'researcher', name: 'Person ada' }, SECRET, {
      method: 'GET',
      url: path,
      service: 'speech',
    });
    const script = [
      'import json, sys, pandas',
      'df = pandas.read_csv(sys.argv[1], sep="\\t", quoting=3, dtype=str, keep_default_na=False,',
      '                     storage_options=json.loads(sys.argv[2]))',
      'print(json.dumps([list(df.columns)] + df.values.tolist()))',
    ].join('\n');
    // Asynchronously: the server answering pandas runs in this process.
    const { stdout: out } = await promisify(execFile)(
      '/usr/bin/python3',
      ['-c', script, `http://127.0.0.1:${port}${path}`, JSON.stringify(headers)],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const expected = readFileSync(join(folder, 'yo/validated.tsv'), 'utf8')
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => line.split('\t'));
    expect(expected.length).toBeGreaterThan(2);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('asks for the licence, refuses a contributor, and answers 404 for a file the release does not have', async () => {
    const tsv = `${base()}/${release.version}/files/yo/validated.tsv`;
    const stranger = asRole('bola', 'researcher');
    const refused = await get(tsv, stranger);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'download.licence_required']);
    expect((await get(tsv, as('spk-a'))).statusCode).toBe(403);

    await accept();
    for (const missing of ['data/train-00099-of-00100.parquet', 'ig/validated.tsv']) {
      const res = await get(`${base()}/${release.version}/files/${missing}`, researcher);
      expect([missing, res.statusCode, res.json().code]).toEqual([missing, 404, 'release.file_not_found']);
    }
    const noRelease = await get(`${base()}/9/files/yo/validated.tsv`, researcher);
    expect([noRelease.statusCode, noRelease.json().code]).toEqual([404, 'release.not_found']);
    // Only shards and TSVs are served this way: the rest of the archive is in complete.zip.
    expect((await get(`${base()}/1/files/yo/README.md`, researcher)).statusCode).toBe(400);
    expect((await get(`${base()}/1/files/yo/clips/x.wav`, researcher)).statusCode).toBe(404);
  });
});
