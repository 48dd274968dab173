import { NavLink } from '@platform/router';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { SkipLink } from '../a11y/SkipLink';
import { contributorTabs } from './links';
import { OfflineStatus } from '../offline/OfflineStatus';
import { Main } from './Main';
import { PublicHeader } from './PublicHeader';

const TabBar = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  padding: 0 ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  a {
    flex-shrink: 0;
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
    border-bottom: 3px solid transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-decoration: none;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary.main};
    border-bottom-color: ${({ theme }) => theme.colors.primary.main};
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

/** Speak, Listen, Write and Review: the public header and their tab bar above the page. */
export function ContributorLayout() {
  const t = useT();
  return (
    <Column data-layout="contributor">
      <SkipLink />
      <PublicHeader />
      <OfflineStatus />
      <TabBar aria-label={t('contributorTabs.label')}>
        {contributorTabs.map(({ label, to }) => (
          <NavLink key={to} to={to}>
            {t(label)}
          </NavLink>
        ))}
      </TabBar>
      <Main />
    </Column>
  );
}
