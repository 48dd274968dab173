import { getInternalSentenceChanges, postInternalSentenceFlag } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { objectIdOrNull } from '../../workspace/common';

/** Internal, service-to-service: never under a public prefix, so the gateway does not route to it. */
export default routeModule<TextContext>(
  [getInternalSentenceChanges, postInternalSentenceFlag],
  (app, { stores }) => {
    serveRoute(app, getInternalSentenceChanges, async (request) => {
      const { after, limit } = request.query;
      const items = await stores.sentences.changesAfter(after, limit);
      return { items, last: items.length ? items[items.length - 1]!.seq : after };
    });

    serveRoute(app, postInternalSentenceFlag, async (request, reply) => {
      const { id } = request.params;
      if (!objectIdOrNull(id)) throw new HttpError(404, 'sentence.unknown');
      const body = request.body;
      if (body.reason === 'other' && !body.details?.trim()) {
        throw new HttpError(400, 'report.details_required');
      }
      const flags = await stores.sentences.flag(id, {
        reason: body.reason,
        reporterId: body.reporterId,
        reportedAt: new Date(body.reportedAt),
        receivedAt: new Date(),
        ...(body.details?.trim() ? { details: body.details.trim() } : {}),
      });
      if (flags === null) throw new HttpError(404, 'sentence.unknown');
      return reply.code(201).send({ id, flags });
    });
  },
);
