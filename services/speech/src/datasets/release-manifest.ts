import type { LanguageDatasheet, ReleaseSplit } from '@platform/contracts';
import { RELEASE_SPLITS } from '@platform/contracts';
import type { SpeechStores } from '../stores';
import type { Selection } from './release-build/selection';
import type { DatasetStore, ReleaseDoc } from './store';

/**
 * What a release holds, by source id. Kept in its manifest so that a delta release can leave out what its
 * base (and the base's own bases) already hold: the full release is the base chain's files plus the delta's.
 */
export interface ReleaseContents {
  recordings: string[];
  audioPairs: string[];
  sentences: string[];
  textPairs: string[];
}

/** The parts of a release's metadata.json the service reads back. */
export interface ReleaseManifest {
  version: number;
  folder: string;
  citation: string;
  files: Array<{ path: string }>;
  /** Absent from releases built before they were kept. */
  datasheets?: LanguageDatasheet[];
  contents?: ReleaseContents;
  base?: { version: number } | null;
}

// The clip names the builder writes: `<slug>_<lang>_<recording id>.wav` and `<slug>_pair_<pair id>_<lang>.wav`.
const PAIR_CLIP = /_pair_([0-9a-f]{24})_[a-z]{2,3}\.wav$/;
const RECORDING_CLIP = /_([0-9a-f]{24})\.wav$/;

/** The recordings and donations behind a release's clips, from their file names. */
export function clipSources(paths: Iterable<string>): Pick<ReleaseContents, 'recordings' | 'audioPairs'> {
  const recordings = new Set<string>();
  const audioPairs = new Set<string>();
  for (const path of paths) {
    const pair = PAIR_CLIP.exec(path);
    if (pair) {
      audioPairs.add(pair[1]!);
      continue;
    }
    const recording = RECORDING_CLIP.exec(path);
    if (recording) recordings.add(recording[1]!);
  }
  return { recordings: [...recordings].sort(), audioPairs: [...audioPairs].sort() };
}

/** A published release's metadata.json, read back from the release bucket; null when it has none. */
export async function readManifest(
  store: DatasetStore,
  release: ReleaseDoc,
): Promise<ReleaseManifest | null> {
  const artifact = release.artifacts.find((a) => a.name === 'metadata.json');
  if (!artifact) return null;
  const parts: Buffer[] = [];
  for await (const chunk of store.releaseBucket().openDownloadStream(artifact.fileId))
    parts.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as ReleaseManifest;
}

/** The splits with Parquet shards in the archive (`data/<split>-NNNNN-of-MMMMM.parquet`). */
export function parquetSplits(files: ReadonlyArray<{ path: string }>): ReleaseSplit[] {
  const present = new Set<string>();
  for (const { path } of files) {
    const m = /^data\/([a-z]+)-\d{5}-of-\d{5}\.parquet$/.exec(path);
    if (m) present.add(m[1]!);
  }
  return RELEASE_SPLITS.filter((s) => present.has(s));
}

/** The languages with a Common Voice folder in the archive. */
export function cvLanguages(files: ReadonlyArray<{ path: string }>): string[] {
  const languages = new Set<string>();
  for (const { path } of files) {
    const m = /^([a-z]{2,3})\/validated\.tsv$/.exec(path);
    if (m) languages.add(m[1]!);
  }
  return [...languages].sort();
}

/** Why a release cannot be the base of a delta. */
export type BaseRefusal = 'not-published' | 'no-contents';

/**
 * Everything a delta of `base` must leave out: the contents of `base` and of every base before it. A base
 * built before releases kept their contents cannot be used (its sentences are not listed anywhere).
 */
export async function contentsThrough(
  store: DatasetStore,
  base: ReleaseDoc,
): Promise<ReleaseContents | BaseRefusal> {
  const all = {
    recordings: new Set<string>(),
    audioPairs: new Set<string>(),
    sentences: new Set<string>(),
    textPairs: new Set<string>(),
  };
  let release: ReleaseDoc | null = base;
  while (release) {
    if (release.status !== 'published') return 'not-published';
    const manifest = await readManifest(store, release);
    if (!manifest?.contents) return 'no-contents';
    for (const key of Object.keys(all) as Array<keyof ReleaseContents>)
      for (const id of manifest.contents[key]) all[key].add(id);
    if (!release.base) break;
    const next: ReleaseDoc | null = await store.findRelease(
      { _id: release.datasetId },
      String(release.base.version),
      {
        publishedOnly: true,
      },
    );
    if (!next) return 'not-published';
    release = next;
  }
  return {
    recordings: [...all.recordings],
    audioPairs: [...all.audioPairs],
    sentences: [...all.sentences],
    textPairs: [...all.textPairs],
  };
}

/** What a delta build leaves out: its bases' contents (null for a full release). Throws when a base is unusable. */
export async function excludedByBases(
  store: DatasetStore,
  release: ReleaseDoc,
): Promise<ReleaseContents | null> {
  if (!release.base) return null;
  const base = await store.findRelease({ _id: release.datasetId }, String(release.base.version), {
    publishedOnly: true,
  });
  const contents = base ? await contentsThrough(store, base) : 'not-published';
  if (typeof contents === 'string')
    throw new Error(`release ${release.base.version}, the base of this delta, cannot be used (${contents})`);
  return contents;
}

/**
 * The sentences and text pairs a release takes, by id, read before its tables are written: one that arrives
 * meanwhile is then in the next delta too rather than in neither.
 */
export async function textContents(
  stores: Pick<SpeechStores, 'sentences' | 'textPairs'>,
  selection: Pick<Selection, 'sentenceScope' | 'textPairs'>,
): Promise<Pick<ReleaseContents, 'sentences' | 'textPairs'>> {
  const sentences: string[] = [];
  for await (const s of stores.sentences.inIdOrder(selection.sentenceScope)) sentences.push(s._id);
  const textPairs: string[] = [];
  if (selection.textPairs)
    for await (const p of stores.textPairs.inIdOrder(selection.textPairs)) textPairs.push(p._id);
  return { sentences, textPairs };
}
