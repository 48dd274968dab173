import type { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import type { MultipartFile } from '@fastify/multipart';
import {
  postRecording,
  RECORDING_FILE_FIELD,
  RECORDING_MAX_BYTES,
  RECORDING_MAX_SECONDS,
  RECORDING_MIN_SECONDS,
} from '@platform/contracts';
import {
  databaseOf,
  discardRestOfUpload,
  HttpError,
  serveRoute,
  type ServiceApp,
} from '@platform/service-kit';
import { collections, type RecordingDoc, type SentenceDoc } from '../../collections';
import { countActivity } from '../../activity/count';
import { recordingSubmitted } from '../../activity/events';
import { claimRecordingPlace, refuseUnrecordable } from '../../recordings/sentence-claim';
import {
  CONTENT_TYPES,
  deleteAudio,
  storeWhileProbing,
  type StoredAudio,
} from '../../recordings/audio-store';

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
 * POST /api/recordings (multipart: `audio` file and `sentenceId`, in either order). When sentenceId comes
 * first an unknown sentence is refused before any audio is stored; when the file comes first it is stored
 * and probed as it streams, and removed again if the sentence then turns out to be unknown. A sentence
 * at its recording cap, or one this person already recorded, is refused with 409 the same way.
 */
export function uploadRoute(app: ServiceApp) {
  serveRoute(app, postRecording, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(415, 'recording.not_multipart');
    const identity = request.identity;
    const db = databaseOf(app);
    const col = collections(db);
    let sentence: SentenceDoc | null = null;
    let sentenceChecked = false;
    let stored: StoredAudio | null = null;

    const findSentence = async (id: string) => {
      if (!SENTENCE_ID.test(id)) return null;
      return col.sentences.findOne({ _id: id, recordable: true });
    };

    try {
      const parts = request.parts({
        limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname !== 'sentenceId') {
            throw new HttpError(400, 'recording.unknown_field', `Unknown field '${part.fieldname}'.`);
          }
          sentence = await findSentence(String(part.value));
          sentenceChecked = true;
          if (!sentence) throw new HttpError(400, 'sentence.unknown');
          await refuseUnrecordable(col, sentence, identity.id);
          continue;
        }
        const file = part as MultipartFile;
        if (file.fieldname !== RECORDING_FILE_FIELD) {
          file.file.resume();
          throw new HttpError(
            400,
            'recording.unknown_field',
            `Unknown file field '${file.fieldname}'; send the recording as 'audio'.`,
          );
        }
        stored = await storeWhileProbing(db, file.file as Readable, {
          maxBytes: RECORDING_MAX_BYTES,
          metadata: { speakerId: identity.id, sentenceId: sentence?._id ?? null },
        });
        if (file.file.truncated) throw new HttpError(413, 'recording.too_large');
      }
      if (!stored) throw new HttpError(400, 'recording.missing_audio');
      const refused = refusal(stored);
      if (refused) throw refused;
      if (!sentenceChecked) throw new HttpError(400, 'recording.missing_sentence');
    } catch (err) {
      discardRestOfUpload(request.raw, 2 * RECORDING_MAX_BYTES);
      if (stored) await deleteAudio(db, stored.fileId);
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'recording.too_large');
      if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'recording.one_at_a_time');
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw new HttpError(400, 'recording.too_many_fields');
      }
      throw err;
    }

    const probe = stored.probe;
    if (!probe.ok || !sentence) throw new Error('unreachable: refusal() vetted the upload');
    const identityName = (identity as { name?: unknown }).name;
    const createdAt = new Date();
    let release: () => Promise<void>;
    try {
      release = await claimRecordingPlace(col, sentence, identity.id, createdAt);
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
      await col.recordings.insertOne(recording);
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
}
