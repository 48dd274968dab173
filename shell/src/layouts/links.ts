// The navigation of the shell's chrome, as SPEC §2 "Sidebar and top bar" and "Public header" list it.

export interface NavItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const sidebarNav: Array<NavItem | NavGroup> = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Projects', to: '/projects' },
  { label: 'Tasks', to: '/tasks' },
  {
    label: 'Datasets',
    items: [
      { label: 'Add Text Pair', to: '/data/addtextpair' },
      { label: 'Donate Dataset', to: '/data/donate' },
      { label: 'View Audio Pairs', to: '/data/view-audio-pair' },
      { label: 'Downloads', to: '/data/downloads' },
    ],
  },
  {
    label: 'Specialized Model',
    items: [
      { label: 'Text to Speech', to: '/model/text-to-speech' },
      { label: 'Speech to Speech', to: '/model/speech-to-speech' },
    ],
  },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Settings', to: '/settings' },
];

export const profileMenu: NavItem[] = [
  { label: 'Edit Profile', to: '/settings' },
  { label: 'Account Settings', to: '/settings' },
  // The landing page's FAQ and contact form are where help and feedback go today.
  { label: 'Help & Support', to: '/#faq' },
  { label: 'Feedback', to: '/#contact' },
];

export const contributorUserMenu: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Profile', to: '/settings' },
  { label: 'Settings', to: '/settings' },
];

export const publicHeaderMenus: Array<{ label: string; item: NavItem }> = [
  { label: 'DOWNLOAD', item: { label: 'Go to Download', to: '/download' } },
  { label: 'ABOUT', item: { label: 'Go to About', to: '/about' } },
];

export const contributorTabs: NavItem[] = [
  { label: 'Speak', to: '/user/speak' },
  { label: 'Listen', to: '/user/listen' },
];

export const languages = ['English', 'Spanish', 'French'] as const;
