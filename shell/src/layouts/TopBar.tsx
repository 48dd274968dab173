import { Link } from '@platform/router';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { skipToken } from '@platform/store';
import { DropdownMenu, MenuIcon, UserIcon, media } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useSessionUser } from '../session/useSessionUser';
import { profileMenu } from './links';
import { LanguagePicker } from './LanguagePicker';
import { HeaderBar } from './HeaderBar';
import { useChromeProfileQuery } from './chromeApi';
import { WorkspaceSearch } from './WorkspaceSearch';

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  cursor: pointer;
  display: none;
  ${media.down('lg')} {
    display: inline-flex;
  }
`;

export interface TopBarProps {
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** The signed-in area's top bar: search as you type, language picker and profile menu. */
export function TopBar({ sidebarId, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const t = useT();
  const user = useSessionUser();
  const { logout } = useLogout();
  const { data: profile } = useChromeProfileQuery(user ? undefined : skipToken);
  const name = profile?.fullName ?? user?.name;
  const profileItems = [
    ...profileMenu.map(({ label, to }) => ({ id: label, label: t(label), href: to })),
    { id: 'logout', label: t('topBar.logout'), onSelect: () => void logout(), danger: true },
  ];
  return (
    <HeaderBar $gap={3}>
      <MenuButton
        type="button"
        aria-label={sidebarOpen ? t('topBar.closeNavigation') : t('topBar.openNavigation')}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
      >
        <MenuIcon aria-hidden="true" />
      </MenuButton>
      <WorkspaceSearch />
      <div style={{ marginLeft: 'auto' }}>
        <LanguagePicker />
      </div>
      <DropdownMenu
        align="end"
        aria-label={name ? t('topBar.profileMenuOf', { name }) : t('topBar.profileMenu')}
        label={
          <>
            <UserIcon aria-hidden="true" />
            {name ? (
              <span data-session-name="" translate="no">
                {name}
              </span>
            ) : null}
          </>
        }
        linkAs={Link}
        items={profileItems}
      />
    </HeaderBar>
  );
}
