import { definePage } from '../../page';

export const addTextPairPage = /*#__PURE__*/ definePage({
  name: 'addTextPair',
  path: '/data/addtextpair',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.addTextPair',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.addTextPair', order: 41 } },
});
