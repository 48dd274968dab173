import type { Filter } from 'mongodb';
import { AUDIO_PAIR_PAGE_SIZE, getAudioPairs, type Identity } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import { audioPairTotal } from '../../../audio-pairs/counts';
import { toAudioPairRecord } from '../../../audio-pairs/record';
import { seesAll } from '../../../audio-pairs/sees-all';
import { collections, type AudioPairDoc } from '../../../collections';
import type { SpeechContext } from '../../../context';

/** View Audio Pairs: a page of pairs, everyone's for reviewers, a person's own for anyone else. */
export default routeModule<SpeechContext>([getAudioPairs], (app, { secret }) => {
  const col = () => collections(databaseOf(app));

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
});
