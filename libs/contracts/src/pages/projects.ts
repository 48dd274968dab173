import { definePage } from '../page';
import { LANGUAGE_CODES, PROJECT_STATUSES } from '../vocabularies';

export const projectsPage = /*#__PURE__*/ definePage({
  name: 'projects',
  path: '/projects',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.projects',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.projects', order: 20 } },
  query: { q: 'text', status: PROJECT_STATUSES, language: LANGUAGE_CODES, page: 'page' },
});
