import { getInternalUserTextStats, getUserStats } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { collections } from '../../../collections';
import type { SpeechContext } from '../../../context';

/** The person's own figures, with what they wrote, added and reviewed from the text service. */
export default routeModule<SpeechContext>([getUserStats], (app, { text }) => {
  const col = () => collections(databaseOf(app));

  serveRoute(app, getUserStats, async (request) => {
    const userId = request.identity.id;
    const c = col();
    const [
      textStats,
      submitted,
      validated,
      votes,
      sentenceSkips,
      recordingSkips,
      donated,
      donationsApproved,
    ] = await Promise.all([
      text.call(getInternalUserTextStats, { params: { id: userId } }),
      c.recordings.countDocuments({ speakerId: userId }),
      c.recordings.countDocuments({ speakerId: userId, status: 'validated' }),
      c.votes.countDocuments({ voterId: userId }),
      c.sentenceMarks.countDocuments({ userId, kind: 'skipped' }),
      c.recordingMarks.countDocuments({ userId, kind: 'skipped' }),
      c.audioPairs.countDocuments({ donorId: userId }),
      c.audioPairs.countDocuments({ donorId: userId, status: 'approved' }),
    ]);
    return {
      recordings: { submitted, validated },
      votes,
      skips: sentenceSkips + recordingSkips,
      donations: { submitted: donated, approved: donationsApproved },
      ...textStats,
    };
  });
});
