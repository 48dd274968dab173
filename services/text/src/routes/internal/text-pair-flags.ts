import { ObjectId } from 'mongodb';
import { postInternalTextPairFlag, type TextPairReportReason } from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  serveRoute,
  type CollectionIndexes,
  type ServiceApp,
} from '@platform/service-kit';
import { textPairs } from '../../text-pairs/pair-store';

/** Reports of text pairs made on Donate Your Voice, passed on by the speech service. */
export const TEXT_PAIR_FLAGS = 'text_pair_flags';

export interface TextPairFlagDoc {
  _id?: ObjectId;
  textPairId: ObjectId;
  reason: TextPairReportReason;
  details?: string;
  /** The reporting person's user id, as the speech service knows it. */
  reporterId: string;
  reportedAt: Date;
  receivedAt: Date;
}

export const TEXT_PAIR_FLAG_INDEXES: CollectionIndexes[] = [
  {
    collection: TEXT_PAIR_FLAGS,
    // A pair's reports, newest first (and their count in the reply).
    indexes: [{ key: { textPairId: 1, reportedAt: -1 }, name: 'pair_reported' }],
  },
];

/** Internal, speech -> text: a person's report of a text pair, kept with the pair's other reports. */
export function internalTextPairFlagRoutes(app: ServiceApp) {
  serveRoute(app, postInternalTextPairFlag, async (request, reply) => {
    const { id } = request.params;
    if (!ObjectId.isValid(id) || id.length !== 24) throw new HttpError(404, 'audio_pair.unknown_text_pair');
    const body = request.body;
    const details = body.details?.trim();
    if (body.reason === 'other' && !details) throw new HttpError(400, 'report.details_required');
    const db = databaseOf(app);
    const textPairId = new ObjectId(id);
    const pair = await textPairs(db).findOne({ _id: textPairId }, { projection: { _id: 1 } });
    if (!pair) throw new HttpError(404, 'audio_pair.unknown_text_pair');
    const flags = db.collection<TextPairFlagDoc>(TEXT_PAIR_FLAGS);
    await flags.insertOne({
      textPairId,
      reason: body.reason,
      reporterId: body.reporterId,
      reportedAt: new Date(body.reportedAt),
      receivedAt: new Date(),
      ...(details ? { details } : {}),
    });
    return reply.code(201).send({ id, flags: await flags.countDocuments({ textPairId }) });
  });
}
