import { postTextPair, type TextPairAddReply } from '@platform/contracts';
import { HttpError, routeModule, serveRoute, type RouteHandler } from '@platform/service-kit';
import type { TextContext } from '../../../context';
import { checkPair, pendingPair } from '../../../text-pairs/pair-check';

/** Add Text Pair. */
export default routeModule<TextContext>([postTextPair], (app, { stores }) => {
  const handler: RouteHandler<typeof postTextPair> = async (request, reply) => {
    const body = request.body;
    // The owner is the person in the signed identity; a user_id in the body is ignored.
    const authorId = request.identity.id;
    const checked = checkPair(body.source_lang_text, body.target_lang_text);
    if ('code' in checked) throw new HttpError(400, checked.code);
    // Counted once the pair is stored; a second add of the same pair is refused and counts nothing.
    const doc = await stores.pairs.add(pendingPair(checked, body.text_category, authorId));
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
