import type { ObjectId } from 'mongodb';
import { getInternalTextPairChanges } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { textPairs, type TextPairDoc } from '../../text-pairs/pair-store';

type ChangeRow = Pick<
  TextPairDoc,
  'source_lang_text' | 'target_lang_text' | 'text_category' | 'status' | 'seq'
> & { _id: ObjectId };

/** Internal, text -> speech: every pair added or changed after a sequence number, in seq order. */
export function internalTextPairRoutes(app: ServiceApp) {
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
}
