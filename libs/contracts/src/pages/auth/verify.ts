import { definePage } from '../../page';

export const verifyEmailPage = /*#__PURE__*/ definePage({
  name: 'verifyEmail',
  path: '/auth/verify',
  remote: 'auth',
  layout: 'public',
  title: 'titles.verify',
  access: 'public',
  query: { token: 'text' },
});
