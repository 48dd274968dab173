import { definePage } from '../page';
import { CONTACT_INTERESTS, ROLES } from '../vocabularies';

export const settingsPage = /*#__PURE__*/ definePage({
  name: 'settings',
  path: '/settings',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.settings',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.settings', order: 70 } },
  // The tab, then the admin lists' filters: Accounts (q, role) and Inquiries (q, interest), each paged.
  query: {
    tab: ['profile', 'account', 'notifications', 'accounts', 'inquiries'],
    q: 'text',
    role: ROLES,
    interest: CONTACT_INTERESTS,
    page: 'page',
  },
});
