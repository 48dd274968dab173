import { ObjectId, type Filter } from 'mongodb';
import { getTextPairs, postTextPair, type TextPairAddReply } from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  isDuplicateKey,
  recordActivity,
  serveRoute,
  type RouteHandler,
  type ServiceApp,
} from '@platform/service-kit';
import { addedEvents } from '../../activity/text-activity';
import { checkPair, pendingPair } from '../../text-pairs/pair-check';
import { textPairs, type TextPairDoc } from '../../text-pairs/pair-store';

/** Add Text Pair and the approved pairs' list. */
export function textPairRoutes(app: ServiceApp) {
  const handler: RouteHandler<typeof postTextPair> = async (request, reply) => {
    const body = request.body;
    // The owner is the person in the signed identity; a user_id in the body is ignored.
    const authorId = request.identity.id;
    const checked = checkPair(body.source_lang_text, body.target_lang_text);
    if ('code' in checked) throw new HttpError(400, checked.code);

    const db = databaseOf(app);
    const doc = await app.pairSequenceWriter.withSequence(1, async (seq) => {
      const fresh: TextPairDoc = { ...pendingPair(checked, body.text_category, authorId), seq };
      try {
        const { insertedId } = await textPairs(db).insertOne(fresh);
        return { ...fresh, _id: insertedId };
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, 'text_pair.duplicate');
        throw err;
      }
    });
    // Counted once the pair is stored; a second add of the same pair was refused above and counts nothing.
    await recordActivity(db, addedEvents('pair', [doc]));
    const answer: TextPairAddReply = {
      text_id: doc._id.toHexString(),
      source_lang_text: doc.source_lang_text,
      target_lang_text: doc.target_lang_text,
      text_category: doc.text_category,
      status: doc.status,
    };
    return reply.code(201).send(answer);
  };
  serveRoute(app, postTextPair, handler);
  // The SPEC's client posts to /api/text/add/ (with the slash); the same route answers there.
  serveRoute(app, { ...postTextPair, name: 'postTextPairSlash', path: '/api/text/add/' }, handler);

  const list: RouteHandler<typeof getTextPairs> = async (request) => {
    const { limit = 50, after } = request.query;
    const filter: Filter<TextPairDoc> = { status: 'validated' };
    if (after !== undefined) {
      if (after.length !== 24 || !ObjectId.isValid(after)) throw new HttpError(400, 'validation.failed');
      filter._id = { $gt: new ObjectId(after) };
    }
    const docs = await textPairs(databaseOf(app))
      .find(filter, { sort: { _id: 1 }, limit })
      .project<
        Pick<TextPairDoc, 'source_lang_text' | 'target_lang_text' | 'text_category'> & { _id: ObjectId }
      >({
        source_lang_text: 1,
        target_lang_text: 1,
        text_category: 1,
      })
      .toArray();
    return docs.map((d) => ({
      text_id: d._id.toHexString(),
      source_lang_text: d.source_lang_text,
      target_lang_text: d.target_lang_text,
      text_category: d.text_category,
    }));
  };
  serveRoute(app, getTextPairs, list);
  serveRoute(app, { ...getTextPairs, name: 'getTextPairsSlash', path: '/api/text-audio-pairs/' }, list);
}
