// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import './i18n';
import { LandingPage } from './landing/LandingPage';
import { FundingGrantPage } from './funding/FundingGrantPage';
import { AboutPage } from './about/AboutPage';
import { DownloadPage } from './download/DownloadPage';
import { LanguagesPage } from './languages/LanguagesPage';
import { NewsletterPage } from './newsletter/NewsletterPage';
import { SpeechToSpeechPage } from './models/SpeechToSpeechPage';
import { TextToSpeechPage } from './models/TextToSpeechPage';

export default defineRemoteRoutes('mf_marketing', [
  { path: '/', title: 'titles.landing', description: 'descriptions.landing', Component: LandingPage },
  {
    path: '/funding-grant',
    title: 'titles.funding',
    description: 'descriptions.funding',
    Component: FundingGrantPage,
  },
  { path: '/about', title: 'titles.about', description: 'descriptions.about', Component: AboutPage },
  {
    path: '/download',
    title: 'titles.download',
    description: 'descriptions.download',
    Component: DownloadPage,
  },
  {
    path: '/languages',
    title: 'titles.languages',
    description: 'descriptions.languages',
    Component: LanguagesPage,
  },
  {
    path: '/newsletter',
    title: 'titles.newsletter',
    description: 'descriptions.newsletter',
    Component: NewsletterPage,
  },
  {
    path: '/model/speech-to-speech',
    title: 'titles.speechToSpeech',
    description: 'descriptions.speechToSpeech',
    Component: SpeechToSpeechPage,
  },
  {
    path: '/model/text-to-speech',
    title: 'titles.textToSpeech',
    description: 'descriptions.textToSpeech',
    Component: TextToSpeechPage,
  },
]);
