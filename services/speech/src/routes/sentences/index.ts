import {
  DEFAULT_ROUND_SIZE,
  getSentenceRound,
  postSentenceReport,
  postSentenceSkip,
} from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  ignoreDuplicateKey,
  serveRoute,
  type ServiceApp,
} from '@platform/service-kit';
import { collections, type SentenceMarkDoc } from '../../collections';
import { pickRound } from '../../sentences/round';
import { rememberedLanguage } from '../../user/preferences';

/** Speak: the round of sentences to record, and a person's skips and reports. */
export function sentenceRoutes(app: ServiceApp) {
  const col = () => collections(databaseOf(app));

  const findSentence = async (id: string) => {
    const sentence = await col().sentences.findOne({ _id: id });
    if (!sentence) throw new HttpError(404, 'sentence.unknown');
    return sentence;
  };

  serveRoute(app, getSentenceRound, async (request) => {
    const userId = request.identity.id;
    const c = col();
    // A read only: the Speak screen saves a language the person picks with PUT /api/user/preferences.
    const language = request.query.lang ?? (await rememberedLanguage(c, userId));
    return pickRound(c, { userId, language, count: request.query.count ?? DEFAULT_ROUND_SIZE });
  });

  const mark = async (
    userId: string,
    sentenceId: string,
    kind: SentenceMarkDoc['kind'],
    extra: Partial<SentenceMarkDoc> = {},
  ) => {
    const sentence = await findSentence(sentenceId);
    await col()
      .sentenceMarks.updateOne(
        { userId, sentenceId, kind },
        { $setOnInsert: { language: sentence.language, createdAt: new Date(), ...extra } },
        { upsert: true },
      )
      .catch(ignoreDuplicateKey);
  };

  serveRoute(app, postSentenceSkip, async (request) => {
    await mark(request.identity.id, request.params.id, 'skipped');
    return { id: request.params.id, ok: true as const };
  });

  serveRoute(app, postSentenceReport, async (request) => {
    const { reason } = request.body;
    const details = request.body.details?.trim();
    if (reason === 'other' && !details) throw new HttpError(400, 'report.details_required');
    // flagPending: the sync loop passes the report on to the text service, which owns the sentence.
    await mark(request.identity.id, request.params.id, 'reported', {
      reason,
      flagPending: true,
      ...(details ? { details } : {}),
    });
    return { id: request.params.id, ok: true as const };
  });
}
