import { definePage } from '../../page';

export const reviewPage = /*#__PURE__*/ definePage({
  name: 'review',
  path: '/user/review',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.review',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.review', order: 4 } },
});
