import { Link, useLocation } from '@platform/router';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { signinPathFor } from '@platform/remote-kit';
import { Button, DropdownMenu, MenuIcon, UserIcon, media } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useChromeAudience, useSessionUser } from '../session/useSessionUser';
import type { SessionUser } from '../session/useSessionUser';
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

/** The profile menu of a signed-in person: their name from their profile (the session's until it arrives). */
function ProfileMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const { logout } = useLogout();
  const { data: profile } = useChromeProfileQuery();
  const name = profile?.fullName ?? user.name;
  const profileItems = [
    ...profileMenu.map(({ label, to }) => ({ id: label, label: t(label), href: to })),
    { id: 'logout', label: t('topBar.logout'), onSelect: () => void logout(), danger: true },
  ];
  return (
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
  );
}

/** Sign in for a visitor, coming back to this page afterwards. */
function SignInLink() {
  const t = useT();
  const location = useLocation();
  return (
    <Button as={Link} to={signinPathFor(location)} size="sm">
      {t('topBar.signIn')}
    </Button>
  );
}

/**
 * The app layout's top bar: the language picker for everyone; for a signed-in person, search as you type
 * and the profile menu; for a visitor on a page open to everyone, Sign in instead (search and profile are
 * for signed-in people, and their endpoints are never called for a visitor).
 */
export function TopBar({ sidebarId, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const t = useT();
  const user = useSessionUser();
  const audience = useChromeAudience();
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
      {user ? <WorkspaceSearch /> : null}
      <div style={{ marginLeft: 'auto' }}>
        <LanguagePicker />
      </div>
      {user ? <ProfileMenu user={user} /> : audience === 'visitor' ? <SignInLink /> : null}
    </HeaderBar>
  );
}
