import { getInternalRecordingQuality } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { recordingQuality } from '../../analytics/quality-counts';
import type { SpeechContext } from '../../context';

/** Listen's quality figures over a period, for the text service's analytics. */
export default routeModule<SpeechContext>([getInternalRecordingQuality], (app, { now }) => {
  serveRoute(app, getInternalRecordingQuality, async (request) =>
    recordingQuality(databaseOf(app), request.query.period, now()),
  );
});
