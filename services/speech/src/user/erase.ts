import type { Db, ObjectId } from 'mongodb';
import { ACTIVITY_COLLECTIONS, type CollectionIndexes } from '@platform/service-kit';
import { AUDIO_BUCKET, C, collections } from '../collections';
import { datasetCollections } from '../datasets/dataset-collections';

/** The look-ups erasure makes that no other query makes. */
export const ERASURE_INDEXES: CollectionIndexes[] = [
  // Donations the person decided as a reviewer.
  { collection: C.audioPairs, indexes: [{ key: { 'decision.byId': 1 }, name: 'decided_by', sparse: true }] },
  // Their activity counts (the counting index starts with the kind).
  ...ACTIVITY_COLLECTIONS.map((collection) => ({
    collection,
    indexes: [{ key: { userId: 1 }, name: 'user' }],
  })),
];

/** Ids per `$in`: small enough for every server to answer from the _id index. */
const CHUNK = 500;

/**
 * The stored audio files carry their speaker or donor in their metadata. They are found through the person's
 * recordings and donations (under either id, so a second attempt after a failure finds them too).
 */
async function renameOnAudioFiles(db: Db, userId: string, pseudonym: string) {
  const col = collections(db);
  const who = { $in: [userId, pseudonym] };
  const [recordings, pairs] = await Promise.all([
    col.recordings.find({ speakerId: who }, { projection: { audioFileId: 1 } }).toArray(),
    col.audioPairs.find({ donorId: who }, { projection: { sourceFileId: 1, targetFileId: 1 } }).toArray(),
  ]);
  const files = db.collection(`${AUDIO_BUCKET}.files`);
  const rename = async (ids: ObjectId[], field: string) => {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await files.updateMany(
        { _id: { $in: ids.slice(i, i + CHUNK) }, [field]: userId },
        { $set: { [field]: pseudonym } },
      );
    }
  };
  await rename(
    recordings.map((r) => r.audioFileId),
    'metadata.speakerId',
  );
  await rename(
    pairs.flatMap((p) => [p.sourceFileId, p.targetFileId]),
    'metadata.donorId',
  );
}

/**
 * A deleted account leaves the speech service. What served only them goes: preferences, speaker details,
 * skips and the marks of what they recorded, their donation count, licence acceptances and download history (the download counts
 * are running totals kept apart). What they gave under a licence or did for others stays without a link back
 * to them: recordings, votes, reports, donations and review decisions, activity counts and releases' internal
 * contributor lists carry `pseudonym` (an id no account has); recordings lose the speaker's name and are
 * marked `speakerForgotten` so no public page plays them. Published releases already know speakers only by a
 * salted hash. Idempotent: the gateway calls it again, with the same pseudonym, after a failure.
 */
export async function erasePerson(db: Db, userId: string, pseudonym: string): Promise<void> {
  const col = collections(db);
  const dc = datasetCollections(db);
  await Promise.all([
    col.preferences.deleteOne({ _id: userId }),
    col.speakerDetails.deleteOne({ _id: userId }),
    col.sentenceMarks.deleteMany({ userId, kind: { $ne: 'reported' } }),
    col.recordingMarks.deleteMany({ userId, kind: { $ne: 'reported' } }),
    col.textPairMarks.deleteMany({ userId, kind: { $ne: 'reported' } }),
    // Their running count of donations ('Contribution N'), kept by audio-pairs/counts.ts.
    col.counters.deleteOne({ _id: `donations:${userId}` }),
    dc.licenceAcceptances.deleteMany({ userId }),
    dc.downloads.deleteMany({ userId }),
  ]);
  await renameOnAudioFiles(db, userId, pseudonym);
  const rename = (collection: string, field: string) =>
    db.collection(collection).updateMany({ [field]: userId }, { $set: { [field]: pseudonym } });
  await Promise.all([
    col.recordings.updateMany(
      { speakerId: userId },
      { $set: { speakerId: pseudonym, speakerName: null, speakerForgotten: true } },
    ),
    rename(C.sentenceMarks, 'userId'),
    rename(C.recordingMarks, 'userId'),
    rename(C.textPairMarks, 'userId'),
    rename(C.votes, 'voterId'),
    rename(C.audioPairs, 'donorId'),
    rename(C.audioPairs, 'decision.byId'),
    ...ACTIVITY_COLLECTIONS.map((collection) => rename(collection, 'userId')),
    dc.releases.updateMany(
      { contributorIds: userId },
      { $set: { 'contributorIds.$[id]': pseudonym } },
      { arrayFilters: [{ id: userId }] },
    ),
    dc.releases.updateMany({ createdBy: userId }, { $set: { createdBy: pseudonym } }),
  ]);
}
