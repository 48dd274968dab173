import { createHash, randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { DownloadHistoryPage } from '@platform/contracts';
import {
  admin,
  createDataset,
  emptyDatasets,
  publishFake,
  startDatasets,
  who,
  type DatasetsHarness,
} from './support/datasets';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const ada = () => who('ada', 'researcher');

describe('datasets: licence, downloads with ranges, Download History and its 30 days (speech service)', () => {
  let h: DatasetsHarness;
  let datasetId: string;
  let complete: Buffer;
  let metadata: Buffer;
  beforeAll(async () => {
    h = await startDatasets();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await emptyDatasets(h);
    h.clock.now = new Date();
    datasetId = await createDataset(h, { name: 'Yorùbá Read Speech' });
    ({ complete, metadata } = await publishFake(h, datasetId));
  });

  const fileUrl = (version: string | number = 'latest', artifact = 'complete.zip') =>
    `/api/datasets/${datasetId}/releases/${version}/files/${artifact}`;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    h.app.inject({ method, url, headers });
  const accept = (headers = ada(), payload: object = { acceptLicence: true, noReidentification: true }) =>
    h.app.inject({ method: 'POST', url: `/api/datasets/${datasetId}/licence`, headers, payload });
  const history = async (headers = ada(), query = '') => {
    const res = await get(`/api/downloads${query}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json() as DownloadHistoryPage;
  };

  it('asks for the licence terms before the first download, and remembers them', async () => {
    const refused = await get(fileUrl(), ada());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('download.licence_required');

    // Both promises are required; nothing is stored otherwise.
    for (const payload of [{ acceptLicence: true }, { acceptLicence: true, noReidentification: false }, {}]) {
      expect((await accept(ada(), payload)).statusCode).toBe(400);
    }
    expect(await h.dc.licenceAcceptances.countDocuments()).toBe(0);

    const accepted = await accept();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      datasetId,
      license: 'CC-BY-4.0',
      acceptedAt: h.clock.now.toISOString(),
    });
    const listed = (await get('/api/datasets', ada())).json();
    expect(listed.items[0].licenceAccepted).toBe(true);

    const res = await get(fileUrl(), ada());
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(sha256(complete));
    // Someone else has not accepted them.
    expect((await get(fileUrl(), who('bola', 'researcher'))).statusCode).toBe(403);
    // The licence of a dataset nobody may see yet is not found.
    const hidden = await createDataset(h, { name: 'Hidden' });
    const res404 = await h.app.inject({
      method: 'POST',
      url: `/api/datasets/${hidden}/licence`,
      headers: ada(),
      payload: { acceptLicence: true, noReidentification: true },
    });
    expect(res404.statusCode).toBe(404);
  });

  it('serves an artifact with its length, SHA-256 ETag, ranges, type and a good file name; HEAD too', async () => {
    await accept();
    const release = await h.dc.releases.findOne({ datasetId });
    const whole = await get(fileUrl(1), ada());
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-length': String(complete.length),
      etag: `"${sha256(complete)}"`,
      'accept-ranges': 'bytes',
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="yoruba-read-speech-v1-complete.zip"',
    });
    expect(whole.headers['last-modified']).toBe(release!.publishedAt!.toUTCString());
    expect(whole.rawPayload.equals(complete)).toBe(true);

    const json = await get(fileUrl('latest', 'metadata.json'), ada());
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.rawPayload.equals(metadata)).toBe(true);

    const head = await get(fileUrl(), ada(), 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(complete.length));
    expect(head.headers.etag).toBe(`"${sha256(complete)}"`);
    expect(head.rawPayload.length).toBe(0);
    // A HEAD is not a download.
    expect((await history()).total).toBe(2);

    // An artifact this release does not have, a release that does not exist, a name that is not an artifact.
    expect((await get(fileUrl(1, 'audio.zip'), ada())).statusCode).toBe(404);
    expect((await get(fileUrl(7), ada())).json().code).toBe('release.not_found');
    expect((await get(fileUrl(1, 'secrets.txt'), ada())).statusCode).toBe(400);
  });

  it('resumes: a download cut half-way and resumed with Range equals the whole by SHA-256', async () => {
    await accept();
    const half = Math.floor(complete.length / 2);
    const first = await get(fileUrl(), { ...ada(), range: `bytes=0-${half - 1}` });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-${half - 1}/${complete.length}`);
    expect(first.headers['content-length']).toBe(String(half));
    const etag = first.headers.etag as string;
    const rest = await get(fileUrl(), { ...ada(), range: `bytes=${half}-`, 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${half}-${complete.length - 1}/${complete.length}`);
    const joined = Buffer.concat([first.rawPayload, rest.rawPayload]);
    expect(sha256(joined)).toBe(sha256(complete));
    expect(etag).toBe(`"${sha256(joined)}"`);
    // The request from the first byte is one download; the resumed range is not another.
    const page = await history();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ artifact: 'complete.zip', version: 1, bytes: complete.length });
  });

  it('sends the whole file when If-Range names another version of it, and 416 outside the file', async () => {
    await accept();
    const stale = await get(fileUrl(), { ...ada(), range: 'bytes=100-', 'if-range': `"${'0'.repeat(64)}"` });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(complete)).toBe(true);
    const outside = await get(fileUrl(), { ...ada(), range: `bytes=${complete.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${complete.length}`);
    expect(outside.json().code).toBe('download.range_unsatisfiable');
    const suffix = await get(fileUrl(), { ...ada(), range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(complete.subarray(complete.length - 10))).toBe(true);
    // The whole file (If-Range mismatch) was a download; the 416 and the suffix were not.
    expect((await history()).total).toBe(1);
  });

  it('answers 409 for a release that is not published, and lets only researchers and admins download', async () => {
    await accept();
    const published = (await h.dc.releases.findOne({ datasetId }))!;
    // Version 2 is being built: its files are not there to download, for anyone.
    const { publishedAt: _publishedAt, ...rest } = published;
    await h.dc.releases.insertOne({
      ...rest,
      _id: new ObjectId(),
      version: 2,
      status: 'building',
      progress: 0.3,
    });
    for (const headers of [ada(), admin()]) {
      const res = await get(fileUrl(2), headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('release.not_published');
    }
    // `latest` is still version 1.
    expect((await get(fileUrl('latest'), ada())).headers['content-disposition']).toContain('-v1-');
    // A dataset with nothing published: not found for a researcher, not published for an admin.
    const draft = await createDataset(h, { name: 'Draft' });
    expect((await get(`/api/datasets/${draft}/releases/latest/files/complete.zip`, ada())).statusCode).toBe(
      404,
    );
    const adminGet = await get(`/api/datasets/${draft}/releases/latest/files/complete.zip`, admin());
    expect(adminGet.statusCode).toBe(409);
    expect((await get(fileUrl(), who('c', 'contributor'))).statusCode).toBe(403);
    expect((await get(fileUrl(), who('r', 'reviewer'))).statusCode).toBe(403);
    expect((await get(fileUrl())).statusCode).toBe(401);
    // Only the download of version 1 counted.
    expect(await h.dc.downloads.countDocuments()).toBe(1);
  });

  it('lets an API token download with ranges and read its history, but not accept a licence', async () => {
    const token = who('ada', 'researcher', { token: true });
    expect((await accept(token)).statusCode).toBe(403);
    await accept();
    const part = await get(fileUrl(), { ...token, range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(complete.subarray(0, 100))).toBe(true);
    const page = await history(token);
    expect(page.total).toBe(1);
    const again = await get(page.items[0]!.url, { ...token, range: 'bytes=100-' });
    expect(again.statusCode).toBe(206);
    expect(again.rawPayload.equals(complete.subarray(100))).toBe(true);
  });

  it('keeps a history of one’s own downloads, newest first and paged, each available again for 30 days', async () => {
    await accept();
    await accept(who('bola', 'researcher'));
    const t0 = h.clock.now;
    await get(fileUrl('latest', 'metadata.json'), ada());
    h.clock.advanceDays(1);
    await get(fileUrl(), ada());
    await get(fileUrl(), who('bola', 'researcher'));

    const page = await history();
    expect(page.total).toBe(2);
    expect(page.items.map((e) => e.artifact)).toEqual(['complete.zip', 'metadata.json']);
    const [newest, oldest] = page.items as [DownloadHistoryPage['items'][0], DownloadHistoryPage['items'][0]];
    expect(newest).toMatchObject({
      datasetId,
      dataset: 'Yorùbá Read Speech',
      version: 1,
      bytes: complete.length,
      status: 'completed',
      url: `/api/downloads/${newest.id}/file`,
    });
    expect(oldest.date).toBe(t0.toISOString());
    expect(oldest.expiresAt).toBe(new Date(t0.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString());
    const paged = await history(ada(), '?pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((e) => e.id)).toEqual([oldest.id]);

    // Download Again: the very same file, with ranges, while it is available.
    const again = await get(newest.url, ada());
    expect(again.statusCode).toBe(200);
    expect(sha256(again.rawPayload)).toBe(sha256(complete));
    expect(again.headers.etag).toBe(`"${sha256(complete)}"`);
    const tail = await get(newest.url, { ...ada(), range: 'bytes=5-' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(complete.subarray(5))).toBe(true);
    expect((await get(newest.url, ada(), 'HEAD')).headers['content-length']).toBe(String(complete.length));

    // Someone else's download is not found, nor a made-up one.
    const bolas = (await history(who('bola', 'researcher'))).items[0]!;
    expect((await get(bolas.url, ada())).statusCode).toBe(404);
    expect((await get(bolas.url, ada())).json().code).toBe('download.not_found');
    expect((await get('/api/downloads/0123456789abcdef01234567/file', ada())).statusCode).toBe(404);
    expect((await get('/api/downloads/nonsense/file', ada())).statusCode).toBe(404);

    // 31 days later the metadata download has expired, the complete one (a day younger) too after 30 days.
    h.clock.advanceDays(29);
    const later = await history();
    expect(later.items.map((e) => e.status)).toEqual(['completed', 'expired']);
    expect((await get(newest.url, ada())).statusCode).toBe(200);
    const expired = await get(oldest.url, ada());
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('download.expired');
    h.clock.advanceDays(1);
    expect((await history()).items.map((e) => e.status)).toEqual(['expired', 'expired']);
    expect((await get(newest.url, ada())).statusCode).toBe(410);
    // Requesting the dataset again is a new download, available for another 30 days.
    expect((await get(fileUrl(), ada())).statusCode).toBe(200);
    expect((await history()).items.map((e) => e.status)).toEqual(['completed', 'expired', 'expired']);
  });

  it('counts downloads on the cards and the stat cards', async () => {
    await accept();
    await get(fileUrl(), ada());
    await get(fileUrl(), { ...ada(), range: 'bytes=0-' });
    await get(fileUrl(), { ...ada(), range: 'bytes=10-' });
    const summary = (await get('/api/datasets/summary')).json();
    expect(summary.totalDownloads).toBe(2);
    const card = (await get('/api/datasets')).json().items[0];
    expect(card.downloads).toBe(2);
    expect(card.latestRelease.downloads).toBe(2);
  });

  it('streams a large artifact without changing a byte', async () => {
    const big = randomBytes(5 * 1024 * 1024 + 17);
    ({ complete } = await publishFake(h, datasetId, { complete: big }));
    await accept();
    const res = await get(fileUrl(2), ada());
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(sha256(big));
  });
});
