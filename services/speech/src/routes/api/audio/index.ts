import { ObjectId } from 'mongodb';
import { postAudioPairDecision } from '@platform/contracts';
import { databaseOf, HttpError, refuseOwnContribution, routeModule, serveRoute } from '@platform/service-kit';
import { countActivity } from '../../../activity/count';
import { donationDecided } from '../../../activity/events';
import { countAudioPair } from '../../../audio-pairs/counts';
import { toAudioPairRecord } from '../../../audio-pairs/record';
import { collections } from '../../../collections';
import type { SpeechContext } from '../../../context';

/** View Audio Pairs: a reviewer's decision on a pending pair. */
export default routeModule<SpeechContext>([postAudioPairDecision], (app, { secret }) => {
  const col = () => collections(databaseOf(app));

  serveRoute(app, postAudioPairDecision, async (request) => {
    const { id } = request.params;
    if (!ObjectId.isValid(id) || id.length !== 24) throw new HttpError(404, 'audio_pair.unknown');
    const reviewerId = request.identity.id;
    const reason = request.body.reason?.trim();
    const at = new Date();
    const decided = await col().audioPairs.findOneAndUpdate(
      // The pending guard makes the decision atomic: of two reviewers deciding at once, one wins; the donor's
      // own pair never matches (refused below).
      { _id: new ObjectId(id), status: 'pending', donorId: { $ne: reviewerId } },
      {
        $set: {
          status: request.body.status,
          decision: { byId: reviewerId, at, ...(reason ? { reason } : {}) },
        },
      },
      { returnDocument: 'after' },
    );
    if (decided) {
      await Promise.all([
        countAudioPair(col(), 'pending', decided.dialect, -1),
        countAudioPair(col(), decided.status, decided.dialect, 1),
        // Only the update that moved it out of pending gets here, so the decision counts once.
        countActivity(databaseOf(app), request.log, donationDecided(decided, at)),
      ]);
      return toAudioPairRecord(decided, secret);
    }
    const exists = await col().audioPairs.findOne({ _id: new ObjectId(id) }, { projection: { donorId: 1 } });
    if (!exists) throw new HttpError(404, 'audio_pair.unknown');
    refuseOwnContribution(exists.donorId, reviewerId);
    throw new HttpError(409, 'audio_pair.decided');
  });
});
