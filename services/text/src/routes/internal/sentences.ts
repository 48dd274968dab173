import { ObjectId } from 'mongodb';
import {
  getInternalSentenceChanges,
  postInternalSentenceFlag,
  type SentenceChangesReply,
  type SentenceDomain,
} from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { SENTENCE_FLAGS, sentences, type SentenceFlagDoc } from '../../sentences/store';

/** Internal, service-to-service: never under a public prefix, so the gateway does not route to it. */
export default routeModule<TextContext>([getInternalSentenceChanges, postInternalSentenceFlag], (app) => {
  serveRoute(app, getInternalSentenceChanges, async (request) => {
    const { after, limit } = request.query;
    const docs = await sentences(databaseOf(app))
      .find({ seq: { $gt: after } })
      .sort({ seq: 1 })
      .limit(limit)
      .project<{
        _id: ObjectId;
        text: string;
        language: SentenceChangesReply['items'][number]['language'];
        status: SentenceChangesReply['items'][number]['status'];
        seq: number;
        domains?: SentenceDomain[];
      }>({
        text: 1,
        language: 1,
        status: 1,
        seq: 1,
        domains: 1,
      })
      .toArray();
    const items = docs.map((d) => ({
      id: d._id.toHexString(),
      text: d.text,
      language: d.language,
      status: d.status,
      seq: d.seq,
      domains: d.domains ?? [],
    }));
    return { items, last: items.length ? items[items.length - 1]!.seq : after };
  });

  serveRoute(app, postInternalSentenceFlag, async (request, reply) => {
    const { id } = request.params;
    if (!ObjectId.isValid(id) || id.length !== 24) {
      throw new HttpError(404, 'sentence.unknown');
    }
    const body = request.body;
    if (body.reason === 'other' && !body.details?.trim()) {
      throw new HttpError(400, 'report.details_required');
    }
    const db = databaseOf(app);
    const _id = new ObjectId(id);
    const updated = await sentences(db).findOneAndUpdate(
      { _id },
      { $inc: { flags: 1 } },
      { returnDocument: 'after', projection: { flags: 1 } },
    );
    if (!updated) throw new HttpError(404, 'sentence.unknown');
    const flag: SentenceFlagDoc = {
      sentenceId: _id,
      reason: body.reason,
      reporterId: body.reporterId,
      reportedAt: new Date(body.reportedAt),
      receivedAt: new Date(),
      ...(body.details?.trim() ? { details: body.details.trim() } : {}),
    };
    await db.collection<SentenceFlagDoc>(SENTENCE_FLAGS).insertOne(flag);
    return reply.code(201).send({ id, flags: updated.flags ?? 1 });
  });
});
