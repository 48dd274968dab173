import { definePage } from '../../page';

export const verificationLinkPage = /*#__PURE__*/ definePage({
  name: 'verificationLink',
  path: '/auth/veremail',
  remote: 'auth',
  layout: 'public',
  title: 'titles.veremail',
  access: 'public',
});
