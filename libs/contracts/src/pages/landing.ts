import { definePage } from '../page';

export const landingPage = /*#__PURE__*/ definePage({
  name: 'landing',
  path: '/',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.landing',
  description: 'descriptions.landing',
  access: 'public',
});
