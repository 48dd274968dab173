import {
  getInternalActivityLanguages,
  postInternalActivitySums,
  type ActivityKind,
  SPEECH_ACTIVITY_KINDS,
} from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';

const counted: readonly string[] = SPEECH_ACTIVITY_KINDS;
/** What a person contributed speech in: what they recorded, voted on or donated. */
const CONTRIBUTION_KINDS: ActivityKind[] = ['recordings.submitted', 'votes.given', 'donations.submitted'];

/** The speech service's daily activity counts, for the text service. */
export default routeModule<SpeechContext>(
  [postInternalActivitySums, getInternalActivityLanguages],
  (app, { stores }) => {
    // Kinds the speech service does not count sum to 0; a query left with none is not sent to the database.
    serveRoute(app, postInternalActivitySums, async (request) => {
      const { queries } = request.body;
      const keys = new Set(queries.map((q) => q.key));
      if (keys.size !== queries.length) {
        throw new HttpError(400, 'validation.failed', 'Each query needs a key of its own.');
      }
      const ours = queries
        .map((q) => ({ ...q, kinds: q.kinds.filter((k) => counted.includes(k)) }))
        .filter((q) => q.kinds.length > 0);
      const sums = await stores.activity.sums(ours);
      return { sums: queries.map((q) => ({ key: q.key, count: sums.get(q.key) ?? 0 })) };
    });

    serveRoute(app, getInternalActivityLanguages, async (request) => ({
      languages: await stores.activity.languages(request.params.id, CONTRIBUTION_KINDS),
    }));
  },
);
