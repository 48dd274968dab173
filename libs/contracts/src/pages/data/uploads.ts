import { definePage } from '../../page';

export const uploadsPage = /*#__PURE__*/ definePage({
  name: 'uploads',
  path: '/data/uploads',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.uploads',
  access: 'signedIn',
});
