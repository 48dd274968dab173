import { getInternalTextPairChanges, postInternalTextPairFlag } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { objectIdOrNull } from '../../workspace/common';

/** Internal, between text and speech: the pairs' change cursor, and reports of pairs made on Donate Your Voice. */
export default routeModule<TextContext>(
  [getInternalTextPairChanges, postInternalTextPairFlag],
  (app, { stores }) => {
    // Every pair added or changed after a sequence number, in seq order.
    serveRoute(app, getInternalTextPairChanges, async (request) => {
      const { after, limit } = request.query;
      const items = await stores.pairs.changesAfter(after, limit);
      return { items, last: items.length ? items[items.length - 1]!.seq : after };
    });

    // A person's report of a text pair, passed on by the speech service, kept with the pair's other reports.
    serveRoute(app, postInternalTextPairFlag, async (request, reply) => {
      const { id } = request.params;
      if (!objectIdOrNull(id)) throw new HttpError(404, 'audio_pair.unknown_text_pair');
      const body = request.body;
      const details = body.details?.trim();
      if (body.reason === 'other' && !details) throw new HttpError(400, 'report.details_required');
      const flags = await stores.pairs.flag(id, {
        reason: body.reason,
        reporterId: body.reporterId,
        reportedAt: new Date(body.reportedAt),
        receivedAt: new Date(),
        ...(details ? { details } : {}),
      });
      if (flags === null) throw new HttpError(404, 'audio_pair.unknown_text_pair');
      return reply.code(201).send({ id, flags });
    });
  },
);
