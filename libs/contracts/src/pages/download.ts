import { definePage } from '../page';

export const downloadPage = /*#__PURE__*/ definePage({
  name: 'download',
  path: '/download',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.download',
  description: 'descriptions.download',
  access: 'public',
  nav: {
    contributorHeader: { menu: 'publicHeader.download', label: 'publicHeader.goToDownload', order: 1 },
    publicFooter: { column: 'data', label: 'footer.links.download', order: 2 },
  },
});
