import { postAudioPairDecision } from '@platform/contracts';
import { HttpError, refuseOwnContribution, routeModule, serveRoute } from '@platform/service-kit';
import { donationDecided } from '../../../activity/events';
import { toAudioPairRecord } from '../../../audio-pairs/record';
import type { SpeechContext } from '../../../context';

/** View Audio Pairs: a reviewer's decision on a pending pair. */
export default routeModule<SpeechContext>([postAudioPairDecision], (app, { secret, stores }) => {
  const { audioPairs, counts } = stores;

  serveRoute(app, postAudioPairDecision, async (request) => {
    const { id } = request.params;
    const reviewerId = request.identity.id;
    const reason = request.body.reason?.trim();
    const at = new Date();
    // Atomic: of two reviewers deciding at once, one wins; the donor's own pair never matches (refused below).
    const decided = await audioPairs.decide(id, { reviewerId, status: request.body.status, reason, at });
    if (decided) {
      // Only the update that moved it out of pending gets here, so the decision counts once.
      await counts.activity(request.log, donationDecided(decided, at));
      return toAudioPairRecord(decided, secret);
    }
    const exists = await audioPairs.filesOf(id);
    if (!exists) throw new HttpError(404, 'audio_pair.unknown');
    refuseOwnContribution(exists.donorId, reviewerId);
    throw new HttpError(409, 'audio_pair.decided');
  });
});
