import { definePage } from '../../page';

export const speakPage = /*#__PURE__*/ definePage({
  name: 'speak',
  path: '/user/speak',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.speak',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.speak', order: 1 } },
  // The language of its first round comes from these (or from the device, once Speak has been used on it).
  firstCalls: ['getUserPreferences'],
});
