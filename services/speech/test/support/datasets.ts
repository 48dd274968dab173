import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectId } from 'mongodb';
import type { DatasetInput, Identity, ReleaseArtifactName, Role } from '@platform/contracts';
import { signedAs } from '@platform/service-kit/testing';
import type { ReleaseWorker } from '../../src/datasets/release-build';
import { releaseBucket, type ReleaseArtifactDoc, type ReleaseDoc } from '../../src/datasets/store';
import { datasetCollections, type DatasetCollections } from './collections';
import { startSpeech, type SpeechHarness } from './harness';

/** Someone calling through `app.inject` with a role, signed in or (`token`) through a personal API token. */
export const who = (id: string, role: Role, options: { token?: boolean } = {}) => {
  const identity: Identity = { id, role, name: `Person ${id}` };
  if (options.token) identity.via = 'api-token';
  return signedAs(identity);
};
export const admin = () => who('admin-1', 'admin');

/** A definition an admin might send. */
export const definition = (overrides: Partial<DatasetInput> = {}): DatasetInput => ({
  name: 'Yoruba Read Speech',
  description: 'Read sentences in Standard Yoruba.',
  language: 'yo',
  category: 'conversational',
  tags: ['asr'],
  license: 'CC-BY-4.0',
  sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
  ...overrides,
});

/** A release worker that builds nothing but counts its kicks (the real one has its own tests). */
export function fakeWorker(): ReleaseWorker & { kicks: number } {
  const worker = {
    kicks: 0,
    kick() {
      worker.kicks++;
    },
    idle: async () => undefined,
    stop: async () => undefined,
  };
  return worker;
}

export interface DatasetsHarness extends SpeechHarness {
  dc: DatasetCollections;
  worker: ReturnType<typeof fakeWorker>;
  /** The service's clock: `clock.now` is what it reads; move it with `clock.advanceDays(n)`. */
  clock: { now: Date; advanceDays(days: number): void };
}

export async function startDatasets(): Promise<DatasetsHarness> {
  const worker = fakeWorker();
  const clock = {
    now: new Date(),
    advanceDays(days: number) {
      clock.now = new Date(clock.now.getTime() + days * 24 * 60 * 60 * 1000);
    },
  };
  const h = await startSpeech({
    createReleaseWorker: () => worker,
    startSeeding: false,
    now: () => clock.now,
  });
  return { ...h, dc: datasetCollections(h.app.database!.db), worker, clock };
}

/** Empties what the datasets tests write: definitions, releases, downloads, acceptances and counts. */
export async function emptyDatasets(h: DatasetsHarness) {
  await Promise.all([
    h.dc.datasets.deleteMany({}),
    h.dc.releases.deleteMany({}),
    h.dc.downloads.deleteMany({}),
    h.dc.licenceAcceptances.deleteMany({}),
    h.col.counters.deleteMany({}),
  ]);
}

/** Creates a dataset as an admin would; resolves to its id. */
export async function createDataset(h: SpeechHarness, overrides: Partial<DatasetInput> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/datasets',
    headers: admin(),
    payload: definition(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** Stores bytes in the release bucket as the builder would; resolves to the artifact's record. */
export async function storeArtifact(
  h: SpeechHarness,
  name: ReleaseArtifactName,
  bytes: Buffer,
): Promise<ReleaseArtifactDoc> {
  const upload = releaseBucket(h.app.database!.db).openUploadStream(name);
  await pipeline(Readable.from([bytes]), upload);
  return {
    name,
    fileId: upload.id as ObjectId,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentType: name.endsWith('.json') ? 'application/json' : 'application/zip',
  };
}

/**
 * A published release of a dataset as the builder leaves one (figures, artifacts of known bytes, contributor
 * ids), and the dataset's latest-version fields moved to it. Resolves to the release and its artifact bytes.
 */
export async function publishFake(
  h: DatasetsHarness,
  datasetId: string,
  options: { contributorIds?: string[]; audioSeconds?: number; complete?: Buffer; at?: Date } = {},
) {
  const complete = options.complete ?? randomBytes(256 * 1024 + 123);
  const metadata = Buffer.from(JSON.stringify({ fake: true }));
  const dataset = await h.dc.datasets.findOne({ _id: datasetId });
  if (!dataset) throw new Error('no such dataset');
  const last = await h.dc.releases.find({ datasetId }).sort({ version: -1 }).limit(1).next();
  const at = options.at ?? h.clock.now;
  const contributorIds = options.contributorIds ?? ['speaker-a', 'speaker-b'];
  const audioSeconds = options.audioSeconds ?? 7200;
  const release: ReleaseDoc = {
    _id: new ObjectId(),
    datasetId,
    version: (last?.version ?? 0) + 1,
    status: 'published',
    definition: {
      name: dataset.name,
      description: dataset.description,
      language: dataset.language,
      category: dataset.category,
      tags: dataset.tags,
      license: dataset.license,
      sources: dataset.sources,
    },
    cutoff: at,
    createdAt: at,
    createdBy: 'admin-1',
    publishedAt: at,
    progress: 1,
    figures: {
      clips: 10,
      audioSeconds,
      contributors: contributorIds.length,
      sentences: 10,
      textPairs: 0,
      files: 14,
      bytes: complete.length,
    },
    audio: { format: 'WAV (16-bit PCM)', sampleRate: 16000, channels: 1, bitDepth: 16, meanSnrDb: 21.5 },
    artifacts: [
      await storeArtifact(h, 'metadata.json', metadata),
      await storeArtifact(h, 'complete.zip', complete),
    ],
    statistics: {
      version: (last?.version ?? 0) + 1,
      clips: 10,
      audioSeconds,
      speakers: contributorIds.length,
      validatedShare: 0.8,
      splits: [],
      durations: [],
      languages: [],
      dialects: [],
      sentences: 10,
      textPairs: 0,
    },
    contributorIds,
  };
  await h.dc.releases.insertOne(release);
  await h.dc.datasets.updateOne(
    { _id: datasetId },
    { $set: { latestVersion: release.version, publishedAt: at, updatedAt: at } },
  );
  return { release, complete, metadata };
}

/** A researcher accepts a dataset's licence and downloads a release's complete archive from its first byte. */
export async function downloadAs(
  h: SpeechHarness,
  userId: string,
  datasetId: string,
  version: number | 'latest',
) {
  const headers = who(userId, 'researcher');
  await h.app.inject({
    method: 'POST',
    url: `/api/datasets/${datasetId}/licence`,
    headers,
    payload: { acceptLicence: true, noReidentification: true },
  });
  const res = await h.app.inject({
    url: `/api/datasets/${datasetId}/releases/${version}/files/complete.zip`,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode} ${res.body}`);
}
