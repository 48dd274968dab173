import type { FastifyBaseLogger } from 'fastify';
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
  HttpError,
  isDuplicateKey,
  readMultipart,
  refuseOwnContribution,
  routeModule,
  serveRoute,
  type ActivityEvent,
} from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import { recordingSubmitted, voteGiven } from '../../../activity/events';
import { CONTENT_TYPES, type StoredAudio } from '../../../audio/store';
import { newRecordingId } from '../../../recordings/recording-id';
import { refuseUnrecordable } from '../../../recordings/sentence-claim';
import type { RecordingDoc, VoteApplied } from '../../../recordings/store';
import type { SentenceDoc } from '../../../sentences/store';

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
  (app, { stores }) => {
    const { sentences, recordings, audio, counts } = stores;

    const findRecording = async (id: string) => {
      const recording = await recordings.find(id);
      if (!recording) throw new HttpError(404, 'recording.unknown');
      return recording;
    };

    /** A vote's activity, and the decision's quality figures when this vote decided the recording. */
    const counted = async (log: FastifyBaseLogger, vote: ActivityEvent, applied: VoteApplied, at: Date) => {
      await Promise.all([
        counts.activity(log, [vote, ...applied.decided]),
        applied.decided.length > 0
          ? counts
              .decision(applied.reply, at)
              .catch((err: unknown) => log.error({ err }, 'decision not counted'))
          : undefined,
      ]);
    };

    serveRoute(app, postRecording, async (request, reply) => {
      const identity = request.identity;
      // Filled in as the parts arrive, in whichever order the client sends them.
      const got: { sentence: SentenceDoc | null; sentenceChecked: boolean; stored: StoredAudio | null } = {
        sentence: null,
        sentenceChecked: false,
        stored: null,
      };

      const findSentence = async (id: string) => (SENTENCE_ID.test(id) ? sentences.findRecordable(id) : null);

      await readMultipart(request, postRecording, {
        async field(_name, value) {
          got.sentence = await findSentence(value);
          got.sentenceChecked = true;
          if (!got.sentence) throw new HttpError(400, 'sentence.unknown');
          await refuseUnrecordable(sentences, got.sentence, identity.id);
        },
        async file(_name, stream) {
          got.stored = await audio.store(stream, {
            maxBytes: RECORDING_MAX_BYTES,
            metadata: { speakerId: identity.id, sentenceId: got.sentence?._id ?? null },
          });
        },
        async undo() {
          if (got.stored) await audio.delete(got.stored.fileId);
        },
      });
      const { sentence, stored } = got;
      if (!stored) throw new HttpError(400, 'recording.missing_audio');
      const refused =
        refusal(stored) ?? (got.sentenceChecked ? null : new HttpError(400, 'recording.missing_sentence'));
      if (refused) {
        await audio.delete(stored.fileId);
        throw refused;
      }

      const probe = stored.probe;
      if (!probe.ok || !sentence) throw new Error('unreachable: refusal() vetted the upload');
      const identityName = (identity as { name?: unknown }).name;
      const createdAt = new Date();
      let release: () => Promise<void>;
      try {
        release = await sentences.claimRecordingPlace(sentence, identity.id, createdAt);
      } catch (err) {
        await audio.delete(stored.fileId);
        throw err;
      }
      const recording: RecordingDoc = {
        _id: newRecordingId(),
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
        await recordings.insert(recording);
      } catch (err) {
        await release();
        await audio.delete(stored.fileId);
        throw err;
      }
      await counts.activity(request.log, [recordingSubmitted(recording)]);
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
        voteId = await recordings.addVote({ recordingId: recording._id, voterId, isValid, createdAt: at });
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, 'recording.already_voted');
        throw err;
      }
      const result = await recordings.applyVoteDelta(recording._id, isValid, 1, at);
      if (!result) {
        // Decided between our read and our vote: the vote does not count, so it is not kept either.
        await recordings.removeVote(voteId);
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
      const vote = await recordings.takeVote(recording._id, request.identity.id);
      if (!vote) throw new HttpError(404, 'recording.no_vote');
      const result = await recordings.applyVoteDelta(recording._id, vote.isValid, -1, at);
      if (!result) {
        // Decided in the meantime: the vote stands.
        await recordings.restoreVote(vote);
        throw new HttpError(409, 'recording.already_decided');
      }
      // The vote's count goes back on the day it was given (only the request that deleted it gets here).
      await counted(request.log, voteGiven(request.identity.id, recording, vote.createdAt, -1), result, at);
      return result.reply;
    });

    serveRoute(app, postRecordingSkip, async (request) => {
      const recording = await findRecording(request.params.id);
      await recordings.skip(request.identity.id, recording._id);
      return { id: request.params.id, ok: true as const };
    });

    serveRoute(app, postRecordingReport, async (request) => {
      const { reason } = request.body;
      const details = request.body.details?.trim();
      if (reason === 'other' && !details) throw new HttpError(400, 'report.details_required');
      const recording = await findRecording(request.params.id);
      const at = new Date();
      // The recording carries how many people reported it, for whoever reviews flagged recordings; the day's
      // figures count the reason for analytics.
      const first = await recordings.report(request.identity.id, recording._id, { reason, details, at });
      if (first) {
        await counts
          .report(reason, at)
          .catch((err: unknown) => request.log.error({ err }, 'report not counted'));
      }
      return { id: request.params.id, ok: true as const };
    });
  },
);
