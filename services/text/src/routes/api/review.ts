import { getReviewNext, postReviewDecision, postReviewVerdict } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { decideDirectly, judge, nextItem, type ReviewContext } from '../../review/store';

/** Review: the next item to judge, a person's judgement, an admin's direct decision. */
export default routeModule<TextContext>([getReviewNext, postReviewVerdict, postReviewDecision], (app) => {
  const context = (): ReviewContext => ({
    db: databaseOf(app),
    sentenceWriter: app.sequenceWriter,
    pairWriter: app.pairSequenceWriter,
  });

  serveRoute(app, getReviewNext, async (request) => ({
    item: await nextItem(databaseOf(app), request.query.kind, request.identity.id, request.query.lang),
  }));

  serveRoute(app, postReviewVerdict, async (request) =>
    judge(context(), request.params.kind, request.params.id, request.identity.id, request.body),
  );

  serveRoute(app, postReviewDecision, async (request) =>
    decideDirectly(context(), request.params.kind, request.params.id, request.identity.id, request.body),
  );
});
