import { ErrorBody, UserPreferences, UserStats } from '@platform/contracts';
import { databaseOf, requireIdentity, type ServiceApp } from '@platform/service-kit';
import { collections } from '../collections';
import { rememberedLanguage, rememberLanguage } from './preferences';

const errors = { 400: ErrorBody, 401: ErrorBody };

/** The person's own figures and choices. */
export async function userRoutes(app: ServiceApp) {
  const col = () => collections(databaseOf(app));

  app.get(
    '/api/user/stats',
    { preHandler: requireIdentity, schema: { tags: ['user'], response: { 200: UserStats, ...errors } } },
    async (request) => {
      const userId = request.identity!.id;
      const c = col();
      const [submitted, validated, votes, sentenceSkips, recordingSkips] = await Promise.all([
        c.recordings.countDocuments({ speakerId: userId }),
        c.recordings.countDocuments({ speakerId: userId, status: 'validated' }),
        c.votes.countDocuments({ voterId: userId }),
        c.sentenceMarks.countDocuments({ userId, kind: 'skipped' }),
        c.recordingMarks.countDocuments({ userId, kind: 'skipped' }),
      ]);
      return { recordings: { submitted, validated }, votes, skips: sentenceSkips + recordingSkips };
    },
  );

  app.get(
    '/api/user/preferences',
    {
      preHandler: requireIdentity,
      schema: { tags: ['user'], response: { 200: UserPreferences, ...errors } },
    },
    async (request) => ({ language: await rememberedLanguage(col(), request.identity!.id) }),
  );

  app.put(
    '/api/user/preferences',
    {
      preHandler: requireIdentity,
      schema: { tags: ['user'], body: UserPreferences, response: { 200: UserPreferences, ...errors } },
    },
    async (request) => {
      await rememberLanguage(col(), request.identity!.id, request.body.language);
      return { language: request.body.language };
    },
  );
}
