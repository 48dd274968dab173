import { definePage } from '../page';

export const dashboardPage = /*#__PURE__*/ definePage({
  name: 'dashboard',
  path: '/dashboard',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.dashboard',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.dashboard', order: 10 } },
});
