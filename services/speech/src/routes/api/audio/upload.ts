import { postAudioPair, type Dialect } from '@platform/contracts';
import { HttpError, readMultipart, routeModule, serveRoute, type RouteHandler } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import {
  audioRefusal,
  dialectOf,
  donatablePair,
  DIALECT_REQUIRED,
  removeSides,
  saveDonation,
  storeSide,
} from '../../../audio-pairs/donation';
import { SIDE_OF_FIELD, type AudioPairSide } from '../../../audio-pairs/record';
import { newAudioPairId } from '../../../audio-pairs/store';
import type { StoredAudio } from '../../../audio/store';
import type { TextPairCopyDoc } from '../../../text-pairs/store';

/**
 * POST /api/audio/upload (and /api/audio/upload/, as the SPEC's client sends it): one donation, the English
 * and the Yoruba WAV of one approved text pair. Parts come in any order; each file streams into GridFS
 * while the probe measures it, and is refused as soon as it is known to be bad. Whatever is refused, nothing
 * of the pair is kept: every file stored so far is deleted before the answer. The donor is the signed-in
 * person; a `user_id` field is accepted (the SPEC's client sends one) and ignored.
 */
export default routeModule<SpeechContext>([postAudioPair], (app, { secret, stores }) => {
  const handler: RouteHandler<typeof postAudioPair> = async (request, reply) => {
    const donorId = request.identity.id;
    const audioId = newAudioPairId();
    const stored: Partial<Record<AudioPairSide, StoredAudio>> = {};

    const got: { pair: TextPairCopyDoc | null; dialect: Dialect | null } = { pair: null, dialect: null };
    await readMultipart(request, postAudioPair, {
      async field(name, value) {
        if (name === 'text_id') got.pair = await donatablePair(stores, donorId, value);
        else if (name === 'user_dialect') got.dialect = dialectOf(value);
      },
      async file(field, stream) {
        const side = SIDE_OF_FIELD[field];
        const result = await storeSide(stores, stream, { audioId, side, donorId });
        stored[side] = result;
        // Cut at the limit, a side would read as too long rather than too large: the size is what it broke.
        if ((stream as { truncated?: boolean }).truncated) throw new HttpError(413, 'audio_pair.too_large');
        const refused = audioRefusal(result);
        if (refused) throw refused;
      },
      undo: () => removeSides(stores, stored),
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
      await removeSides(stores, stored);
      throw missing;
    }

    const { source, target } = stored;
    if (!source || !target || !pair || !dialect) throw new Error('unreachable: the upload was vetted above');
    const record = await saveDonation(
      stores,
      { secret, log: request.log },
      { audioId, donorId, pair, dialect, source, target },
    );
    return reply.code(201).send(record);
  };

  serveRoute(app, postAudioPair, handler);
});
