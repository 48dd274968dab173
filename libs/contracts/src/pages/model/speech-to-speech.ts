import { definePage } from '../../page';

// Public documentation (SPEC "/model/..."): readable signed out, in the sidebar-and-header layout.
export const speechToSpeechPage = /*#__PURE__*/ definePage({
  name: 'speechToSpeech',
  path: '/model/speech-to-speech',
  remote: 'marketing',
  layout: 'app',
  title: 'titles.speechToSpeech',
  description: 'descriptions.speechToSpeech',
  access: 'public',
  nav: {
    sidebar: { group: 'specializedModel', label: 'nav.speechToSpeech', order: 52 },
    publicFooter: { column: 'data', label: 'footer.links.speechToSpeech', order: 3 },
  },
});
