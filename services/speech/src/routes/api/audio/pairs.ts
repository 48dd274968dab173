import { postDonateReport, postDonateSkip, type TextPairReportReason } from '@platform/contracts';
import { databaseOf, HttpError, ignoreDuplicateKey, routeModule, serveRoute } from '@platform/service-kit';
import { collections } from '../../../collections';
import type { SpeechContext } from '../../../context';
import { reportHandler, skipHandler, type MarkItem } from '../../../http/skip-and-report';

/** Donate Your Voice: a person's skips and reports of a text pair. */
export default routeModule<SpeechContext>([postDonateSkip, postDonateReport], (app) => {
  const mark: MarkItem<TextPairReportReason> = async (userId, textId, kind, extra) => {
    const c = collections(databaseOf(app));
    const pair = await c.textPairs.findOne({ _id: textId }, { projection: { _id: 1 } });
    if (!pair) throw new HttpError(404, 'audio_pair.unknown_text_pair');
    await c.textPairMarks
      .updateOne(
        { userId, textId, kind },
        { $setOnInsert: { createdAt: new Date(), ...extra } },
        { upsert: true },
      )
      .catch(ignoreDuplicateKey);
  };

  serveRoute(app, postDonateSkip, skipHandler(mark));
  serveRoute(app, postDonateReport, reportHandler(mark));
});
