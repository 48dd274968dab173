import { definePage } from '../../page';

export const listenPage = /*#__PURE__*/ definePage({
  name: 'listen',
  path: '/user/listen',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.listen',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.listen', order: 2 } },
  // Its first batch, unless the device keeps one: hinted, it arrives beside the section's code.
  firstCalls: ['getRecordingsToValidate'],
});
