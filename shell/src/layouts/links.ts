// The navigation of the shell's chrome, as SPEC §2 "Sidebar and top bar" and "Public header" list it.
// Each label is a key of the shell's catalogue (shell/src/i18n/en.json holds the SPEC's words).

export interface NavItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const sidebarNav: Array<NavItem | NavGroup> = [
  { label: 'nav.dashboard', to: '/dashboard' },
  { label: 'nav.projects', to: '/projects' },
  { label: 'nav.tasks', to: '/tasks' },
  {
    label: 'nav.datasets',
    items: [
      { label: 'nav.addTextPair', to: '/data/addtextpair' },
      { label: 'nav.donateDataset', to: '/data/donate' },
      { label: 'nav.viewAudioPairs', to: '/data/view-audio-pair' },
      { label: 'nav.downloads', to: '/data/downloads' },
    ],
  },
  {
    label: 'nav.specializedModel',
    items: [
      { label: 'nav.textToSpeech', to: '/model/text-to-speech' },
      { label: 'nav.speechToSpeech', to: '/model/speech-to-speech' },
    ],
  },
  { label: 'nav.analytics', to: '/analytics' },
  { label: 'nav.settings', to: '/settings' },
];

export const profileMenu: NavItem[] = [
  { label: 'topBar.editProfile', to: '/settings' },
  // Opens the Account tab of /settings.
  { label: 'topBar.accountSettings', to: '/settings?tab=account' },
  // The landing page's FAQ and contact form are where help and feedback go today.
  { label: 'topBar.helpSupport', to: '/#faq' },
  { label: 'topBar.feedback', to: '/#contact' },
];

export const contributorUserMenu: NavItem[] = [
  { label: 'publicHeader.dashboard', to: '/dashboard' },
  { label: 'publicHeader.profile', to: '/settings' },
  { label: 'publicHeader.settings', to: '/settings' },
];

export const publicHeaderMenus: Array<{ label: string; item: NavItem }> = [
  { label: 'publicHeader.download', item: { label: 'publicHeader.goToDownload', to: '/download' } },
  { label: 'publicHeader.about', item: { label: 'publicHeader.goToAbout', to: '/about' } },
];

export const contributorTabs: NavItem[] = [
  { label: 'contributorTabs.speak', to: '/user/speak' },
  { label: 'contributorTabs.listen', to: '/user/listen' },
  { label: 'contributorTabs.write', to: '/user/write' },
  { label: 'contributorTabs.review', to: '/user/review' },
];
