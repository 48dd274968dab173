import { useState } from 'react';
import { Link } from '@platform/router';
import styled from 'styled-components';
import { DropdownMenu, MenuIcon, Select, TextField, UserIcon, media } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useSessionUser } from '../session/useSessionUser';
import { languages, profileMenu } from './links';
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

const profileLinks = profileMenu.map(({ label, to }) => ({ id: label, label, href: to }));

export interface TopBarProps {
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** The signed-in area's top bar: search, language picker and profile menu. */
export function TopBar({ sidebarId, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const user = useSessionUser();
  const { logout } = useLogout();
  const profileItems = [
    ...profileLinks,
    { id: 'logout', label: 'Logout', onSelect: () => void logout(), danger: true },
  ];
  // The interface language is a local choice for now: no translations exist yet.
  const [language, setLanguage] = useState<string>(languages[0]);
  return (
    <HeaderBar $gap={3}>
      <MenuButton
        type="button"
        aria-label={sidebarOpen ? 'Close navigation' : 'Open navigation'}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
      >
        <MenuIcon aria-hidden="true" />
      </MenuButton>
      <Search role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField label="Search" hideLabel type="search" placeholder="Search tasks, projects, or data" />
      </Search>
      <div style={{ marginLeft: 'auto' }}>
        <Select
          label="Language"
          hideLabel
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          options={languages.map((name) => ({ value: name, label: name }))}
        />
      </div>
      <DropdownMenu
        align="end"
        aria-label={`Profile menu${user ? `: ${user.name}` : ''}`}
        label={
          <>
            <UserIcon aria-hidden="true" />
            {user ? <span data-session-name="">{user.name}</span> : null}
          </>
        }
        linkAs={Link}
        items={profileItems}
      />
    </HeaderBar>
  );
}
