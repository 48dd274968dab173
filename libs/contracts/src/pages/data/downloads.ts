import { definePage } from '../../page';
import { DATASET_CATEGORIES, DATASET_LANGUAGES } from '../../vocabularies';

export const downloadsPage = /*#__PURE__*/ definePage({
  name: 'downloads',
  path: '/data/downloads',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.downloads',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.downloads', order: 44 } },
  query: {
    tab: ['browse', 'history'],
    q: 'text',
    language: DATASET_LANGUAGES,
    category: DATASET_CATEGORIES,
    page: 'page',
  },
});
