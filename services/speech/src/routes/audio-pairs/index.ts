import { ObjectId, type Filter } from 'mongodb';
import {
  AUDIO_PAIR_PAGE_SIZE,
  getAudioPairFile,
  getAudioPairs,
  getDonateNext,
  postAudioPairDecision,
  postDonateReport,
  postDonateSkip,
  type Identity,
  type TextPairReportReason,
  REVIEWING_ROLES,
} from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  ignoreDuplicateKey,
  refuseOwnContribution,
  serveRoute,
  type ServiceApp,
} from '@platform/service-kit';
import { sendAudioFile } from '../../audio/send-audio';
import { collections, type AudioPairDoc } from '../../collections';
import { audioPairTotal, countAudioPair } from '../../audio-pairs/counts';
import { nextTextPair } from '../../audio-pairs/queue';
import { toAudioPairRecord } from '../../audio-pairs/record';
import { countActivity } from '../../activity/count';
import { donationDecided } from '../../activity/events';
import { reportHandler, skipHandler, type MarkItem } from '../skip-and-report';
import { audioPairUploadRoute } from './upload';

/** Reviewers and admins see (and hear) every audio pair; anyone else only their own. */
const seesAll = (identity: Identity) => (REVIEWING_ROLES as readonly string[]).includes(identity.role);

const FILE_NAME = /^([0-9a-f]{24})-(source|target)\.wav$/;

/** Donate Your Voice and View Audio Pairs: the queue, donations, skips and reports, the list, decisions, audio. */
export function audioPairRoutes(app: ServiceApp, options: { secret: string }) {
  const { secret } = options;
  const col = () => collections(databaseOf(app));

  serveRoute(app, getDonateNext, async (request) => nextTextPair(col(), request.identity.id));

  audioPairUploadRoute(app, secret);

  const mark: MarkItem<TextPairReportReason> = async (userId, textId, kind, extra) => {
    const c = col();
    const pair = await c.textPairs.findOne({ _id: textId }, { projection: { _id: 1 } });
    if (!pair) throw new HttpError(404, 'audio_pair.unknown_text_pair');
    await c.textPairMarks
      .updateOne(
        { userId, textId, kind },
        { $setOnInsert: { createdAt: new Date(), ...extra } },
        { upsert: true },
      )
      .catch(ignoreDuplicateKey);
  };

  serveRoute(app, postDonateSkip, skipHandler(mark));
  serveRoute(app, postDonateReport, reportHandler(mark));

  const listHandler = async (request: {
    identity: Identity;
    query: {
      dialect?: AudioPairDoc['dialect'];
      status?: AudioPairDoc['status'];
      page?: number;
      pageSize?: number;
    };
  }) => {
    const { dialect, status } = request.query;
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? AUDIO_PAIR_PAGE_SIZE;
    const filter: Filter<AudioPairDoc> = {
      ...(seesAll(request.identity) ? {} : { donorId: request.identity.id }),
      ...(status ? { status } : {}),
      ...(dialect ? { dialect } : {}),
    };
    const c = col();
    const [docs, total] = await Promise.all([
      c.audioPairs
        .find(filter)
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      // Everyone's pairs: the running counts (no scan); a person's own: their few documents.
      seesAll(request.identity) ? audioPairTotal(c, status, dialect) : c.audioPairs.countDocuments(filter),
    ]);
    return { items: docs.map((d) => toAudioPairRecord(d, secret)), total, page, pageSize };
  };
  serveRoute(app, getAudioPairs, listHandler);
  serveRoute(
    app,
    { ...getAudioPairs, name: 'getAudioPairsSlash', path: `${getAudioPairs.path}/` },
    listHandler,
  );

  serveRoute(app, postAudioPairDecision, async (request) => {
    const { id } = request.params;
    if (!ObjectId.isValid(id) || id.length !== 24) throw new HttpError(404, 'audio_pair.unknown');
    const reviewerId = request.identity.id;
    const reason = request.body.reason?.trim();
    const at = new Date();
    const decided = await col().audioPairs.findOneAndUpdate(
      // The pending guard makes the decision atomic: of two reviewers deciding at once, one wins; the donor's
      // own pair never matches (refused below).
      { _id: new ObjectId(id), status: 'pending', donorId: { $ne: reviewerId } },
      {
        $set: {
          status: request.body.status,
          decision: { byId: reviewerId, at, ...(reason ? { reason } : {}) },
        },
      },
      { returnDocument: 'after' },
    );
    if (decided) {
      await Promise.all([
        countAudioPair(col(), 'pending', decided.dialect, -1),
        countAudioPair(col(), decided.status, decided.dialect, 1),
        // Only the update that moved it out of pending gets here, so the decision counts once.
        countActivity(databaseOf(app), request.log, donationDecided(decided, at)),
      ]);
      return toAudioPairRecord(decided, secret);
    }
    const exists = await col().audioPairs.findOne({ _id: new ObjectId(id) }, { projection: { donorId: 1 } });
    if (!exists) throw new HttpError(404, 'audio_pair.unknown');
    refuseOwnContribution(exists.donorId, reviewerId);
    throw new HttpError(409, 'audio_pair.decided');
  });

  serveRoute(app, getAudioPairFile, async (request, reply) => {
    const match = FILE_NAME.exec(request.params.file);
    const notFound = () => new HttpError(404, 'audio.not_found');
    if (!match) throw notFound();
    const db = databaseOf(app);
    const pair = await collections(db).audioPairs.findOne(
      { _id: new ObjectId(match[1]) },
      { projection: { donorId: 1, sourceFileId: 1, targetFileId: 1 } },
    );
    // Someone else's pair is not found either: its existence is not for them to learn.
    if (!pair || (pair.donorId !== request.identity.id && !seesAll(request.identity))) throw notFound();
    const fileId = match[2] === 'source' ? pair.sourceFileId : pair.targetFileId;
    return sendAudioFile(db, request, reply, fileId, 'audio/wav');
  });
}
