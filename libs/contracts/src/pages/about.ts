import { definePage } from '../page';

export const aboutPage = /*#__PURE__*/ definePage({
  name: 'about',
  path: '/about',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.about',
  description: 'descriptions.about',
  access: 'public',
  nav: {
    contributorHeader: { menu: 'publicHeader.about', label: 'publicHeader.goToAbout', order: 2 },
    publicFooter: { column: 'community', label: 'footer.links.about', order: 1 },
  },
});
