import {
  DEFAULT_ROUND_SIZE,
  getSentenceRound,
  postSentenceReport,
  postSentenceSkip,
  type SentenceReportReason,
} from '@platform/contracts';
import { databaseOf, HttpError, ignoreDuplicateKey, routeModule, serveRoute } from '@platform/service-kit';
import { collections } from '../../collections';
import type { SpeechContext } from '../../context';
import { pickRound } from '../../sentences/round';
import { rememberedLanguage } from '../../user/preferences';
import { reportHandler, skipHandler, type MarkItem } from '../../http/skip-and-report';

/** Speak: the round of sentences to record, and a person's skips and reports. */
export default routeModule<SpeechContext>([getSentenceRound, postSentenceSkip, postSentenceReport], (app) => {
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

  const mark: MarkItem<SentenceReportReason> = async (userId, sentenceId, kind, extra) => {
    const sentence = await findSentence(sentenceId);
    await col()
      .sentenceMarks.updateOne(
        { userId, sentenceId, kind },
        { $setOnInsert: { language: sentence.language, createdAt: new Date(), ...extra } },
        { upsert: true },
      )
      .catch(ignoreDuplicateKey);
  };

  serveRoute(app, postSentenceSkip, skipHandler(mark));
  serveRoute(app, postSentenceReport, reportHandler(mark));
});
