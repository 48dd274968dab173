import {
  deleteInternalUserSpeech,
  getInternalUserTextStats,
  getSpeakerDetails,
  getUserPreferences,
  getUserStats,
  putSpeakerDetails,
  putUserPreferences,
} from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp, type ServiceClient } from '@platform/service-kit';
import { collections } from '../../collections';
import { rememberedPreferences, rememberPreferences } from '../../user/preferences';
import { erasePerson } from '../../user/erase';
import { saveSpeakerDetails, speakerDetailsOf } from '../../user/speaker-details';

/**
 * The person's own figures (with what they wrote, added and reviewed, from the text service), choices and
 * speaker details; and forgetting a deleted account.
 */
export function userRoutes(app: ServiceApp, text: ServiceClient) {
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

  serveRoute(app, getUserPreferences, async (request) => rememberedPreferences(col(), request.identity.id));

  // A PUT without a dialect (Speak's) keeps the dialect chosen on Donate.
  serveRoute(app, putUserPreferences, async (request) =>
    rememberPreferences(col(), request.identity.id, request.body),
  );

  serveRoute(app, getSpeakerDetails, async (request) => speakerDetailsOf(col(), request.identity.id));
  serveRoute(app, putSpeakerDetails, async (request) =>
    saveSpeakerDetails(col(), request.identity.id, request.body),
  );

  // The gateway, when an account is deleted.
  serveRoute(app, deleteInternalUserSpeech, async (request) => {
    await erasePerson(databaseOf(app), request.params.id, request.query.pseudonym);
    return { done: true as const };
  });
}
