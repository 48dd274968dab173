import { definePage } from '../page';

export const languagesPage = /*#__PURE__*/ definePage({
  name: 'languages',
  path: '/languages',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.languages',
  description: 'descriptions.languages',
  access: 'public',
  nav: { publicFooter: { column: 'data', label: 'footer.links.languages', order: 1 } },
});
