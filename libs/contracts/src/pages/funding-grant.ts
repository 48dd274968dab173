import { definePage } from '../page';

export const fundingGrantPage = /*#__PURE__*/ definePage({
  name: 'fundingGrant',
  path: '/funding-grant',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.funding',
  description: 'descriptions.funding',
  access: 'public',
  nav: { publicFooter: { column: 'community', label: 'footer.links.fundings', order: 2 } },
});
