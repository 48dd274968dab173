import { randomInt } from 'node:crypto';
import { ObjectId, type Db, type Filter } from 'mongodb';
import { getPublicDemoAudio, routeUrl, type DemoClip, type LanguageCode } from '@platform/contracts';
import { selectionFor } from '../datasets/release-build/selection';
import { publicSiteCollections, type RecordingDoc, type ReleaseDoc } from './store';

type PublishedRelease = Pick<ReleaseDoc, '_id' | 'datasetId' | 'version' | 'definition' | 'cutoff'>;

/** The latest published release of each dataset (the index `status_dataset_version` serves it). */
export async function latestPublishedReleases(db: Db): Promise<PublishedRelease[]> {
  const releases = await publicSiteCollections(db)
    .releases.find(
      { status: 'published' },
      { projection: { _id: 1, datasetId: 1, version: 1, definition: 1, cutoff: 1 } },
    )
    .sort({ datasetId: 1, version: -1 })
    .toArray();
  const seen = new Set<string>();
  return releases.filter((r) => !seen.has(r.datasetId) && seen.add(r.datasetId));
}

/**
 * The recordings a release carries, as its build selected them (validated, made before its cutoff, of its
 * languages and domains), narrowed to one language when asked, and never a deleted account's: null when the
 * release carries no recordings (of that language).
 */
async function recordingsOf(
  db: Db,
  release: PublishedRelease,
  language?: LanguageCode,
): Promise<Filter<RecordingDoc> | null> {
  const { sources } = release.definition;
  if (language && sources.languages.length > 0 && !sources.languages.includes(language)) return null;
  const selection = await selectionFor(db, sources, release.cutoff);
  if (!selection.recordings) return null;
  return {
    $and: [
      selection.recordings,
      { status: 'validated', speakerForgotten: { $ne: true } },
      ...(language ? [{ language }] : []),
    ],
  };
}

const shuffled = <T>(items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

const CLIP_PROJECTION = { _id: 1, sentenceText: 1, language: 1, durationSeconds: 1 } as const;
type ClipRecording = Pick<RecordingDoc, '_id' | 'sentenceText' | 'language' | 'durationSeconds'>;

/**
 * One recording matching `filter`, from a random point: the first at or after a random ObjectId between the
 * oldest recording's and now (walking the `_id` index), or, when none is after it, the first before it.
 */
async function randomRecording(
  db: Db,
  filter: Filter<RecordingDoc>,
  oldest: ObjectId,
): Promise<ClipRecording | null> {
  const { recordings } = publicSiteCollections(db);
  const from = oldest.getTimestamp().getTime() / 1000;
  const to = Date.now() / 1000;
  const pivot = ObjectId.createFromTime(Math.floor(from + Math.random() * Math.max(0, to - from)));
  const first = (range: Filter<RecordingDoc>) =>
    recordings
      .find({ $and: [filter, range] }, { projection: CLIP_PROJECTION })
      .sort({ _id: 1 })
      .limit(1)
      .next();
  return (await first({ _id: { $gte: pivot } })) ?? (await first({ _id: { $lt: pivot } }));
}

/**
 * 'See it in action': a random validated recording that a published release carries (of `language` when
 * given), with its release's dataset name and version; null when no published release carries one.
 */
export async function pickDemoClip(db: Db, language?: LanguageCode): Promise<DemoClip | null> {
  const releases = await latestPublishedReleases(db);
  if (releases.length === 0) return null;
  const oldest = await publicSiteCollections(db)
    .recordings.find({}, { projection: { _id: 1 } })
    .sort({ _id: 1 })
    .limit(1)
    .next();
  if (!oldest) return null;
  for (const release of shuffled(releases)) {
    const filter = await recordingsOf(db, release, language);
    if (!filter) continue;
    const recording = await randomRecording(db, filter, oldest._id);
    if (!recording) continue;
    const id = recording._id.toHexString();
    return {
      id,
      sentence: recording.sentenceText,
      language: recording.language,
      dataset: release.definition.name,
      version: release.version,
      durationMs: Math.round(recording.durationSeconds * 1000),
      audioUrl: routeUrl(getPublicDemoAudio.path, { id }),
    };
  }
  return null;
}

const RECORDING_ID = /^[0-9a-f]{24}$/;

/**
 * The recording `id` names when a published release carries it (what pickDemoClip may answer), with what its
 * audio needs; null otherwise (not an id, not stored, not validated, in no published release).
 */
export async function publishedRecording(
  db: Db,
  id: string,
): Promise<Pick<RecordingDoc, 'audioFileId' | 'contentType'> | null> {
  if (!RECORDING_ID.test(id)) return null;
  const _id = new ObjectId(id);
  const recording = await publicSiteCollections(db).recordings.findOne(
    { _id, status: 'validated', speakerForgotten: { $ne: true } },
    { projection: { language: 1, audioFileId: 1, contentType: 1 } },
  );
  if (!recording) return null;
  for (const release of await latestPublishedReleases(db)) {
    const filter = await recordingsOf(db, release, recording.language);
    if (!filter) continue;
    const carried = await publicSiteCollections(db).recordings.findOne(
      { $and: [{ _id }, filter] },
      { projection: { _id: 1 } },
    );
    if (carried) return { audioFileId: recording.audioFileId, contentType: recording.contentType };
  }
  return null;
}
