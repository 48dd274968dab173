import { postDonateReport, postDonateSkip, type TextPairReportReason } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import { reportHandler, skipHandler, type MarkItem } from '../../../http/skip-and-report';

/** Donate Your Voice: a person's skips and reports of a text pair. */
export default routeModule<SpeechContext>([postDonateSkip, postDonateReport], (app, { stores }) => {
  const { textPairs } = stores;
  const mark: MarkItem<TextPairReportReason> = async (userId, textId, kind, extra) => {
    if (!(await textPairs.exists(textId))) throw new HttpError(404, 'audio_pair.unknown_text_pair');
    await textPairs.mark(userId, textId, kind, extra);
  };

  serveRoute(app, postDonateSkip, skipHandler(mark));
  serveRoute(app, postDonateReport, reportHandler(mark));
});
