import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from '@platform/router';
import styled from 'styled-components';
import { DropdownMenu, MenuIcon, UserIcon, XIcon, media } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useSessionUser } from '../session/useSessionUser';
import { BrandLink } from './BrandLink';
import { contributorUserMenu, publicHeaderMenus } from './links';
import { HeaderBar } from './HeaderBar';

// Desktop first: jsdom (the unit tests) applies no media queries and so sees the desktop header.
const DesktopNav = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  ${media.down('md')} {
    display: none;
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  cursor: pointer;
`;

const DrawerButton = styled(IconButton)`
  display: none;
  ${media.down('md')} {
    display: inline-flex;
  }
`;

const Drawer = styled.div`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  width: min(18rem, 85vw);
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  ul {
    list-style: none;
    margin: ${({ theme }) => theme.space[4]} 0 0;
    padding: 0;
  }
  li a {
    display: block;
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[2]}`};
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  background: ${({ theme }) => theme.colors.overlay};
`;

const userMenuLinks = contributorUserMenu.map(({ label, to }) => ({ id: label, label, href: to }));

/** The contributor pages' header: brand, DOWNLOAD and ABOUT menus, a mobile drawer and the user menu. */
export function PublicHeader() {
  const user = useSessionUser();
  const { logout } = useLogout();
  const userMenuItems = [
    ...userMenuLinks,
    { id: 'logout', label: 'Logout', onSelect: () => void logout(), danger: true },
  ];
  const drawerId = useId();
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: choosing a link navigates and so closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = openOn === pathname;
  const setDrawerOpen = (open: boolean) => setOpenOn(open ? pathname : null);

  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <HeaderBar $gap={4}>
      <DrawerButton
        type="button"
        aria-label="Open menu"
        aria-expanded={drawerOpen}
        aria-controls={drawerId}
        onClick={() => setDrawerOpen(true)}
      >
        <MenuIcon aria-hidden="true" />
      </DrawerButton>
      <BrandLink />
      <DesktopNav aria-label="Site">
        {publicHeaderMenus.map(({ label, item }) => (
          <DropdownMenu
            key={label}
            label={label}
            linkAs={Link}
            items={[{ id: item.to, label: item.label, href: item.to }]}
          />
        ))}
      </DesktopNav>
      <Spacer />
      <DropdownMenu
        align="end"
        aria-label={`User menu${user ? `: ${user.name}` : ''}`}
        label={
          <>
            <UserIcon aria-hidden="true" />
            <span>{user ? user.name : 'Account'}</span>
          </>
        }
        linkAs={Link}
        items={userMenuItems}
      />
      {drawerOpen ? (
        <>
          <Backdrop onClick={() => setDrawerOpen(false)} />
          <Drawer id={drawerId} role="dialog" aria-modal="true" aria-label="Menu">
            <IconButton type="button" aria-label="Close menu" onClick={() => setDrawerOpen(false)} autoFocus>
              <XIcon aria-hidden="true" />
            </IconButton>
            <nav aria-label="Site menu">
              <ul>
                {publicHeaderMenus.map(({ item }) => (
                  <li key={item.to}>
                    <Link to={item.to} onClick={() => setDrawerOpen(false)}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </Drawer>
        </>
      ) : null}
    </HeaderBar>
  );
}
