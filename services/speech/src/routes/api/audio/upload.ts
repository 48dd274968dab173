import {
  AUDIO_PAIR_FILE_MAX_BYTES,
  AUDIO_PAIR_MAX_SECONDS,
  AUDIO_PAIR_MIN_SECONDS,
  DIALECTS,
  postAudioPair,
  type Dialect,
} from '@platform/contracts';
import {
  HttpError,
  isDuplicateKey,
  readMultipart,
  routeModule,
  serveRoute,
  type RouteHandler,
} from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import { donationSubmitted } from '../../../activity/events';
import {
  audioPairPath,
  SIDE_OF_FIELD,
  toAudioPairRecord,
  type AudioPairSide,
} from '../../../audio-pairs/record';
import { newAudioPairId, type AudioPairDoc } from '../../../audio-pairs/store';
import type { StoredAudio } from '../../../audio/store';
import type { TextPairCopyDoc } from '../../../text-pairs/store';

const TEXT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The Donate screen's own words for a missing or unknown dialect (SPEC §5). */
export const DIALECT_REQUIRED = 'Please select your dialect.';

/** What the probe found, as the refusal the Donate screen shows; null when the side is fine. */
function refusal(stored: StoredAudio): HttpError | null {
  const probe = stored.probe;
  if (!probe.ok) {
    if (probe.reason === 'too-large') return new HttpError(413, 'audio_pair.too_large');
    return new HttpError(415, 'audio_pair.not_wav');
  }
  if (probe.container !== 'wav') return new HttpError(415, 'audio_pair.not_wav');
  if (probe.durationSeconds < AUDIO_PAIR_MIN_SECONDS || probe.durationSeconds > AUDIO_PAIR_MAX_SECONDS) {
    return new HttpError(422, 'audio_pair.bad_duration');
  }
  if (probe.silent) return new HttpError(422, 'audio_pair.silent');
  return null;
}

const durationMs = (stored: StoredAudio) =>
  stored.probe.ok ? Math.round(stored.probe.durationSeconds * 1000) : 0;

/**
 * POST /api/audio/upload (and /api/audio/upload/, as the SPEC's client sends it): one donation, the English
 * and the Yoruba WAV of one approved text pair. Parts come in any order; each file streams into GridFS
 * while the probe measures it, and is refused as soon as it is known to be bad. Whatever is refused, nothing
 * of the pair is kept: every file stored so far is deleted before the answer. The donor is the signed-in
 * person; a `user_id` field is accepted (the SPEC's client sends one) and ignored.
 */
export default routeModule<SpeechContext>([postAudioPair], (app, { secret, stores }) => {
  const { textPairs, audioPairs, audio, counts } = stores;
  const handler: RouteHandler<typeof postAudioPair> = async (request, reply) => {
    const donorId = request.identity.id;
    const audioId = newAudioPairId();
    const stored: Partial<Record<AudioPairSide, StoredAudio>> = {};

    const checkTextPair = async (value: string) => {
      const found = TEXT_ID.test(value) ? await textPairs.findApproved(value) : null;
      if (!found) throw new HttpError(404, 'audio_pair.unknown_text_pair');
      if (await audioPairs.donated(donorId, found._id))
        throw new HttpError(409, 'audio_pair.already_donated');
      return found;
    };

    const got: { pair: TextPairCopyDoc | null; dialect: Dialect | null } = { pair: null, dialect: null };
    await readMultipart(request, postAudioPair, {
      async field(name, value) {
        if (name === 'text_id') got.pair = await checkTextPair(value);
        else if (name === 'user_dialect') {
          if (!(DIALECTS as readonly string[]).includes(value)) {
            throw new HttpError(400, 'validation.failed', DIALECT_REQUIRED);
          }
          got.dialect = value as Dialect;
        }
      },
      async file(field, stream) {
        const side = SIDE_OF_FIELD[field];
        const path = audioPairPath(audioId.toHexString(), side);
        const result = await audio.store(stream, {
          maxBytes: AUDIO_PAIR_FILE_MAX_BYTES,
          filename: path,
          metadata: { audioPairId: audioId, side, donorId },
        });
        stored[side] = result;
        // Cut at the limit, a side would read as too long rather than too large: the size is what it broke.
        if ((stream as { truncated?: boolean }).truncated) throw new HttpError(413, 'audio_pair.too_large');
        const refused = refusal(result);
        if (refused) throw refused;
      },
      undo: () => removeStored(stored),
    });
    const { pair, dialect } = got;
    const missing =
      !stored.source || !stored.target
        ? new HttpError(400, 'audio_pair.missing_file')
        : !pair
          ? new HttpError(400, 'audio_pair.unknown_text_pair')
          : !dialect
            ? new HttpError(400, 'validation.failed', DIALECT_REQUIRED)
            : null;
    if (missing) {
      await removeStored(stored);
      throw missing;
    }

    const { source, target } = stored;
    if (!source || !target || !pair || !dialect) throw new Error('unreachable: the upload was vetted above');
    const doc: AudioPairDoc = {
      _id: audioId,
      textId: pair._id,
      sourceText: pair.source_lang_text,
      targetText: pair.target_lang_text,
      category: pair.text_category,
      dialect,
      donorId,
      sourceFileId: source.fileId,
      targetFileId: target.fileId,
      sourceBytes: source.bytes,
      targetBytes: target.bytes,
      sourceDurationMs: durationMs(source),
      targetDurationMs: durationMs(target),
      status: 'pending',
      createdAt: new Date(),
    };
    try {
      // The unique (donor, text pair) index settles two donations of one pair racing past the early check.
      await audioPairs.insert(doc);
    } catch (err) {
      await removeStored(stored);
      if (isDuplicateKey(err)) throw new HttpError(409, 'audio_pair.already_donated');
      throw err;
    }
    await Promise.all([
      textPairs.countDonation(pair._id),
      counts.activity(request.log, [donationSubmitted(doc)]),
    ]);
    return reply.code(201).send(toAudioPairRecord(doc, secret));

    async function removeStored(files: Partial<Record<AudioPairSide, StoredAudio>>) {
      await Promise.all(Object.values(files).map((f) => audio.delete(f.fileId)));
    }
  };

  serveRoute(app, postAudioPair, handler);
});
