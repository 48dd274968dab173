// Every page of the site, declared once, each in the file its address names (/data/downloads in
// pages/data/downloads.ts; / in pages/landing.ts) with definePage (page.ts). The remote catalogue and
// /remotes.json, each remote's route module, the shell's navigation and every link (pageUrl) are built from
// them; no other source file writes a page's path (shell/test/page-paths.test.ts checks it). One file per
// page keeps a first load to the declarations it uses: a bundle takes only the pages it imports.
import type { PageDeclaration } from '../page';
import { landingPage } from './landing';
import { fundingGrantPage } from './funding-grant';
import { aboutPage } from './about';
import { downloadPage } from './download';
import { languagesPage } from './languages';
import { newsletterPage } from './newsletter';
import { speechToSpeechPage } from './model/speech-to-speech';
import { textToSpeechPage } from './model/text-to-speech';
import { signupPage } from './signup';
import { signinPage } from './signin';
import { registrationSuccessPage } from './auth/success';
import { verifyEmailPage } from './auth/verify';
import { verificationLinkPage } from './auth/veremail';
import { speakPage } from './user/speak';
import { listenPage } from './user/listen';
import { writePage } from './user/write';
import { reviewPage } from './user/review';
import { donatePage } from './data/donate';
import { downloadsPage } from './data/downloads';
import { viewAudioPairsPage } from './data/view-audio-pair';
import { addTextPairPage } from './data/addtextpair';
import { uploadsPage } from './data/uploads';
import { dashboardPage } from './dashboard';
import { projectsPage } from './projects';
import { projectPage } from './projects/view';
import { tasksPage } from './tasks';
import { analyticsPage } from './analytics';
import { settingsPage } from './settings';
import { sharedTaskPage } from './shared/task';

export {
  landingPage,
  fundingGrantPage,
  aboutPage,
  downloadPage,
  languagesPage,
  newsletterPage,
  speechToSpeechPage,
  textToSpeechPage,
  signupPage,
  signinPage,
  registrationSuccessPage,
  verifyEmailPage,
  verificationLinkPage,
  speakPage,
  listenPage,
  writePage,
  reviewPage,
  donatePage,
  downloadsPage,
  viewAudioPairsPage,
  addTextPairPage,
  uploadsPage,
  dashboardPage,
  projectsPage,
  projectPage,
  tasksPage,
  analyticsPage,
  settingsPage,
  sharedTaskPage,
};

/** Every page, each remote's in the order its route module lists them. */
export const PAGES: readonly PageDeclaration[] = [
  landingPage,
  fundingGrantPage,
  aboutPage,
  downloadPage,
  languagesPage,
  newsletterPage,
  speechToSpeechPage,
  textToSpeechPage,
  signupPage,
  signinPage,
  registrationSuccessPage,
  verifyEmailPage,
  verificationLinkPage,
  speakPage,
  listenPage,
  writePage,
  reviewPage,
  donatePage,
  downloadsPage,
  viewAudioPairsPage,
  addTextPairPage,
  uploadsPage,
  dashboardPage,
  projectsPage,
  projectPage,
  tasksPage,
  analyticsPage,
  settingsPage,
  sharedTaskPage,
];
