import {
  ErrorBody,
  MarkReply,
  RECORDING_MESSAGES as M,
  RecordingIdParams,
  RecordingReportBody,
  RecordingsToValidate,
  REPORT_DETAILS_REQUIRED_MESSAGE,
  ValidateBatchQuery,
  DEFAULT_VALIDATE_BATCH_SIZE,
  VoteBody,
  VoteReply,
} from '@platform/contracts';
import { databaseOf, HttpError, requireIdentity, type ServiceApp } from '@platform/service-kit';
import { collections } from '../collections';
import { ignoreDuplicateKey, isDuplicateKey } from '../duplicate-key';
import { parseRecordingId } from './recording-id';
import { pickValidateBatch } from './validate-batch';
import { applyVoteDelta } from './votes';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Listen: the batch to judge, votes (and undoing one), skip and report. */
export async function recordingRoutes(app: ServiceApp) {
  const col = () => collections(databaseOf(app));

  const findRecording = async (id: string) => {
    const _id = parseRecordingId(id);
    const recording = _id ? await col().recordings.findOne({ _id }) : null;
    if (!recording) throw new HttpError(404, M.unknownRecording);
    return recording;
  };

  app.get(
    '/api/recordings/validate',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['recordings'],
        querystring: ValidateBatchQuery,
        response: { 200: RecordingsToValidate, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) =>
      pickValidateBatch(col(), {
        userId: request.identity!.id,
        count: request.query.count ?? DEFAULT_VALIDATE_BATCH_SIZE,
      }),
  );

  app.post(
    '/api/recordings/:id/validate',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['recordings'],
        params: RecordingIdParams,
        body: VoteBody,
        response: { 200: VoteReply, ...errors },
      },
    },
    async (request) => {
      const voterId = request.identity!.id;
      const recording = await findRecording(request.params.id);
      if (recording.speakerId === voterId) throw new HttpError(403, M.ownRecording);
      if (recording.status !== 'undecided') throw new HttpError(409, M.decided);
      const { isValid } = request.body;
      let voteId;
      try {
        ({ insertedId: voteId } = await col().votes.insertOne({
          recordingId: recording._id,
          voterId,
          isValid,
          createdAt: new Date(),
        }));
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, M.alreadyVoted);
        throw err;
      }
      const result = await applyVoteDelta(col(), recording._id, isValid, 1);
      if (!result) {
        // Decided between our read and our vote: the vote does not count, so it is not kept either.
        await col().votes.deleteOne({ _id: voteId });
        throw new HttpError(409, M.decided);
      }
      return result;
    },
  );

  app.delete(
    '/api/recordings/:id/validate',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['recordings'],
        params: RecordingIdParams,
        response: { 200: VoteReply, ...errors },
      },
    },
    async (request) => {
      const recording = await findRecording(request.params.id);
      if (recording.status !== 'undecided') throw new HttpError(409, M.alreadyDecided);
      const vote = await col().votes.findOneAndDelete({
        recordingId: recording._id,
        voterId: request.identity!.id,
      });
      if (!vote) throw new HttpError(404, M.noVote);
      const result = await applyVoteDelta(col(), recording._id, vote.isValid, -1);
      if (!result) {
        // Decided in the meantime: the vote stands.
        await col().votes.insertOne(vote);
        throw new HttpError(409, M.alreadyDecided);
      }
      return result;
    },
  );

  app.post(
    '/api/recordings/:id/skip',
    {
      preHandler: requireIdentity,
      schema: { tags: ['recordings'], params: RecordingIdParams, response: { 200: MarkReply, ...errors } },
    },
    async (request) => {
      const recording = await findRecording(request.params.id);
      await col()
        .recordingMarks.updateOne(
          { userId: request.identity!.id, recordingId: recording._id, kind: 'skipped' },
          { $setOnInsert: { createdAt: new Date() } },
          { upsert: true },
        )
        .catch(ignoreDuplicateKey);
      return { id: request.params.id, ok: true as const };
    },
  );

  app.post(
    '/api/recordings/:id/report',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['recordings'],
        params: RecordingIdParams,
        body: RecordingReportBody,
        response: { 200: MarkReply, ...errors },
      },
    },
    async (request) => {
      const { reason } = request.body;
      const details = request.body.details?.trim();
      if (reason === 'other' && !details) throw new HttpError(400, REPORT_DETAILS_REQUIRED_MESSAGE);
      const recording = await findRecording(request.params.id);
      const first = await col()
        .recordingMarks.updateOne(
          { userId: request.identity!.id, recordingId: recording._id, kind: 'reported' },
          { $setOnInsert: { createdAt: new Date(), reason, ...(details ? { details } : {}) } },
          { upsert: true },
        )
        .catch((err: unknown) => (ignoreDuplicateKey(err), null));
      // The recording carries how many people reported it, for whoever reviews flagged recordings.
      if (first?.upsertedCount)
        await col().recordings.updateOne({ _id: recording._id }, { $inc: { reports: 1 } });
      return { id: request.params.id, ok: true as const };
    },
  );
}
