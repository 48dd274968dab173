import { definePage } from '../../page';

export const registrationSuccessPage = /*#__PURE__*/ definePage({
  name: 'registrationSuccess',
  path: '/auth/success',
  remote: 'auth',
  layout: 'public',
  title: 'titles.success',
  access: 'public',
});
