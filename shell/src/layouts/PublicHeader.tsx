import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from '@platform/router';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { DropdownMenu, MenuIcon, UserIcon, XIcon, media } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useSessionUser } from '../session/useSessionUser';
import { BrandLink } from './BrandLink';
import { contributorUserMenu, publicHeaderMenus } from './links';
import { HeaderBar } from './HeaderBar';
import { LanguageList, LanguagePicker } from './LanguagePicker';

// Desktop first: jsdom (the unit tests) applies no media queries and so sees the desktop header.
const DesktopNav = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  ${media.down('md')} {
    display: none;
  }
`;

const DesktopOnly = styled.div`
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

/** The contributor pages' header: brand, DOWNLOAD and ABOUT menus, a mobile drawer and the user menu. */
export function PublicHeader() {
  const t = useT();
  const user = useSessionUser();
  const { logout } = useLogout();
  const userMenuItems = [
    ...contributorUserMenu.map(({ label, to }) => ({ id: label, label: t(label), href: to })),
    { id: 'logout', label: t('publicHeader.logout'), onSelect: () => void logout(), danger: true },
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
        aria-label={t('publicHeader.openMenu')}
        aria-expanded={drawerOpen}
        aria-controls={drawerId}
        onClick={() => setDrawerOpen(true)}
      >
        <MenuIcon aria-hidden="true" />
      </DrawerButton>
      <BrandLink />
      <DesktopNav aria-label={t('publicHeader.site')}>
        {publicHeaderMenus.map(({ label, item }) => (
          <DropdownMenu
            key={label}
            label={t(label)}
            linkAs={Link}
            items={[{ id: item.to, label: t(item.label), href: item.to }]}
          />
        ))}
      </DesktopNav>
      <Spacer />
      <DesktopOnly>
        <LanguagePicker />
      </DesktopOnly>
      <DropdownMenu
        align="end"
        aria-label={user ? t('publicHeader.userMenuOf', { name: user.name }) : t('publicHeader.userMenu')}
        label={
          <>
            <UserIcon aria-hidden="true" />
            {user ? <span translate="no">{user.name}</span> : <span>{t('publicHeader.account')}</span>}
          </>
        }
        linkAs={Link}
        items={userMenuItems}
      />
      {drawerOpen ? (
        <>
          <Backdrop onClick={() => setDrawerOpen(false)} />
          <Drawer id={drawerId} role="dialog" aria-modal="true" aria-label={t('publicHeader.menu')}>
            <IconButton
              type="button"
              aria-label={t('publicHeader.closeMenu')}
              onClick={() => setDrawerOpen(false)}
              autoFocus
            >
              <XIcon aria-hidden="true" />
            </IconButton>
            <nav aria-label={t('publicHeader.siteMenu')}>
              <ul>
                {publicHeaderMenus.map(({ item }) => (
                  <li key={item.to}>
                    <Link to={item.to} onClick={() => setDrawerOpen(false)}>
                      {t(item.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <LanguageList />
          </Drawer>
        </>
      ) : null}
    </HeaderBar>
  );
}
