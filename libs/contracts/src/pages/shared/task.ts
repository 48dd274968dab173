import { definePage } from '../../page';

export const sharedTaskPage = /*#__PURE__*/ definePage({
  name: 'sharedTask',
  path: '/shared/task',
  remote: 'workspace',
  layout: 'public',
  title: 'titles.sharedTask',
  access: 'public',
  query: { token: 'text' },
});
