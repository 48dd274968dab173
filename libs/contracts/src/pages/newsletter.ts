import { definePage } from '../page';

export const newsletterPage = /*#__PURE__*/ definePage({
  name: 'newsletter',
  path: '/newsletter',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.newsletter',
  description: 'descriptions.newsletter',
  access: 'public',
  // The e-mailed links: ?confirm=<token> or ?unsubscribe=<token>.
  query: { confirm: 'text', unsubscribe: 'text' },
});
