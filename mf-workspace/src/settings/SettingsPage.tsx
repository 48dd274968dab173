import { PageBody, PageHeader, useUrlFilters } from '@platform/remote-kit';
import { settingsPage } from '@platform/contracts/client';
import { useSession } from '@platform/store';
import { Tabs } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import { ProfileTab } from './ProfileTab';
import { AccountTab } from './AccountTab';
import { NotificationsTab } from './NotificationsTab';
import { AccountsTab } from './AccountsTab';
import { InquiriesTab } from './InquiriesTab';

const TAB_IDS = settingsPage.query.tab;
type TabId = (typeof TAB_IDS)[number];
/** The tabs only admins see. */
const ADMIN_TABS: readonly TabId[] = ['accounts', 'inquiries'];
const isTab = (id: string): id is TabId => (TAB_IDS as readonly string[]).includes(id);

/**
 * /settings: Profile, Account and Notifications, and Accounts and Inquiries for admins. The chosen tab is in the URL
 * (`?tab=account`), so the profile menu's Account Settings opens it and a reload keeps it.
 */
export function SettingsPage() {
  const t = useWorkspaceT();
  const session = useSession();
  const [{ tab: wanted }, setFilters] = useUrlFilters(settingsPage);
  const isAdmin = session.status === 'signedIn' && session.user.role === 'admin';
  const available = TAB_IDS.filter((id) => !ADMIN_TABS.includes(id) || isAdmin);
  const selected: TabId = wanted && available.includes(wanted) ? wanted : 'profile';

  const items = [
    { id: 'profile', label: t('settings.tabs.profile'), content: <ProfileTab /> },
    { id: 'account', label: t('settings.tabs.account'), content: <AccountTab /> },
    { id: 'notifications', label: t('settings.tabs.notifications'), content: <NotificationsTab /> },
    ...(isAdmin
      ? [
          { id: 'accounts', label: t('settings.tabs.accounts'), content: <AccountsTab /> },
          { id: 'inquiries', label: t('inquiries.tab'), content: <InquiriesTab /> },
        ]
      : []),
  ];
  return (
    <PageBody>
      <PageHeader title={t('titles.settings')} subtitle={t('settings.subtitle')} />
      <Tabs
        aria-label={t('settings.tabs.label')}
        items={items}
        value={selected}
        onValueChange={(id) =>
          // Another tab starts with its own list unfiltered.
          setFilters(
            {
              tab: isTab(id) && id !== 'profile' ? id : undefined,
              q: undefined,
              role: undefined,
              interest: undefined,
            },
            { replace: true },
          )
        }
      />
    </PageBody>
  );
}
