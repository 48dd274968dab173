import { ObjectId, type Filter } from 'mongodb';
import { getTextPairs } from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute, type RouteHandler } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { textPairs, type TextPairDoc } from '../../text-pairs/store';

/** The approved pairs' list (the SPEC's name for it, from when it fed the audio pairs). */
export default routeModule<TextContext>([getTextPairs], (app) => {
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
});
