// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import { LandingPage } from './landing/LandingPage';
import { FundingGrantPage } from './funding/FundingGrantPage';
import { AboutPage } from './about/AboutPage';
import { DownloadPage } from './download/DownloadPage';
import { LanguagesPage } from './languages/LanguagesPage';
import { SpeechToSpeechPage } from './models/SpeechToSpeechPage';
import { TextToSpeechPage } from './models/TextToSpeechPage';

export default defineRemoteRoutes('mf_marketing', [
  { path: '/', title: 'Revolutionizing Language Data Collection', Component: LandingPage },
  { path: '/funding-grant', title: 'Fundings & Grants', Component: FundingGrantPage },
  { path: '/about', title: 'About', Component: AboutPage },
  { path: '/download', title: 'Download', Component: DownloadPage },
  { path: '/languages', title: 'Languages', Component: LanguagesPage },
  { path: '/model/speech-to-speech', title: 'Speech-to-Speech Model', Component: SpeechToSpeechPage },
  { path: '/model/text-to-speech', title: 'Text-to-Speech Model', Component: TextToSpeechPage },
]);
