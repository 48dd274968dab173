import {
  getInternalRecordingQuality,
  getProgressChart,
  getQualityMetrics,
  getTaskCompletionChart,
} from '@platform/contracts';
import { periodBuckets, periodWindow, routeModule, serveRoute } from '@platform/service-kit';
import {
  agreementFigures,
  completionPoints,
  mergeReasons,
  progressPoints,
  progressQueries,
} from '../../analytics/series';
import type { TextContext } from '../../context';

/** /analytics: Task Progress, task completion rate and quality metrics (managers and admins). */
export default routeModule<TextContext>(
  [getProgressChart, getTaskCompletionChart, getQualityMetrics],
  (app, { stores }) => {
    serveRoute(app, getProgressChart, async (request) => {
      const { period, projectId } = request.query;
      const buckets = periodBuckets(period, app.now());
      // A project's languages, or every language for All Projects.
      const languages =
        projectId === undefined
          ? undefined
          : (await stores.analytics.visibleProject(request.identity, projectId)).languages;
      const sums = await app.activity.sums(progressQueries(buckets, languages));
      return { period, points: progressPoints(buckets, sums) };
    });

    serveRoute(app, getTaskCompletionChart, async (request) => {
      const { period, projectId } = request.query;
      const buckets = periodBuckets(period, app.now());
      const rows = await stores.analytics.taskCompletion(request.identity, buckets, projectId);
      return { period, points: completionPoints(buckets, rows) };
    });

    serveRoute(app, getQualityMetrics, async (request) => {
      const { period } = request.query;
      const [text, speech] = await Promise.all([
        stores.analytics.textQuality(periodWindow(period, app.now())),
        app.speech.call(getInternalRecordingQuality, { query: { period } }),
      ]);
      return {
        recordings: speech.recordings,
        text: agreementFigures({
          decided: text.decided,
          votes: text.votes,
          agreeing: text.agreeing,
          approved: text.approved,
          rejected: text.rejected,
        }),
        rejectionReasons: mergeReasons(text.reasons, speech.reportReasons),
      };
    });
  },
);
