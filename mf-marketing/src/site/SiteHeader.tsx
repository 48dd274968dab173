import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '@platform/router';
import styled from 'styled-components';
import { VisuallyHidden, focusRing } from '@platform/ui';
import { BRAND_NAME } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { AnchorLink } from './AnchorLink';
import { CallToAction } from './CallToAction';
import { PARENT_SITE } from './links';
import { useScrolled } from './useScrolled';
import {
  aboutPage,
  downloadPage,
  fundingGrantPage,
  landingPage,
  pageUrl,
  signinPage,
} from '@platform/contracts/client';

const Header = styled.header<{ $scrolled: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme, $scrolled }) => `${$scrolled ? theme.space[2] : theme.space[4]} ${theme.space[6]}`};
  /* Shrunk, it keeps its place in the page (the padding it gives up becomes margin): the content below
     does not move, so the browser's scroll anchoring never moves the page back under 50 px. */
  margin-bottom: ${({ theme, $scrolled }) => ($scrolled ? `calc(2 * ${theme.space[2]})` : 0)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme, $scrolled }) => ($scrolled ? theme.shadows.lg : theme.shadows.sm)};
  transition:
    padding ${({ theme }) => theme.transitions.normal},
    margin ${({ theme }) => theme.transitions.normal},
    box-shadow ${({ theme }) => theme.transitions.normal};
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  a,
  button {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    text-decoration: none;
    ${focusRing}
  }
  ul {
    display: flex;
    gap: ${({ theme }) => theme.space[5]};
    align-items: center;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  /* The menu, below md: one link a line. */
  nav[id] {
    flex-basis: 100%;
  }
  nav[id] ul {
    flex-direction: column;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space[1]};
    padding-top: ${({ theme }) => theme.space[3]};
  }
  nav[id] li {
    padding: ${({ theme }) => theme.space[2]} 0;
  }
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    nav:first-of-type {
      display: none;
    }
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    nav + button,
    nav + button + nav {
      display: none;
    }
  }
`;

const Brand = styled(Link)`
  && {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.primary.main};
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.controlHeights.md};
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: none;
  font: inherit;
  cursor: pointer;
`;

type Where = 'desktop' | 'mobile' | 'both';

/** The header's links, in order; each says which of the two lists (desktop, mobile menu) it is in. */
function useItems(close?: () => void): Array<[string, Where, ReactNode]> {
  const t = useMarketingT();
  return [
    [
      'parent',
      'both',
      <a href={PARENT_SITE.url} target="_blank" rel="noopener noreferrer" onClick={close}>
        <span translate="no">{PARENT_SITE.label}</span>
        <VisuallyHidden> {t('site.newTab')}</VisuallyHidden>
      </a>,
    ],
    [
      'funding',
      'both',
      <Link to={pageUrl(fundingGrantPage)} onClick={close}>
        {t('site.fundings')}
      </Link>,
    ],
    [
      'roles',
      'mobile',
      <AnchorLink to="roles" onNavigate={close}>
        {t('site.roles')}
      </AnchorLink>,
    ],
    [
      'faq',
      'both',
      <AnchorLink to="faq" onNavigate={close}>
        {t('site.faq')}
      </AnchorLink>,
    ],
    ['download', 'desktop', <Link to={pageUrl(downloadPage)}>{t('site.download')}</Link>],
    ['about', 'desktop', <Link to={pageUrl(aboutPage)}>{t('site.about')}</Link>],
    [
      'start',
      'both',
      <CallToAction to={pageUrl(signinPage)} onClick={close}>
        {t('site.getStarted')}
      </CallToAction>,
    ],
  ];
}

/**
 * The public site's header, on the landing page and every other public page (the shell adds no chrome
 * there): sticky; past HEADER_SCROLLED_PX of scroll it shrinks and its shadow deepens (`data-scrolled`).
 * Below the theme's md breakpoint its links fold into a menu that closes on a choice and on Escape.
 */
export function SiteHeader() {
  const t = useMarketingT();
  const scrolled = useScrolled();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  const items = useItems(close);
  const list = (where: Where) =>
    items.filter(([, at]) => at === 'both' || at === where).map(([key, , link]) => <li key={key}>{link}</li>);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <Header data-scrolled={String(scrolled)} $scrolled={scrolled}>
      <Brand to={pageUrl(landingPage)} translate="no">
        {BRAND_NAME}
      </Brand>
      <nav aria-label={t('site.nav')}>
        <ul>{list('desktop')}</ul>
      </nav>
      <MenuButton
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <svg
          aria-hidden="true"
          width="1em"
          height="1em"
          viewBox="0 0 24 24"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
        </svg>
        {t('site.menu')}
      </MenuButton>
      <nav id={menuId} aria-label={t('site.menu')} hidden={!open}>
        <ul>{list('mobile')}</ul>
      </nav>
    </Header>
  );
}
