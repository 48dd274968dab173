import { definePage } from '../page';

export const signinPage = /*#__PURE__*/ definePage({
  name: 'signin',
  path: '/signin',
  remote: 'auth',
  layout: 'public',
  title: 'titles.signin',
  access: 'public',
  nav: { publicFooter: { column: 'community', label: 'footer.links.signIn', order: 4 } },
  // Where a signed-out visitor was going (safeNext in @platform/store decides whether to go back there).
  query: { next: 'text' },
});
