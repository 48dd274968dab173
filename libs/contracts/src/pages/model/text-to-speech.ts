import { definePage } from '../../page';

export const textToSpeechPage = /*#__PURE__*/ definePage({
  name: 'textToSpeech',
  path: '/model/text-to-speech',
  remote: 'marketing',
  layout: 'app',
  title: 'titles.textToSpeech',
  description: 'descriptions.textToSpeech',
  access: 'public',
  nav: {
    sidebar: { group: 'specializedModel', label: 'nav.textToSpeech', order: 51 },
    publicFooter: { column: 'data', label: 'footer.links.textToSpeech', order: 4 },
  },
});
