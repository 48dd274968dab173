import { definePage } from '../../page';
import { AUDIO_PAIR_STATUSES, DIALECTS } from '../../vocabularies';

export const viewAudioPairsPage = /*#__PURE__*/ definePage({
  name: 'viewAudioPairs',
  path: '/data/view-audio-pair',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.viewAudioPairs',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.viewAudioPairs', order: 43 } },
  query: { dialect: DIALECTS, status: AUDIO_PAIR_STATUSES, page: 'page' },
});
