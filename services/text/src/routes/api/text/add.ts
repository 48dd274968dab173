import { postTextPair, type TextPairAddReply } from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  isDuplicateKey,
  recordActivity,
  routeModule,
  serveRoute,
  type RouteHandler,
} from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { addedEvents } from '../../../activity/text-activity';
import { checkPair, pendingPair } from '../../../text-pairs/pair-check';
import { textPairs, type TextPairDoc } from '../../../text-pairs/store';

/** Add Text Pair. */
export default routeModule<TextContext>([postTextPair], (app) => {
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
});
