import { postAudioPairFromUploads, type AudioPairRecord } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import {
  audioRefusal,
  dialectOf,
  donatablePair,
  removeSides,
  saveDonation,
  storeSide,
} from '../../../audio-pairs/donation';
import type { AudioPairSide } from '../../../audio-pairs/record';
import { newAudioPairId } from '../../../audio-pairs/store';
import type { StoredAudio } from '../../../audio/store';
import type { ResumableUploadDoc } from '../../../resumable-uploads/store';

/** Long enough to copy two donation files into GridFS; a process that dies meanwhile frees them by then. */
const CLAIM_MS = 5 * 60_000;

/**
 * POST /api/audio/from-uploads: a donation whose WAVs were sent as resumable uploads (a phone on a connection
 * that drops). Each finished upload is read back from the database and streamed into GridFS through the
 * same probe and refusals as the multipart donation's files; the donation is kept as that one is, and then
 * the uploads are removed. A refusal keeps nothing of the pair and leaves both uploads as they were.
 */
export default routeModule<SpeechContext>([postAudioPairFromUploads], (app, { secret, stores, now }) => {
  const uploads = stores.resumableUploads;

  serveRoute(app, postAudioPairFromUploads, async (request, reply) => {
    const donorId = request.identity.id;
    const body = request.body;
    const pair = await donatablePair(stores, donorId, body.text_id);
    const dialect = dialectOf(body.user_dialect);
    if (body.source_upload_id.toLowerCase() === body.target_upload_id.toLowerCase()) {
      throw new HttpError(400, 'validation.failed', 'The English and the Yoruba side need an upload each.');
    }

    const claimed: ResumableUploadDoc[] = [];
    const stored: Partial<Record<AudioPairSide, StoredAudio>> = {};
    const audioId = newAudioPairId();
    let record: AudioPairRecord;
    try {
      for (const [side, id] of [
        ['source', body.source_upload_id],
        ['target', body.target_upload_id],
      ] as const) {
        const at = now();
        const upload = await uploads.claim(id, donorId, at, new Date(at.getTime() + CLAIM_MS));
        // Not there, someone else's, or being used by another request right now.
        if (upload === 'missing') throw new HttpError(404, 'upload.not_found');
        if (upload === 'unfinished') throw new HttpError(409, 'upload.incomplete');
        claimed.push(upload);
        if (upload.purpose !== 'audio-pair-file') {
          throw new HttpError(400, 'validation.failed', 'This upload is not a donation’s audio file.');
        }
        stored[side] = await storeSide(stores, uploads.stream(upload._id), { audioId, side, donorId });
        const refused = audioRefusal(stored[side]);
        if (refused) throw refused;
      }
      const { source, target } = stored;
      if (!source || !target) throw new Error('unreachable: both sides were stored above');
      record = await saveDonation(
        stores,
        { secret, log: request.log },
        { audioId, donorId, pair, dialect, source, target },
      );
    } catch (err) {
      await removeSides(stores, stored);
      await Promise.all(claimed.map((u) => uploads.release(u._id)));
      throw err;
    }
    // The donation holds the bytes now: the uploads are used up. Left over, they go with the idle ones.
    await uploads
      .remove(claimed.map((u) => u._id))
      .catch((err: unknown) => request.log.warn({ err }, 'used uploads not removed; the cleanup will'));
    return reply.code(201).send(record);
  });
});
