import { Link } from '@platform/router';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { DropdownMenu, MenuIcon, TextField, UserIcon, media } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useSessionUser } from '../session/useSessionUser';
import { profileMenu } from './links';
import { LanguagePicker } from './LanguagePicker';
import { HeaderBar } from './HeaderBar';

const Search = styled.form`
  flex: 1;
  max-width: 28rem;
`;

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

/** The signed-in area's top bar: search, language picker and profile menu. */
export function TopBar({ sidebarId, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const t = useT();
  const user = useSessionUser();
  const { logout } = useLogout();
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
      <Search role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label={t('topBar.search')}
          hideLabel
          type="search"
          placeholder={t('topBar.searchPlaceholder')}
        />
      </Search>
      <div style={{ marginLeft: 'auto' }}>
        <LanguagePicker />
      </div>
      <DropdownMenu
        align="end"
        aria-label={user ? t('topBar.profileMenuOf', { name: user.name }) : t('topBar.profileMenu')}
        label={
          <>
            <UserIcon aria-hidden="true" />
            {user ? (
              <span data-session-name="" translate="no">
                {user.name}
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
