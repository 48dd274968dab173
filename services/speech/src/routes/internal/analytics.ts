import { getInternalRecordingQuality } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';

/** Listen's quality figures over a period, for the text service's analytics. */
export default routeModule<SpeechContext>([getInternalRecordingQuality], (app, { now, stores }) => {
  serveRoute(app, getInternalRecordingQuality, async (request) =>
    stores.analytics.recordingQuality(request.query.period, now()),
  );
});
