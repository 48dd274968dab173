import { definePage } from '../../page';

export const projectPage = /*#__PURE__*/ definePage({
  name: 'project',
  path: '/projects/view',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.project',
  access: 'signedIn',
  // `page`: the page of the project's task list.
  query: { id: 'text', page: 'page' },
});
