import { definePage } from '../page';
import { TASK_PRIORITIES, TASK_STATUS_FILTERS } from '../vocabularies';

export const tasksPage = /*#__PURE__*/ definePage({
  name: 'tasks',
  path: '/tasks',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.tasks',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.tasks', order: 30 } },
  query: {
    status: TASK_STATUS_FILTERS,
    priority: TASK_PRIORITIES,
    project: 'text',
    q: 'text',
    scope: ['mine', 'managed'],
    page: 'page',
  },
});
