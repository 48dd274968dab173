import {
  DEFAULT_ROUND_SIZE,
  getSentenceRound,
  postSentenceReport,
  postSentenceSkip,
  type SentenceReportReason,
} from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';
import { reportHandler, skipHandler, type MarkItem } from '../../http/skip-and-report';

/** Speak: the round of sentences to record, and a person's skips and reports. */
export default routeModule<SpeechContext>(
  [getSentenceRound, postSentenceSkip, postSentenceReport],
  (app, { stores }) => {
    const { sentences, users } = stores;

    const findSentence = async (id: string) => {
      const sentence = await sentences.find(id);
      if (!sentence) throw new HttpError(404, 'sentence.unknown');
      return sentence;
    };

    serveRoute(app, getSentenceRound, async (request) => {
      const userId = request.identity.id;
      // A read only: the Speak screen saves a language the person picks with PUT /api/user/preferences.
      const language = request.query.lang ?? (await users.rememberedLanguage(userId));
      return sentences.round({ userId, language, count: request.query.count ?? DEFAULT_ROUND_SIZE });
    });

    const mark: MarkItem<SentenceReportReason> = async (userId, sentenceId, kind, extra) => {
      await sentences.mark(userId, await findSentence(sentenceId), kind, extra);
    };

    serveRoute(app, postSentenceSkip, skipHandler(mark));
    serveRoute(app, postSentenceReport, reportHandler(mark));
  },
);
