import { useEffect, useId, useState } from 'react';
import { useLocation } from '@platform/router';
import styled from 'styled-components';
import { media } from '@platform/ui';
import { SkipLink } from '../a11y/SkipLink';
import { OfflineStatus } from '../offline/OfflineStatus';
import { Main } from './Main';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
`;

// On wide screens the sidebar is always shown; on narrow ones it slides over the page when opened.
// Desktop first, so that jsdom (no media queries) sees the desktop layout.
const SidebarSlot = styled.div<{ $open: boolean }>`
  position: sticky;
  top: 0;
  height: 100vh;
  ${media.down('lg')} {
    position: fixed;
    inset: 0 auto 0 0;
    z-index: ${({ theme }) => theme.zIndices.overlay};
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
    transition: transform ${({ theme }) => theme.transitions.normal};
  }
`;

const Backdrop = styled.div`
  display: none;
  ${media.down('lg')} {
    display: block;
    position: fixed;
    inset: 0;
    z-index: ${({ theme }) => theme.zIndices.overlay - 1};
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
`;

/**
 * The signed-in area: sidebar, top bar and the page. Its few pages open to everyone render here for
 * signed-out visitors too; the sidebar and top bar then offer Sign in instead of the person's own things.
 */
export function AppLayout() {
  const sidebarId = useId();
  const { pathname } = useLocation();
  // Opened on narrow screens for one page: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const sidebarOpen = openOn === pathname;

  useEffect(() => {
    if (!sidebarOpen) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);
  return (
    <Frame data-layout="app">
      <SkipLink />
      {sidebarOpen ? <Backdrop onClick={() => setOpenOn(null)} /> : null}
      <SidebarSlot $open={sidebarOpen}>
        <Sidebar id={sidebarId} />
      </SidebarSlot>
      <Column>
        <TopBar
          sidebarId={sidebarId}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setOpenOn(sidebarOpen ? null : pathname)}
        />
        <OfflineStatus />
        <Main />
      </Column>
    </Frame>
  );
}
