import { definePage } from '../page';
import { SIGNUP_ROLES } from '../vocabularies';

export const signupPage = /*#__PURE__*/ definePage({
  name: 'signup',
  path: '/signup',
  remote: 'auth',
  layout: 'public',
  title: 'titles.signup',
  access: 'public',
  nav: { publicFooter: { column: 'community', label: 'footer.links.signUp', order: 3 } },
  // The role chosen beforehand (the landing page's role cards).
  query: { role: SIGNUP_ROLES },
});
