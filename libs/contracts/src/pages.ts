// Every page of the site, declared once (definePage, page.ts). The remote catalogue and /remotes.json, each
// remote's route module, the shell's navigation and every link (pageUrl) are built from these; no other
// source file writes a page's path (shell/test/page-paths.test.ts checks it).
import { definePage, type PageDeclaration } from './page';
import {
  AUDIO_PAIR_STATUSES,
  CHART_PERIODS,
  CONTACT_INTERESTS,
  DATASET_CATEGORIES,
  DATASET_LANGUAGES,
  DIALECTS,
  LANGUAGE_CODES,
  PROJECT_STATUSES,
  ROLES,
  SIGNUP_ROLES,
  TASK_PRIORITIES,
  TASK_STATUS_FILTERS,
} from './vocabularies';

// mf_marketing: the public site, and the model documentation in the signed-in area's layout.

export const landingPage = definePage({
  name: 'landing',
  path: '/',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.landing',
  description: 'descriptions.landing',
  access: 'public',
});

export const fundingGrantPage = definePage({
  name: 'fundingGrant',
  path: '/funding-grant',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.funding',
  description: 'descriptions.funding',
  access: 'public',
  nav: { publicFooter: { column: 'community', label: 'footer.links.fundings', order: 2 } },
});

export const aboutPage = definePage({
  name: 'about',
  path: '/about',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.about',
  description: 'descriptions.about',
  access: 'public',
  nav: {
    contributorHeader: { menu: 'publicHeader.about', label: 'publicHeader.goToAbout', order: 2 },
    publicFooter: { column: 'community', label: 'footer.links.about', order: 1 },
  },
});

export const downloadPage = definePage({
  name: 'download',
  path: '/download',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.download',
  description: 'descriptions.download',
  access: 'public',
  nav: {
    contributorHeader: { menu: 'publicHeader.download', label: 'publicHeader.goToDownload', order: 1 },
    publicFooter: { column: 'data', label: 'footer.links.download', order: 2 },
  },
});

export const languagesPage = definePage({
  name: 'languages',
  path: '/languages',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.languages',
  description: 'descriptions.languages',
  access: 'public',
  nav: { publicFooter: { column: 'data', label: 'footer.links.languages', order: 1 } },
});

export const newsletterPage = definePage({
  name: 'newsletter',
  path: '/newsletter',
  remote: 'marketing',
  layout: 'public',
  title: 'titles.newsletter',
  description: 'descriptions.newsletter',
  access: 'public',
  // The e-mailed links: ?confirm=<token> or ?unsubscribe=<token>.
  query: { confirm: 'text', unsubscribe: 'text' },
});

// Public documentation (SPEC "/model/..."): readable signed out, in the sidebar-and-header layout.
export const speechToSpeechPage = definePage({
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

export const textToSpeechPage = definePage({
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

// mf_auth: signing up and in, and the e-mail address's verification.

export const signupPage = definePage({
  name: 'signup',
  path: '/signup',
  remote: 'auth',
  layout: 'public',
  title: 'titles.signup',
  access: 'public',
  nav: { publicFooter: { column: 'community', label: 'footer.links.signUp', order: 3 } },
  // The role chosen beforehand (the landing page's role cards).
  query: { role: SIGNUP_ROLES },
});

export const signinPage = definePage({
  name: 'signin',
  path: '/signin',
  remote: 'auth',
  layout: 'public',
  title: 'titles.signin',
  access: 'public',
  nav: { publicFooter: { column: 'community', label: 'footer.links.signIn', order: 4 } },
  // Where a signed-out visitor was going (safeNext in @platform/store decides whether to go back there).
  query: { next: 'text' },
});

export const registrationSuccessPage = definePage({
  name: 'registrationSuccess',
  path: '/auth/success',
  remote: 'auth',
  layout: 'public',
  title: 'titles.success',
  access: 'public',
});

export const verifyEmailPage = definePage({
  name: 'verifyEmail',
  path: '/auth/verify',
  remote: 'auth',
  layout: 'public',
  title: 'titles.verify',
  access: 'public',
  query: { token: 'text' },
});

export const verificationLinkPage = definePage({
  name: 'verificationLink',
  path: '/auth/veremail',
  remote: 'auth',
  layout: 'public',
  title: 'titles.veremail',
  access: 'public',
});

// mf_contribute: the contributor's tabs, and donating paired voice.

export const speakPage = definePage({
  name: 'speak',
  path: '/user/speak',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.speak',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.speak', order: 1 } },
});

export const listenPage = definePage({
  name: 'listen',
  path: '/user/listen',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.listen',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.listen', order: 2 } },
});

export const writePage = definePage({
  name: 'write',
  path: '/user/write',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.write',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.write', order: 3 } },
});

export const reviewPage = definePage({
  name: 'review',
  path: '/user/review',
  remote: 'contribute',
  layout: 'contributor',
  title: 'titles.review',
  access: 'signedIn',
  nav: { contributorTabs: { label: 'contributorTabs.review', order: 4 } },
});

export const donatePage = definePage({
  name: 'donate',
  path: '/data/donate',
  remote: 'contribute',
  layout: 'app',
  title: 'titles.donate',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.donateDataset', order: 42 } },
});

// mf_datasets: datasets, audio and text pairs, uploads.

export const downloadsPage = definePage({
  name: 'downloads',
  path: '/data/downloads',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.downloads',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.downloads', order: 44 } },
  query: {
    tab: ['browse', 'history'],
    q: 'text',
    language: DATASET_LANGUAGES,
    category: DATASET_CATEGORIES,
    page: 'page',
  },
});

export const viewAudioPairsPage = definePage({
  name: 'viewAudioPairs',
  path: '/data/view-audio-pair',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.viewAudioPairs',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.viewAudioPairs', order: 43 } },
  query: { dialect: DIALECTS, status: AUDIO_PAIR_STATUSES, page: 'page' },
});

export const addTextPairPage = definePage({
  name: 'addTextPair',
  path: '/data/addtextpair',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.addTextPair',
  access: 'signedIn',
  nav: { sidebar: { group: 'datasets', label: 'nav.addTextPair', order: 41 } },
});

export const uploadsPage = definePage({
  name: 'uploads',
  path: '/data/uploads',
  remote: 'datasets',
  layout: 'app',
  title: 'titles.uploads',
  access: 'signedIn',
});

// mf_workspace: the signed-in area's own pages, and a task shared publicly.

export const dashboardPage = definePage({
  name: 'dashboard',
  path: '/dashboard',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.dashboard',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.dashboard', order: 10 } },
});

export const projectsPage = definePage({
  name: 'projects',
  path: '/projects',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.projects',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.projects', order: 20 } },
  query: { q: 'text', status: PROJECT_STATUSES, language: LANGUAGE_CODES, page: 'page' },
});

export const projectPage = definePage({
  name: 'project',
  path: '/projects/view',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.project',
  access: 'signedIn',
  // `page`: the page of the project's task list.
  query: { id: 'text', page: 'page' },
});

export const tasksPage = definePage({
  name: 'tasks',
  path: '/tasks',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.tasks',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.tasks', order: 30 } },
  query: {
    status: TASK_STATUS_FILTERS,
    priority: TASK_PRIORITIES,
    project: 'text',
    q: 'text',
    scope: ['mine', 'managed'],
    page: 'page',
  },
});

export const analyticsPage = definePage({
  name: 'analytics',
  path: '/analytics',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.analytics',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.analytics', order: 60 } },
  query: { period: CHART_PERIODS, project: 'text' },
});

export const settingsPage = definePage({
  name: 'settings',
  path: '/settings',
  remote: 'workspace',
  layout: 'app',
  title: 'titles.settings',
  access: 'signedIn',
  nav: { sidebar: { label: 'nav.settings', order: 70 } },
  // The tab, then the admin lists' filters: Accounts (q, role) and Inquiries (q, interest), each paged.
  query: {
    tab: ['profile', 'account', 'notifications', 'accounts', 'inquiries'],
    q: 'text',
    role: ROLES,
    interest: CONTACT_INTERESTS,
    page: 'page',
  },
});

export const sharedTaskPage = definePage({
  name: 'sharedTask',
  path: '/shared/task',
  remote: 'workspace',
  layout: 'public',
  title: 'titles.sharedTask',
  access: 'public',
  query: { token: 'text' },
});

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
