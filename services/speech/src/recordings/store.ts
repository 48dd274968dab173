import type { Db, Filter, ObjectId } from 'mongodb';
import {
  VOTES_TO_DECIDE,
  type LanguageCode,
  type RecordingReportReason,
  type RecordingStatus,
  type VoteReply,
} from '@platform/contracts';
import type { Container } from '@platform/audio-probe';
import { ignoreDuplicateKey, type ActivityEvent, type CollectionIndexes } from '@platform/service-kit';
import { recordingDecided } from '../activity/events';
import { parseRecordingId } from './recording-id';

export const RECORDINGS = 'recordings';
/** A person's skips and reports of recordings on Listen. */
export const RECORDING_MARKS = 'recording_marks';
export const VOTES = 'votes';

export interface RecordingDoc {
  _id: ObjectId;
  sentenceId: string;
  /** The sentence as it read when recorded. */
  sentenceText: string;
  language: LanguageCode;
  durationSeconds: number;
  audioFileId: ObjectId;
  container: Container;
  contentType: string;
  bytes: number;
  speakerId: string;
  /** The person's name at the time of recording, when the gateway sent one. */
  speakerName: string | null;
  yes: number;
  no: number;
  voteCount: number;
  reports: number;
  status: RecordingStatus;
  createdAt: Date;
  /**
   * When votes decided it (set by the deciding vote; for recordings decided before this was kept, by the
   * activity backfill, from their last vote).
   */
  decidedAt?: Date;
  /** Set when the speaker's account was deleted: the recording stays in releases but is never shown publicly. */
  speakerForgotten?: true;
}

export type RecordingMarkKind = 'skipped' | 'reported';
export interface RecordingMarkDoc {
  _id?: ObjectId;
  userId: string;
  recordingId: ObjectId;
  kind: RecordingMarkKind;
  reason?: string;
  details?: string;
  createdAt: Date;
}

export interface VoteDoc {
  _id?: ObjectId;
  recordingId: ObjectId;
  voterId: string;
  isValid: boolean;
  createdAt: Date;
}

export const RECORDING_INDEXES: CollectionIndexes[] = [
  {
    collection: RECORDINGS,
    indexes: [
      // Listen's batch: undecided, fewest votes first, then oldest; the speaker last, so a speaker's own
      // recordings at the front of the queue are passed over on the key, not read (queueRead).
      { key: { status: 1, voteCount: 1, createdAt: 1, speakerId: 1 }, name: 'validate_queue_speaker' },
      // Stats: a person's recordings, and how many of them are validated.
      { key: { speakerId: 1, status: 1 }, name: 'speaker_status' },
      { key: { sentenceId: 1 }, name: 'sentence' },
      // The storage quota's sums of a person's audio, read from the index's keys alone.
      { key: { speakerId: 1, bytes: 1 }, name: 'speaker_bytes' },
    ],
  },
  {
    collection: RECORDING_MARKS,
    indexes: [
      { key: { userId: 1, recordingId: 1, kind: 1 }, name: 'user_recording_kind_unique', unique: true },
      { key: { userId: 1, kind: 1 }, name: 'user_kind' },
    ],
  },
  {
    collection: VOTES,
    indexes: [
      // One vote per person per recording, under any concurrency.
      { key: { recordingId: 1, voterId: 1 }, name: 'recording_voter_unique', unique: true },
      // Listen's exclusions and the person's vote count.
      { key: { voterId: 1 }, name: 'voter' },
    ],
  },
];

const atLeastAndMore = (side: string, other: string) => ({
  $and: [{ $gte: [side, VOTES_TO_DECIDE] }, { $gt: [side, other] }],
});

/**
 * recordingStatusFor (contracts) as an aggregation expression, so the counters and the status change in
 * one atomic document update; the listen tests check the two agree for every vote sequence.
 */
const statusExpression = {
  $switch: {
    branches: [
      { case: atLeastAndMore('$yes', '$no'), then: 'validated' },
      { case: atLeastAndMore('$no', '$yes'), then: 'invalidated' },
    ],
    default: 'undecided',
  },
};

export interface VoteApplied {
  reply: VoteReply;
  /** The recording's decision when this vote made it (one event), else none. */
  decided: ActivityEvent[];
}

/** A row of Listen's queue: what the batch shows of a recording. */
export type QueuedRecording = Pick<RecordingDoc, '_id' | 'sentenceText' | 'container'>;

/** Recordings, the votes on them and the people's skips and reports: Speak's uploads and Listen. */
export function recordingStore(db: Db) {
  const recordings = db.collection<RecordingDoc>(RECORDINGS);
  const marks = db.collection<RecordingMarkDoc>(RECORDING_MARKS);
  const votes = db.collection<VoteDoc>(VOTES);
  /** The read of Listen's queue for one person: undecided, not theirs, in order (tests explain it). */
  const queueRead = (userId: string, limit: number) =>
    recordings
      .find({ status: 'undecided', speakerId: { $ne: userId } })
      .sort({ voteCount: 1, createdAt: 1 })
      .project<QueuedRecording>({ sentenceText: 1, container: 1 })
      .limit(limit);

  return {
    /** The recording an id names (a recording id is ObjectId hex; anything else names none). */
    async find(id: string): Promise<RecordingDoc | null> {
      const _id = parseRecordingId(id);
      return _id ? recordings.findOne({ _id }) : null;
    },

    /** What serving a recording's audio needs; null when the id names none. */
    async audioOf(id: string) {
      const _id = parseRecordingId(id);
      if (!_id) return null;
      return recordings.findOne(
        { _id },
        { projection: { audioFileId: 1, container: 1, contentType: 1 } },
      ) as Promise<Pick<RecordingDoc, '_id' | 'audioFileId' | 'container' | 'contentType'> | null>;
    },

    async insert(recording: RecordingDoc): Promise<void> {
      await recordings.insertOne(recording);
    },

    /** Stores a vote; a second vote by the same person on the same recording fails with a duplicate key. */
    async addVote(vote: Omit<VoteDoc, '_id'>): Promise<ObjectId> {
      return (await votes.insertOne({ ...vote })).insertedId;
    },

    async removeVote(voteId: ObjectId): Promise<void> {
      await votes.deleteOne({ _id: voteId });
    },

    /** Removes this person's vote on the recording and answers it (null when they had none). */
    takeVote: (recordingId: ObjectId, voterId: string) => votes.findOneAndDelete({ recordingId, voterId }),

    /** Puts back a vote taken away (its undoing could not be applied). */
    async restoreVote(vote: VoteDoc): Promise<void> {
      await votes.insertOne(vote);
    },

    /**
     * Moves an undecided recording's counters by one vote (or one undone vote) and recomputes its status in
     * the same update; a vote that decides it also stamps `decidedAt` (`at`). Only an undecided recording
     * matches, so a vote that arrives after the decision (say from a batch loaded earlier) cannot reopen it:
     * the caller gets null and refuses the vote. Since only one update can move a recording out of undecided,
     * the decision's activity (`decided`) comes from exactly one vote.
     */
    async applyVoteDelta(
      recordingId: ObjectId,
      isValid: boolean,
      delta: 1 | -1,
      at: Date = new Date(),
    ): Promise<VoteApplied | null> {
      const field = isValid ? 'yes' : 'no';
      const after = await recordings.findOneAndUpdate(
        { _id: recordingId, status: 'undecided' },
        [
          {
            $set: { [field]: { $add: [`$${field}`, delta] }, voteCount: { $add: ['$voteCount', delta] } },
          },
          { $set: { status: statusExpression } },
          {
            $set: {
              decidedAt: { $cond: [{ $eq: ['$status', 'undecided'] }, '$$REMOVE', { $literal: at }] },
            },
          },
        ],
        {
          returnDocument: 'after',
          projection: { yes: 1, no: 1, status: 1, speakerId: 1, language: 1, durationSeconds: 1 },
        },
      );
      if (!after) return null;
      return {
        reply: { id: recordingId.toHexString(), status: after.status, yes: after.yes, no: after.no },
        decided: recordingDecided(after, at),
      };
    },

    /** Listen never offers this recording to this person again. */
    async skip(userId: string, recordingId: ObjectId): Promise<void> {
      await marks
        .updateOne(
          { userId, recordingId, kind: 'skipped' },
          { $setOnInsert: { createdAt: new Date() } },
          { upsert: true },
        )
        .catch(ignoreDuplicateKey);
    },

    /**
     * A person's report; the first one by this person also counts on the recording (how many people
     * reported it, for whoever reviews flagged recordings). True when this was their first report of it.
     */
    async report(
      userId: string,
      recordingId: ObjectId,
      report: { reason: RecordingReportReason; details?: string; at: Date },
    ): Promise<boolean> {
      const { reason, details, at } = report;
      const first = await marks
        .updateOne(
          { userId, recordingId, kind: 'reported' },
          { $setOnInsert: { createdAt: at, reason, ...(details ? { details } : {}) } },
          { upsert: true },
        )
        .catch((err: unknown) => (ignoreDuplicateKey(err), null));
      if (!first?.upsertedCount) return false;
      await recordings.updateOne({ _id: recordingId }, { $inc: { reports: 1 } });
      return true;
    },

    queueRead,

    /**
     * Listen's queue for one person, in order (fewest votes first, then oldest): undecided recordings only,
     * never their own, never one they voted on, skipped or reported. Walks the `validate_queue_speaker` index
     * and stops at `count`.
     */
    async queueFor(userId: string, count: number): Promise<QueuedRecording[]> {
      const [voted, marked] = await Promise.all([
        votes
          .find({ voterId: userId })
          .project<{ recordingId: ObjectId }>({ _id: 0, recordingId: 1 })
          .toArray(),
        marks.find({ userId }).project<{ recordingId: ObjectId }>({ _id: 0, recordingId: 1 }).toArray(),
      ]);
      const excluded = new Set([...voted, ...marked].map((v) => v.recordingId.toHexString()));
      const batch: QueuedRecording[] = [];
      // At most every excluded one can come before the batch is full: one read, no cursor left open.
      const cursor = queueRead(userId, count + excluded.size);
      try {
        for await (const r of cursor) {
          if (excluded.has(r._id.toHexString())) continue;
          batch.push(r);
          if (batch.length >= count) break;
        }
      } finally {
        await cursor.close();
      }
      return batch;
    },

    /** A person's own figures on Speak and Listen. */
    async figuresOf(userId: string) {
      const [submitted, validated, voteCount, skips] = await Promise.all([
        recordings.countDocuments({ speakerId: userId }),
        recordings.countDocuments({ speakerId: userId, status: 'validated' }),
        votes.countDocuments({ voterId: userId }),
        marks.countDocuments({ userId, kind: 'skipped' }),
      ]);
      return { submitted, validated, votes: voteCount, skips };
    },

    /** The bytes this person's recordings take (the `speaker_bytes` index holds every field read). */
    async bytesOf(speakerId: string): Promise<number> {
      const [row] = await recordings
        .aggregate<{ bytes: number }>([
          { $match: { speakerId } },
          { $group: { _id: null, bytes: { $sum: '$bytes' } } },
        ])
        .toArray();
      return row?.bytes ?? 0;
    },

    /** Whether `language` has a validated recording (one existence check). */
    async hasValidated(language: LanguageCode): Promise<boolean> {
      return !!(await recordings.findOne({ language, status: 'validated' }, { projection: { _id: 1 } }));
    },

    count: (filter: Filter<RecordingDoc>) => recordings.countDocuments(filter),

    /** What a release's clip rows need of the recordings matching `filter`, by id, as a stream. */
    clipsOf: (filter: Filter<RecordingDoc>) =>
      recordings
        .find(filter, {
          projection: {
            sentenceId: 1,
            sentenceText: 1,
            language: 1,
            audioFileId: 1,
            speakerId: 1,
            yes: 1,
            no: 1,
          },
        })
        .sort({ _id: 1 }),

    /** The audio files of the recordings made under any of these ids. */
    async audioFilesOf(speakerIds: string[]): Promise<ObjectId[]> {
      const found = await recordings
        .find({ speakerId: { $in: speakerIds } }, { projection: { audioFileId: 1 } })
        .toArray();
      return found.map((r) => r.audioFileId);
    },

    /** A deleted account: the skips that served only them go (their reports stay, under the pseudonym). */
    async forget(userId: string): Promise<void> {
      await marks.deleteMany({ userId, kind: { $ne: 'reported' } });
    },

    /**
     * Recordings, votes and reports stay under `pseudonym`; the recordings lose the speaker's name and are
     * marked `speakerForgotten` so no public page plays them.
     */
    async pseudonymise(userId: string, pseudonym: string): Promise<void> {
      await Promise.all([
        recordings.updateMany(
          { speakerId: userId },
          { $set: { speakerId: pseudonym, speakerName: null, speakerForgotten: true } },
        ),
        marks.updateMany({ userId }, { $set: { userId: pseudonym } }),
        votes.updateMany({ voterId: userId }, { $set: { voterId: pseudonym } }),
      ]);
    },
  };
}

export type RecordingStore = ReturnType<typeof recordingStore>;
