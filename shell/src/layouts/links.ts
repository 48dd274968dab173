// The navigation of the shell's chrome (SPEC §2 "Sidebar and top bar" and "Public header"), built from the
// page declarations (libs/contracts/src/pages/): each page says where the navigation shows it. Each label
// is a key of the shell's catalogue (shell/src/i18n/en.json holds the SPEC's words).
import {
  PAGES,
  dashboardPage,
  landingPage,
  pageUrl,
  settingsPage,
  type PageDeclaration,
  type PageNav,
  type SidebarGroup,
} from '@platform/contracts/client';

export interface NavItem {
  label: string;
  to: string;
  /** The declared page's name, for an entry that shows more than its label (the Tasks badge). */
  page?: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

type Place = keyof PageNav;

/** The pages a place of the navigation shows, in its order. */
function placed<K extends Place>(place: K): Array<{ page: PageDeclaration; entry: NonNullable<PageNav[K]> }> {
  return PAGES.flatMap((page) => {
    const entry = page.nav?.[place];
    return entry ? [{ page, entry: entry as NonNullable<PageNav[K]> }] : [];
  }).sort((a, b) => a.entry.order - b.entry.order);
}

const itemOf = (page: PageDeclaration, label: string): NavItem => ({
  label,
  to: pageUrl(page),
  page: page.name,
});

/** The sidebar: its pages in order, a group's pages together where the group's first page falls. */
function buildSidebar(): Array<NavItem | NavGroup> {
  const entries: Array<NavItem | NavGroup> = [];
  const groups = new Map<SidebarGroup, NavGroup>();
  for (const { page, entry } of placed('sidebar')) {
    const item = itemOf(page, entry.label);
    if (!entry.group) {
      entries.push(item);
      continue;
    }
    let group = groups.get(entry.group);
    if (!group) {
      group = { label: `nav.${entry.group}`, items: [] };
      groups.set(entry.group, group);
      entries.push(group);
    }
    group.items.push(item);
  }
  return entries;
}

export const sidebarNav: Array<NavItem | NavGroup> = buildSidebar();

export const profileMenu: NavItem[] = [
  { label: 'topBar.editProfile', to: pageUrl(settingsPage) },
  { label: 'topBar.accountSettings', to: pageUrl(settingsPage, { tab: 'account' }) },
  // The landing page's FAQ and contact form are where help and feedback go today.
  { label: 'topBar.helpSupport', to: pageUrl(landingPage, {}, { hash: 'faq' }) },
  { label: 'topBar.feedback', to: pageUrl(landingPage, {}, { hash: 'contact' }) },
];

export const contributorUserMenu: NavItem[] = [
  { label: 'publicHeader.dashboard', to: pageUrl(dashboardPage) },
  { label: 'publicHeader.profile', to: pageUrl(settingsPage) },
  { label: 'publicHeader.settings', to: pageUrl(settingsPage) },
];

/** The contributor layout's header menus (DOWNLOAD, ABOUT), one page each. */
export const publicHeaderMenus: Array<{ label: string; item: NavItem }> = placed('contributorHeader').map(
  ({ page, entry }) => ({ label: entry.menu, item: itemOf(page, entry.label) }),
);

export const contributorTabs: NavItem[] = placed('contributorTabs').map(({ page, entry }) =>
  itemOf(page, entry.label),
);
