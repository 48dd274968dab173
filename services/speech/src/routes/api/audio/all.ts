import { AUDIO_PAIR_PAGE_SIZE, getAudioPairs, type Identity } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import { toAudioPairRecord } from '../../../audio-pairs/record';
import { seesAll } from '../../../audio-pairs/sees-all';
import type { AudioPairDoc, AudioPairFilter } from '../../../audio-pairs/store';
import type { SpeechContext } from '../../../context';

/** View Audio Pairs: a page of pairs, everyone's for reviewers, a person's own for anyone else. */
export default routeModule<SpeechContext>([getAudioPairs], (app, { secret, stores }) => {
  const { audioPairs } = stores;

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
    const filter: AudioPairFilter = {
      ...(seesAll(request.identity) ? {} : { donorId: request.identity.id }),
      status,
      dialect,
    };
    const [docs, total] = await Promise.all([
      audioPairs.page(filter, page, pageSize),
      audioPairs.total(filter),
    ]);
    return { items: docs.map((d) => toAudioPairRecord(d, secret)), total, page, pageSize };
  };
  serveRoute(app, getAudioPairs, listHandler);
});
