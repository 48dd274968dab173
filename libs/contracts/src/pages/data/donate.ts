import { definePage } from '../../page';

export const donatePage = /*#__PURE__*/ definePage({
  name: 'donate',
  path: '/data/donate',
  remote: 'contribute',
  layout: 'app',
  title: 'titles.donate',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.donateDataset', order: 42 } },
});
