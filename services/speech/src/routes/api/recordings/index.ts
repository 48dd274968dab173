import type { FastifyBaseLogger } from 'fastify';
import { ObjectId } from 'mongodb';
import {
  deleteRecordingVote,
  postRecording,
  postRecordingReport,
  postRecordingSkip,
  postRecordingVote,
  RECORDING_MAX_BYTES,
  RECORDING_MAX_SECONDS,
  RECORDING_MIN_SECONDS,
} from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  ignoreDuplicateKey,
  isDuplicateKey,
  readMultipart,
  refuseOwnContribution,
  routeModule,
  serveRoute,
  type ActivityEvent,
} from '@platform/service-kit';
import { collections, type RecordingDoc, type SentenceDoc } from '../../../collections';
import type { SpeechContext } from '../../../context';
import { countActivity } from '../../../activity/count';
import { recordingSubmitted, voteGiven } from '../../../activity/events';
import { countDecision, countReport } from '../../../analytics/quality-counts';
import { parseRecordingId } from '../../../recordings/recording-id';
import { claimRecordingPlace, refuseUnrecordable } from '../../../recordings/sentence-claim';
import { applyVoteDelta, type VoteApplied } from '../../../recordings/votes';
import {
  CONTENT_TYPES,
  deleteAudio,
  storeWhileProbing,
  type StoredAudio,
} from '../../../recordings/audio-store';

const SENTENCE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What the probe said, as the status and message the Speak screen shows; null when the audio is fine. */
function refusal(stored: StoredAudio): HttpError | null {
  const probe = stored.probe;
  if (!probe.ok) {
    if (probe.reason === 'too-large') return new HttpError(413, 'recording.too_large');
    if (probe.reason === 'unsupported') return new HttpError(415, 'recording.unsupported');
    return new HttpError(400, 'recording.unreadable', `The recording could not be read: ${probe.message}`);
  }
  if (probe.durationSeconds < RECORDING_MIN_SECONDS || probe.durationSeconds > RECORDING_MAX_SECONDS) {
    return new HttpError(400, 'recording.bad_duration');
  }
  if (probe.silent) return new HttpError(400, 'recording.silent');
  return null;
}

/**
 * Speak's upload, and Listen's votes (and undoing one), skips and reports.
 *
 * The upload (multipart: `audio` file and `sentenceId`, in either order). When sentenceId comes
 * first an unknown sentence is refused before any audio is stored; when the file comes first it is stored
 * and probed as it streams, and removed again if the sentence then turns out to be unknown. A sentence
 * at its recording cap, or one this person already recorded, is refused with 409 the same way.
 */
export default routeModule<SpeechContext>(
  [postRecording, postRecordingVote, deleteRecordingVote, postRecordingSkip, postRecordingReport],
  (app) => {
    const col = () => collections(databaseOf(app));

    const findRecording = async (id: string) => {
      const _id = parseRecordingId(id);
      const recording = _id ? await col().recordings.findOne({ _id }) : null;
      if (!recording) throw new HttpError(404, 'recording.unknown');
      return recording;
    };

    /** A vote's activity, and the decision's quality figures when this vote decided the recording. */
    const counted = async (log: FastifyBaseLogger, vote: ActivityEvent, applied: VoteApplied, at: Date) => {
      const db = databaseOf(app);
      await Promise.all([
        countActivity(db, log, [vote, ...applied.decided]),
        applied.decided.length > 0
          ? countDecision(db, applied.reply, at).catch((err: unknown) =>
              log.error({ err }, 'decision not counted'),
            )
          : undefined,
      ]);
    };

    serveRoute(app, postRecording, async (request, reply) => {
      const identity = request.identity;
      const db = databaseOf(app);
      const c = collections(db);
      // Filled in as the parts arrive, in whichever order the client sends them.
      const got: { sentence: SentenceDoc | null; sentenceChecked: boolean; stored: StoredAudio | null } = {
        sentence: null,
        sentenceChecked: false,
        stored: null,
      };

      const findSentence = async (id: string) => {
        if (!SENTENCE_ID.test(id)) return null;
        return c.sentences.findOne({ _id: id, recordable: true });
      };

      await readMultipart(request, postRecording, {
        async field(_name, value) {
          got.sentence = await findSentence(value);
          got.sentenceChecked = true;
          if (!got.sentence) throw new HttpError(400, 'sentence.unknown');
          await refuseUnrecordable(c, got.sentence, identity.id);
        },
        async file(_name, stream) {
          got.stored = await storeWhileProbing(db, stream, {
            maxBytes: RECORDING_MAX_BYTES,
            metadata: { speakerId: identity.id, sentenceId: got.sentence?._id ?? null },
          });
        },
        async undo() {
          if (got.stored) await deleteAudio(db, got.stored.fileId);
        },
      });
      const { sentence, stored } = got;
      if (!stored) throw new HttpError(400, 'recording.missing_audio');
      const refused =
        refusal(stored) ?? (got.sentenceChecked ? null : new HttpError(400, 'recording.missing_sentence'));
      if (refused) {
        await deleteAudio(db, stored.fileId);
        throw refused;
      }

      const probe = stored.probe;
      if (!probe.ok || !sentence) throw new Error('unreachable: refusal() vetted the upload');
      const identityName = (identity as { name?: unknown }).name;
      const createdAt = new Date();
      let release: () => Promise<void>;
      try {
        release = await claimRecordingPlace(c, sentence, identity.id, createdAt);
      } catch (err) {
        await deleteAudio(db, stored.fileId);
        throw err;
      }
      const recording: RecordingDoc = {
        _id: new ObjectId(),
        sentenceId: sentence._id,
        sentenceText: sentence.text,
        language: sentence.language,
        durationSeconds: Math.round(probe.durationSeconds * 1000) / 1000,
        audioFileId: stored.fileId,
        container: probe.container,
        contentType: CONTENT_TYPES[probe.container],
        bytes: stored.bytes,
        speakerId: identity.id,
        speakerName: typeof identityName === 'string' ? identityName : null,
        yes: 0,
        no: 0,
        voteCount: 0,
        reports: 0,
        status: 'undecided',
        createdAt,
      };
      try {
        await c.recordings.insertOne(recording);
      } catch (err) {
        await release();
        await deleteAudio(db, stored.fileId);
        throw err;
      }
      await countActivity(db, request.log, [recordingSubmitted(recording)]);
      return reply.code(201).send({
        id: recording._id.toHexString(),
        status: recording.status,
        durationSeconds: recording.durationSeconds,
      });
    });

    serveRoute(app, postRecordingVote, async (request) => {
      const voterId = request.identity.id;
      const recording = await findRecording(request.params.id);
      refuseOwnContribution(recording.speakerId, voterId, 'recording.own_recording');
      if (recording.status !== 'undecided') throw new HttpError(409, 'recording.decided');
      const { isValid } = request.body;
      const at = new Date();
      let voteId;
      try {
        ({ insertedId: voteId } = await col().votes.insertOne({
          recordingId: recording._id,
          voterId,
          isValid,
          createdAt: at,
        }));
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, 'recording.already_voted');
        throw err;
      }
      const result = await applyVoteDelta(col(), recording._id, isValid, 1, at);
      if (!result) {
        // Decided between our read and our vote: the vote does not count, so it is not kept either.
        await col().votes.deleteOne({ _id: voteId });
        throw new HttpError(409, 'recording.decided');
      }
      // Counted once: a second try of this vote is refused by the unique (recording, voter) index above.
      await counted(request.log, voteGiven(voterId, recording, at), result, at);
      return result.reply;
    });

    serveRoute(app, deleteRecordingVote, async (request) => {
      const recording = await findRecording(request.params.id);
      if (recording.status !== 'undecided') throw new HttpError(409, 'recording.already_decided');
      const at = new Date();
      const vote = await col().votes.findOneAndDelete({
        recordingId: recording._id,
        voterId: request.identity.id,
      });
      if (!vote) throw new HttpError(404, 'recording.no_vote');
      const result = await applyVoteDelta(col(), recording._id, vote.isValid, -1, at);
      if (!result) {
        // Decided in the meantime: the vote stands.
        await col().votes.insertOne(vote);
        throw new HttpError(409, 'recording.already_decided');
      }
      // The vote's count goes back on the day it was given (only the request that deleted it gets here).
      await counted(request.log, voteGiven(request.identity.id, recording, vote.createdAt, -1), result, at);
      return result.reply;
    });

    serveRoute(app, postRecordingSkip, async (request) => {
      const recording = await findRecording(request.params.id);
      await col()
        .recordingMarks.updateOne(
          { userId: request.identity.id, recordingId: recording._id, kind: 'skipped' },
          { $setOnInsert: { createdAt: new Date() } },
          { upsert: true },
        )
        .catch(ignoreDuplicateKey);
      return { id: request.params.id, ok: true as const };
    });

    serveRoute(app, postRecordingReport, async (request) => {
      const { reason } = request.body;
      const details = request.body.details?.trim();
      if (reason === 'other' && !details) throw new HttpError(400, 'report.details_required');
      const recording = await findRecording(request.params.id);
      const at = new Date();
      const first = await col()
        .recordingMarks.updateOne(
          { userId: request.identity.id, recordingId: recording._id, kind: 'reported' },
          { $setOnInsert: { createdAt: at, reason, ...(details ? { details } : {}) } },
          { upsert: true },
        )
        .catch((err: unknown) => (ignoreDuplicateKey(err), null));
      // The recording carries how many people reported it, for whoever reviews flagged recordings; the day's
      // figures count the reason for analytics.
      if (first?.upsertedCount) {
        await col().recordings.updateOne({ _id: recording._id }, { $inc: { reports: 1 } });
        await countReport(databaseOf(app), reason, at).catch((err: unknown) =>
          request.log.error({ err }, 'report not counted'),
        );
      }
      return { id: request.params.id, ok: true as const };
    });
  },
);
