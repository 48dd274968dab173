import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@platform/router';
import styled, { css } from 'styled-components';
import { MenuIcon, VisuallyHidden, XIcon, focusRing } from '@platform/ui';
import { BRAND_NAME } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { AnchorLink } from './AnchorLink';
import { PARENT_SITE } from './links';
import { useScrolled } from './useScrolled';

const desktop = css`
  @media (min-width: ${({ theme }) => theme.breakpoints.md});
`;

const Header = styled.header<{ $scrolled: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme, $scrolled }) => ($scrolled ? theme.shadows.lg : theme.shadows.sm)};
  transition:
    box-shadow ${({ theme }) => theme.transitions.normal},
    padding ${({ theme }) => theme.transitions.normal};
  padding: ${({ theme, $scrolled }) => ($scrolled ? theme.space[2] : theme.space[4])}
    ${({ theme }) => theme.space[6]};
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  a {
    ${focusRing}
  }
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 1200px;
  margin: 0 auto;
`;

const Brand = styled(Link)`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.primary.main};
  text-decoration: none;
`;

const NavLinks = styled.ul`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[5]};
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primary.main};
  }
`;

const DesktopNav = styled.nav`
  display: none;
  ${desktop} {
    display: block;
  }
`;

const GetStarted = styled(Link)`
  && {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.primary.main};
    color: ${({ theme }) => theme.colors.primary.contrastText};
  }
  &&:hover {
    background: ${({ theme }) => theme.colors.primary.hover};
    color: ${({ theme }) => theme.colors.primary.contrastText};
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.controlHeights.md};
  padding: ${({ theme }) => `0 ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
  ${focusRing}
  ${desktop} {
    display: none;
  }
`;

const MobileMenu = styled.nav`
  max-width: 1200px;
  margin: 0 auto;
  padding-top: ${({ theme }) => theme.space[3]};
  ul {
    flex-direction: column;
    align-items: stretch;
    gap: ${({ theme }) => theme.space[1]};
  }
  li > a {
    display: block;
    padding: ${({ theme }) => theme.space[2]} 0;
  }
  ${desktop} {
    display: none;
  }
`;

/** The parent initiative's site: a new tab, said so to screen readers. */
function ParentSiteLink({ onClick }: { onClick?: () => void }) {
  const t = useMarketingT();
  return (
    <a href={PARENT_SITE.url} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      <span translate="no">{PARENT_SITE.label}</span>
      <VisuallyHidden> {t('site.newTab')}</VisuallyHidden>
    </a>
  );
}

/**
 * The public site's header, on the landing page and every other public page (the shell adds no chrome
 * there): sticky; past HEADER_SCROLLED_PX of scroll it shrinks and its shadow deepens (`data-scrolled`).
 * Below the theme's md breakpoint the links fold into a menu that closes on a choice and on Escape.
 */
export function SiteHeader() {
  const t = useMarketingT();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <Header data-scrolled={scrolled ? 'true' : 'false'} $scrolled={scrolled}>
      <Bar>
        <Brand to="/" translate="no">
          {BRAND_NAME}
        </Brand>
        <DesktopNav aria-label={t('site.nav')}>
          <NavLinks>
            <li>
              <ParentSiteLink />
            </li>
            <li>
              <Link to="/funding-grant">{t('site.fundings')}</Link>
            </li>
            <li>
              <AnchorLink to="faq">{t('site.faq')}</AnchorLink>
            </li>
            <li>
              <Link to="/download">{t('site.download')}</Link>
            </li>
            <li>
              <Link to="/about">{t('site.about')}</Link>
            </li>
            <li>
              <GetStarted to="/signin">{t('site.getStarted')}</GetStarted>
            </li>
          </NavLinks>
        </DesktopNav>
        <MenuButton
          ref={buttonRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <XIcon /> : <MenuIcon />}
          {t('site.menu')}
        </MenuButton>
      </Bar>
      <MobileMenu id={menuId} aria-label={t('site.menu')} hidden={!menuOpen}>
        <NavLinks>
          <li>
            <ParentSiteLink onClick={close} />
          </li>
          <li>
            <Link to="/funding-grant" onClick={close}>
              {t('site.fundings')}
            </Link>
          </li>
          <li>
            <AnchorLink to="roles" onNavigate={close}>
              {t('site.roles')}
            </AnchorLink>
          </li>
          <li>
            <AnchorLink to="faq" onNavigate={close}>
              {t('site.faq')}
            </AnchorLink>
          </li>
          <li>
            <GetStarted to="/signin" onClick={close}>
              {t('site.getStarted')}
            </GetStarted>
          </li>
        </NavLinks>
      </MobileMenu>
    </Header>
  );
}
