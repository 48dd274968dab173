import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_VALIDATE_BATCH_SIZE,
  deleteRecordingVote,
  getRecordingsToValidate,
  postRecordingReport,
  postRecordingSkip,
  postRecordingVote,
} from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  ignoreDuplicateKey,
  isDuplicateKey,
  refuseOwnContribution,
  serveRoute,
  type ActivityEvent,
  type ServiceApp,
} from '@platform/service-kit';
import { collections } from '../../collections';
import { parseRecordingId } from '../../recordings/recording-id';
import { pickValidateBatch } from '../../recordings/validate-batch';
import { applyVoteDelta, type VoteApplied } from '../../recordings/votes';
import { countActivity } from '../../activity/count';
import { voteGiven } from '../../activity/events';
import { countDecision, countReport } from '../../analytics/quality-counts';

/** Listen: the batch to judge, votes (and undoing one), skip and report. */
export function listenRoutes(app: ServiceApp) {
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

  serveRoute(app, getRecordingsToValidate, async (request) =>
    pickValidateBatch(col(), {
      userId: request.identity.id,
      count: request.query.count ?? DEFAULT_VALIDATE_BATCH_SIZE,
    }),
  );

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
}
