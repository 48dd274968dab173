// Seeding and reading helpers for the release tests: recordings, donations and copies stored straight in the
// speech database (their own routes have their own tests), and a release asked for as the publish call does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import type {
  DatasetSources,
  Dialect,
  LanguageCode,
  RecordingStatus,
  SentenceDomain,
} from '@platform/contracts';
import { AUDIO_BUCKET } from '../../src/audio/store';
import { RELEASE_BUCKET, type ReleaseDoc } from '../../src/datasets/store';
import { datasetCollections, testCollections as collections } from './collections';

export async function storeAudio(db: Db, bytes: Buffer, name = 'take'): Promise<ObjectId> {
  const upload = new GridFSBucket(db, { bucketName: AUDIO_BUCKET }).openUploadStream(name);
  upload.end(bytes);
  await finished(upload);
  return upload.id;
}

export async function addSentence(
  db: Db,
  text: string,
  language: LanguageCode,
  domains: SentenceDomain[] = [],
  recordable = true,
): Promise<string> {
  const _id = new ObjectId().toHexString();
  await collections(db).sentences.insertOne({
    _id,
    text,
    language,
    recordable,
    domains,
    recordingCount: 0,
    rand: Math.random(),
    seq: 1,
  });
  return _id;
}

export async function addRecording(
  db: Db,
  o: {
    speakerId: string;
    sentenceId: string;
    text: string;
    language: LanguageCode;
    audio: ObjectId;
    status?: RecordingStatus;
    createdAt?: Date;
  },
): Promise<ObjectId> {
  const status = o.status ?? 'validated';
  const _id = new ObjectId();
  await collections(db).recordings.insertOne({
    _id,
    sentenceId: o.sentenceId,
    sentenceText: o.text,
    language: o.language,
    durationSeconds: 4,
    audioFileId: o.audio,
    container: 'webm',
    contentType: 'audio/webm',
    bytes: 1,
    speakerId: o.speakerId,
    speakerName: `Name of ${o.speakerId}`,
    yes: status === 'validated' ? 2 : 0,
    no: status === 'invalidated' ? 2 : 0,
    voteCount: status === 'undecided' ? 0 : 2,
    reports: 0,
    status,
    createdAt: o.createdAt ?? new Date(Date.now() - 60_000),
  });
  return _id;
}

export async function addAudioPair(
  db: Db,
  o: {
    donorId: string;
    source: ObjectId;
    target: ObjectId;
    dialect: Dialect;
    status?: 'pending' | 'approved' | 'rejected';
  },
): Promise<ObjectId> {
  const _id = new ObjectId();
  const at = new Date(Date.now() - 60_000);
  await collections(db).audioPairs.insertOne({
    _id,
    textId: new ObjectId().toHexString(),
    sourceText: 'Good morning, teacher.',
    targetText: 'Ẹ káàárọ̀, olùkọ́.',
    category: 'conversational',
    dialect: o.dialect,
    donorId: o.donorId,
    sourceFileId: o.source,
    targetFileId: o.target,
    sourceBytes: 1,
    targetBytes: 1,
    sourceDurationMs: 1,
    targetDurationMs: 1,
    status: o.status ?? 'approved',
    ...(o.status === 'pending' ? {} : { decision: { byId: 'reviewer-1', at } }),
    createdAt: at,
  });
  return _id;
}

export async function addTextPair(db: Db, english: string, yoruba: string, approved = true): Promise<string> {
  const _id = new ObjectId().toHexString();
  await collections(db).textPairs.insertOne({
    _id,
    source_lang_text: english,
    target_lang_text: yoruba,
    text_category: 'cultural',
    approved,
    donations: 0,
    rand: Math.random(),
    seq: 1,
  });
  return _id;
}

export const ALL_SOURCES: DatasetSources = {
  include: ['recordings', 'audio-pairs', 'sentences', 'text-pairs'],
  languages: [],
  domains: [],
  categories: [],
};

/** A dataset and a `building` release of it, as the publish call leaves them. */
export async function askForRelease(
  db: Db,
  o: { name?: string; sources?: DatasetSources; version?: number; datasetId?: string } = {},
): Promise<ReleaseDoc> {
  const { datasets, releases } = datasetCollections(db);
  const datasetId = o.datasetId ?? new ObjectId().toHexString();
  const name = o.name ?? 'Yorùbá Speech';
  const definition = {
    name,
    description: 'Read speech and donated pairs.',
    language: 'multiple' as const,
    category: 'linguistic' as const,
    tags: ['speech'],
    license: 'CC-BY-4.0' as const,
    sources: o.sources ?? ALL_SOURCES,
  };
  const now = new Date();
  await datasets.updateOne(
    { _id: datasetId },
    { $setOnInsert: { ...definition, nameKey: name.toLowerCase(), createdAt: now, updatedAt: now } },
    { upsert: true },
  );
  const release: ReleaseDoc = {
    _id: new ObjectId(),
    datasetId,
    version: o.version ?? 1,
    status: 'building',
    definition,
    cutoff: now,
    createdAt: now,
    createdBy: 'admin-1',
    progress: 0,
    artifacts: [],
  };
  await releases.insertOne(release);
  return release;
}

/** An artifact's bytes, read back from the release bucket. */
export async function readArtifact(db: Db, fileId: ObjectId): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of new GridFSBucket(db, { bucketName: RELEASE_BUCKET }).openDownloadStream(fileId))
    parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

export function writeTemp(dir: string, name: string, data: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}

export const sh = (tool: string, args: string[], cwd?: string): string =>
  execFileSync(tool, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** grep -r: the files holding a match, none when it exits 1 (nothing found). */
export function grepFiles(pattern: string, cwd: string): string[] {
  try {
    return sh('grep', ['-r', '-l', '-E', pattern, '.'], cwd).trim().split('\n');
  } catch (error) {
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}
