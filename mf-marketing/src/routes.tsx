// The federated module './routes': this remote's pages, one per page declared for it
// (libs/contracts/src/pages/).
import { defineRemoteRoutes } from '@platform/remote-kit';
import {
  aboutPage,
  downloadPage,
  fundingGrantPage,
  landingPage,
  languagesPage,
  newsletterPage,
  speechToSpeechPage,
  textToSpeechPage,
} from '@platform/contracts/client';
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
  { page: landingPage, Component: LandingPage },
  { page: fundingGrantPage, Component: FundingGrantPage },
  { page: aboutPage, Component: AboutPage },
  { page: downloadPage, Component: DownloadPage },
  { page: languagesPage, Component: LanguagesPage },
  { page: newsletterPage, Component: NewsletterPage },
  { page: speechToSpeechPage, Component: SpeechToSpeechPage },
  { page: textToSpeechPage, Component: TextToSpeechPage },
]);
