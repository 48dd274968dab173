// A release build killed half-way (SIGKILL of the speech service while it writes the archives): the release is
// never listed as published while half-built, the restarted service takes the build over by itself once the
// dead builder's lease runs out (or reports it failed, and publishing again works), and what is published in
// the end downloads whole: its size and SHA-256 are the ones listed, and every file in it matches SHA256SUMS.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Dataset, DatasetDetail, ReleaseSummary } from '@platform/contracts';
import { createPerson, promoteTo, validatedRecording, type Person } from '../contribute/people';
import { killProcess, siteUrl } from '../support/platform';
import { call, platformWhole, toneWav, until } from './faults';

const run = promisify(execFile);
// Enough audio that the build takes several seconds, so the kill lands while it is writing.
const SPEAKERS = 4;
const TAKES_EACH = 6;
// The dead builder's lease (60 s) must run out before another process takes the release over.
const TAKEOVER_MS = 150_000;

const json = <T>(text: string) => JSON.parse(text) as T;

async function releaseOf(admin: Person, datasetId: string, version: number): Promise<ReleaseSummary> {
  const answer = await until(
    () => call(`/api/datasets/${datasetId}/releases/${version}`, { session: admin.session }),
    (a) => a.status === 200,
    `release ${version} answered`,
  );
  return json<ReleaseSummary>(answer.text);
}

/** The dataset as listed; throws if it lists a release that is not published. */
async function listedRelease(admin: Person, datasetId: string): Promise<ReleaseSummary | null> {
  const answer = await call(`/api/datasets/${datasetId}`, { session: admin.session });
  if (answer.status !== 200) return null;
  const { dataset, releases } = json<DatasetDetail>(answer.text);
  const latest: Dataset['latestRelease'] = dataset.latestRelease;
  if (latest && latest.status !== 'published') throw new Error(`listed as latest while ${latest.status}`);
  for (const r of releases) {
    if (r.status !== 'published' && (r.artifacts.length > 0 || r.publishedAt))
      throw new Error(`release ${r.version} lists artifacts while ${r.status}`);
  }
  return latest;
}

/** Downloads complete.zip and checks it whole: listed size and SHA-256, and `sha256sum -c SHA256SUMS` inside. */
async function expectWhole(admin: Person, datasetId: string, release: ReleaseSummary) {
  const listed = release.artifacts.find((a) => a.name === 'complete.zip');
  expect(listed).toBeDefined();
  const res = await fetch(
    `${siteUrl()}/api/datasets/${datasetId}/releases/${release.version}/files/complete.zip`,
    { headers: { cookie: `plt=${admin.session}` } },
  );
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(listed!.bytes);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(listed!.sha256);
  expect(bytes.length).toBe(release.figures?.bytes);

  const dir = await mkdtemp(path.join(tmpdir(), 'release-killed-'));
  try {
    await writeFile(path.join(dir, 'complete.zip'), bytes);
    await run('unzip', ['-q', 'complete.zip'], { cwd: dir });
    const [folder] = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory());
    expect(folder).toBeDefined();
    const { stdout } = await run('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], {
      cwd: path.join(dir, folder!.name),
    });
    expect(stdout).toBe('');
    const sums = (await run('wc', ['-l', 'SHA256SUMS'], { cwd: path.join(dir, folder!.name) })).stdout;
    // Every clip is in it, once the build finished.
    expect(Number.parseInt(sums, 10)).toBeGreaterThanOrEqual(SPEAKERS * TAKES_EACH);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a release build killed half-way', () => {
  beforeAll(platformWhole, 90_000);
  afterAll(platformWhole, 90_000);

  it('is never listed half-built, is taken over by the restarted service (or failed and published again), and downloads whole', async () => {
    const [listenerA, listenerB, ...speakers] = await Promise.all(
      ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe', 'Funmi'].slice(0, SPEAKERS + 2).map((n) => createPerson(n)),
    );
    await Promise.all(
      speakers.map(async (speaker, i) => {
        for (let t = 0; t < TAKES_EACH; t++)
          await validatedRecording(speaker!, [listenerA!, listenerB!], toneWav(8, 300 + 40 * i + 5 * t));
      }),
    );
    const admin = await promoteTo(await createPerson('Kunle', 'researcher'), 'admin');

    const created = await call('/api/datasets', {
      method: 'POST',
      session: admin.session,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Killed build ${Date.now().toString(36)}`,
        description: 'A release whose builder is killed half-way.',
        language: 'yo',
        category: 'conversational',
        tags: ['faults'],
        license: 'CC0-1.0',
        sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
      }),
    });
    expect(created.status).toBe(201);
    const datasetId = json<{ id: string }>(created.text).id;
    const accepted = await call(`/api/datasets/${datasetId}/licence`, {
      method: 'POST',
      session: admin.session,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ acceptLicence: true, noReidentification: true }),
    });
    expect(accepted.status).toBe(200);

    const publish = () =>
      call(`/api/datasets/${datasetId}/releases`, { method: 'POST', session: admin.session });
    const asked = await publish();
    expect(asked.status).toBe(202);
    const { version } = json<ReleaseSummary>(asked.text);

    // Killed once the build is under way (it reports progress past its start), not yet published.
    const underWay = await until(
      () => releaseOf(admin, datasetId, version),
      (r) => r.status !== 'building' || r.progress > 0,
      'the build under way',
      60_000,
    );
    expect(underWay.status).toBe('building');
    await killProcess('speech');
    await platformWhole();

    // Until the build is settled, the dataset never lists the release, and its files are not served.
    const settled = await until(
      async () => {
        const listed = await listedRelease(admin, datasetId);
        const release = await releaseOf(admin, datasetId, version);
        if (release.status === 'building') {
          expect(listed).toBeNull();
          const file = await call(
            `/api/datasets/${datasetId}/releases/${version}/files/complete.zip`,
            { session: admin.session },
          );
          expect(file.status).not.toBe(200);
        }
        return release;
      },
      (r) => r.status !== 'building',
      'the killed build taken over or reported failed',
      TAKEOVER_MS,
    );

    let published = settled;
    if (settled.status === 'failed') {
      // Reported failed: publishing again works and builds a complete release.
      const again = await publish();
      expect(again.status).toBe(202);
      const next = json<ReleaseSummary>(again.text).version;
      published = await until(
        () => releaseOf(admin, datasetId, next),
        (r) => r.status !== 'building',
        'the release published again',
        TAKEOVER_MS,
      );
    }
    expect(published.status).toBe('published');
    // At least these people's takes: other files' validated Yoruba recordings may be in the same database.
    expect(published.figures?.clips).toBeGreaterThanOrEqual(SPEAKERS * TAKES_EACH);
    expect((await listedRelease(admin, datasetId))?.version).toBe(published.version);
    await expectWhole(admin, datasetId, published);
  }, 420_000);
});
