import { getInternalUserTextStats, getUserStats } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';

/** The person's own figures, with what they wrote, added and reviewed from the text service. */
export default routeModule<SpeechContext>([getUserStats], (app, { text, stores }) => {
  serveRoute(app, getUserStats, async (request) => {
    const userId = request.identity.id;
    const [textStats, recorded, sentenceSkips, donations] = await Promise.all([
      text.call(getInternalUserTextStats, { params: { id: userId } }),
      stores.recordings.figuresOf(userId),
      stores.sentences.skipCount(userId),
      stores.audioPairs.figuresOf(userId),
    ]);
    return {
      recordings: { submitted: recorded.submitted, validated: recorded.validated },
      votes: recorded.votes,
      skips: sentenceSkips + recorded.skips,
      donations,
      ...textStats,
    };
  });
});
