import { definePage } from '../page';
import { CHART_PERIODS } from '../vocabularies';

export const analyticsPage = /*#__PURE__*/ definePage({
  name: 'analytics',
  path: '/analytics',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.analytics',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.analytics', order: 60 } },
  query: { period: CHART_PERIODS, project: 'text' },
});
