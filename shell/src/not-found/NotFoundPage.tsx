import { Link } from '@platform/router';
import styled, { keyframes } from 'styled-components';
import { Button, SearchIcon, AlertIcon } from '@platform/ui';
import { BRAND_NAME } from '@platform/remote-kit';
import { useT } from '@platform/i18n';
import { landingPage, pageUrl } from '@platform/contracts/client';
import { useDocumentTitle, useFocusPageHeading } from '../a11y/pageFocus';
import { MAIN_CONTENT_ID } from '../a11y/SkipLink';

/** SPEC §9: the not-found entrance animation lasts 0.6 s. */
export const NOT_FOUND_ANIMATION_MS = 600;

const enter = keyframes`
  from { opacity: 0; transform: translateY(16px); }
  to { opacity: 1; transform: translateY(0); }
`;

const Screen = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.background};
  &:focus {
    outline: none;
  }
`;

const Panel = styled.div`
  position: relative;
  max-width: 36rem;
  text-align: center;
  animation: ${enter} ${NOT_FOUND_ANIMATION_MS}ms ease-out both;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Code = styled.p`
  font-size: ${({ theme }) => theme.fontSizes['6xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1;
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.primary.main};
`;

const Decoration = styled.span<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 0;
  ${({ $side }) => ($side === 'left' ? 'left: -3rem;' : 'right: -3rem;')}
  color: ${({ theme }) => theme.colors.secondary.main};
  opacity: 0.35;
  svg {
    width: 2.5rem;
    height: 2.5rem;
  }
`;

const Footer = styled.p`
  margin-top: ${({ theme }) => theme.space[8]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The catch-all screen, worded exactly as SPEC §2 "Not-found screen". `embedded` renders it inside a
 * layout's main region (a remote that no longer serves a path the catalogue gives it).
 */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const t = useT();
  useDocumentTitle(t('notFound.title'), BRAND_NAME);
  useFocusPageHeading(true);
  return (
    <Screen
      as={embedded ? 'div' : 'main'}
      id={embedded ? undefined : MAIN_CONTENT_ID}
      tabIndex={embedded ? undefined : -1}
      data-not-found=""
    >
      <Panel>
        <Decoration $side="left" aria-hidden="true">
          <SearchIcon />
        </Decoration>
        <Decoration $side="right" aria-hidden="true">
          <AlertIcon />
        </Decoration>
        <Code>404</Code>
        <h1 tabIndex={-1}>{t('notFound.title')}</h1>
        <p>{t('notFound.message')}</p>
        <Button as={Link} to={pageUrl(landingPage)} size="lg">
          {t('notFound.backHome')}
        </Button>
        <Footer>
          {t('notFound.footer')} <strong translate="no">{BRAND_NAME}</strong>
        </Footer>
      </Panel>
    </Screen>
  );
}
