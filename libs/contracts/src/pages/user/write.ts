import { definePage } from '../../page';

export const writePage = /*#__PURE__*/ definePage({
  name: 'write',
  path: '/user/write',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.write',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.write', order: 3 } },
});
