import {
  getInternalUserTextStats,
  getUserPreferences,
  getUserStats,
  putUserPreferences,
} from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { collections } from '../../collections';
import type { TextClient } from '../../text/text-client';
import { rememberedLanguage, rememberLanguage } from '../../user/preferences';

/** The person's own figures (with what they wrote, added and reviewed, from the text service) and choices. */
export function userRoutes(app: ServiceApp, text: TextClient) {
  const col = () => collections(databaseOf(app));

  serveRoute(app, getUserStats, async (request) => {
    const userId = request.identity.id;
    const c = col();
    const [textStats, submitted, validated, votes, sentenceSkips, recordingSkips] = await Promise.all([
      text.get(getInternalUserTextStats, { id: userId }),
      c.recordings.countDocuments({ speakerId: userId }),
      c.recordings.countDocuments({ speakerId: userId, status: 'validated' }),
      c.votes.countDocuments({ voterId: userId }),
      c.sentenceMarks.countDocuments({ userId, kind: 'skipped' }),
      c.recordingMarks.countDocuments({ userId, kind: 'skipped' }),
    ]);
    return {
      recordings: { submitted, validated },
      votes,
      skips: sentenceSkips + recordingSkips,
      ...textStats,
    };
  });

  serveRoute(app, getUserPreferences, async (request) => ({
    language: await rememberedLanguage(col(), request.identity.id),
  }));

  serveRoute(app, putUserPreferences, async (request) => {
    await rememberLanguage(col(), request.identity.id, request.body.language);
    return { language: request.body.language };
  });
}
