import { ObjectId } from 'mongodb';
import type { preHandlerHookHandler } from 'fastify';
import {
  ErrorBody,
  REPORT_DETAILS_REQUIRED_MESSAGE,
  SentenceChangesQuery,
  SentenceChangesReply,
  SentenceFlagBody,
  SentenceFlagReply,
  SentenceIdParams,
} from '@platform/contracts';
import { databaseOf, errorBody, requireIdentity, type ServiceApp } from '@platform/service-kit';
import { SENTENCE_FLAGS, sentences, type SentenceFlagDoc } from './sentence-store';

/** Service identities (role `service`) other services sign their internal calls with; people, even admins, are refused. */
export const INTERNAL_CALLERS = ['service-speech'] as const;

export const requireServiceCaller: preHandlerHookHandler = function (request, reply, done) {
  requireIdentity.call(this, request, reply, (err?: Error) => {
    if (err || reply.sent) return done(err);
    const identity = request.identity!;
    if (identity.role !== 'service' || !(INTERNAL_CALLERS as readonly string[]).includes(identity.id)) {
      reply.code(403).send(errorBody(403, 'Only platform services may call this.'));
      return;
    }
    done();
  });
};

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Internal, service-to-service: never under a public prefix, so the gateway does not route to it. */
export async function internalSentenceRoutes(app: ServiceApp) {
  app.get(
    '/internal/sentences/changes',
    {
      preHandler: requireServiceCaller,
      schema: {
        tags: ['internal'],
        querystring: SentenceChangesQuery,
        response: { 200: SentenceChangesReply, ...errors },
      },
    },
    async (request) => {
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
        }>({
          text: 1,
          language: 1,
          status: 1,
          seq: 1,
        })
        .toArray();
      const items = docs.map((d) => ({
        id: d._id.toHexString(),
        text: d.text,
        language: d.language,
        status: d.status,
        seq: d.seq,
      }));
      return { items, last: items.length ? items[items.length - 1]!.seq : after };
    },
  );

  app.post(
    '/internal/sentences/:id/flags',
    {
      preHandler: requireServiceCaller,
      schema: {
        tags: ['internal'],
        params: SentenceIdParams,
        body: SentenceFlagBody,
        response: { 201: SentenceFlagReply, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!ObjectId.isValid(id) || id.length !== 24) {
        return reply.code(404).send(errorBody(404, 'Unknown sentence.'));
      }
      const body = request.body;
      if (body.reason === 'other' && !body.details?.trim()) {
        return reply.code(400).send(errorBody(400, REPORT_DETAILS_REQUIRED_MESSAGE));
      }
      const db = databaseOf(app);
      const _id = new ObjectId(id);
      const updated = await sentences(db).findOneAndUpdate(
        { _id },
        { $inc: { flags: 1 } },
        { returnDocument: 'after', projection: { flags: 1 } },
      );
      if (!updated) return reply.code(404).send(errorBody(404, 'Unknown sentence.'));
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
    },
  );
}
