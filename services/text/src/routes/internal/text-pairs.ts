import { ObjectId } from 'mongodb';
import { getInternalTextPairChanges, postInternalTextPairFlag } from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { flagTextPair, textPairs, type TextPairDoc } from '../../text-pairs/store';

type ChangeRow = Pick<
  TextPairDoc,
  'source_lang_text' | 'target_lang_text' | 'text_category' | 'status' | 'seq'
> & { _id: ObjectId };

/** Internal, between text and speech: the pairs' change cursor, and reports of pairs made on Donate Your Voice. */
export default routeModule<TextContext>([getInternalTextPairChanges, postInternalTextPairFlag], (app) => {
  // Every pair added or changed after a sequence number, in seq order.
  serveRoute(app, getInternalTextPairChanges, async (request) => {
    const { after, limit } = request.query;
    const docs = await textPairs(databaseOf(app))
      .find({ seq: { $gt: after } }, { sort: { seq: 1 }, limit })
      .project<ChangeRow>({ source_lang_text: 1, target_lang_text: 1, text_category: 1, status: 1, seq: 1 })
      .toArray();
    const items = docs.map((d) => ({
      text_id: d._id.toHexString(),
      source_lang_text: d.source_lang_text,
      target_lang_text: d.target_lang_text,
      text_category: d.text_category,
      status: d.status,
      seq: d.seq,
    }));
    return { items, last: items.length ? items[items.length - 1]!.seq : after };
  });

  // A person's report of a text pair, passed on by the speech service, kept with the pair's other reports.
  serveRoute(app, postInternalTextPairFlag, async (request, reply) => {
    const { id } = request.params;
    if (!ObjectId.isValid(id) || id.length !== 24) throw new HttpError(404, 'audio_pair.unknown_text_pair');
    const body = request.body;
    const details = body.details?.trim();
    if (body.reason === 'other' && !details) throw new HttpError(400, 'report.details_required');
    const flags = await flagTextPair(databaseOf(app), {
      textPairId: new ObjectId(id),
      reason: body.reason,
      reporterId: body.reporterId,
      reportedAt: new Date(body.reportedAt),
      receivedAt: new Date(),
      ...(details ? { details } : {}),
    });
    if (flags === null) throw new HttpError(404, 'audio_pair.unknown_text_pair');
    return reply.code(201).send({ id, flags });
  });
});
