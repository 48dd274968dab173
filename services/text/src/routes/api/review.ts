import { getReviewNext, postReviewDecision, postReviewVerdict } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';

/** Review: the next item to judge, a person's judgement, an admin's direct decision. */
export default routeModule<TextContext>(
  [getReviewNext, postReviewVerdict, postReviewDecision],
  (app, { stores }) => {
    serveRoute(app, getReviewNext, async (request) => ({
      item: await stores.review.next(request.query.kind, request.identity.id, request.query.lang),
    }));

    serveRoute(app, postReviewVerdict, async (request) =>
      stores.review.judge(request.params.kind, request.params.id, request.identity.id, request.body),
    );

    serveRoute(app, postReviewDecision, async (request) =>
      stores.review.decide(request.params.kind, request.params.id, request.identity.id, request.body),
    );
  },
);
