import { NavLink } from '@platform/router';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { LogoutIcon } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useSessionUser } from '../session/useSessionUser';
import { BrandLink } from './BrandLink';
import { sidebarNav } from './links';
import type { NavGroup, NavItem } from './links';

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: 16rem;
  height: 100%;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  overflow-y: auto;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Item = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary.subtle};
    color: ${({ theme }) => theme.colors.primary.subtleText};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const GroupLabel = styled.h2`
  margin: ${({ theme }) => `${theme.space[4]} ${theme.space[3]} ${theme.space[1]}`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Footer = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const LogoutButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[3]};
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary.main};
  font: inherit;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: 2px;
  }
`;

const isGroup = (entry: NavItem | NavGroup): entry is NavGroup => 'items' in entry;

/** The signed-in area's sidebar (SPEC "Sidebar and top bar"); badges appear once real counts exist. */
export function Sidebar({ id }: { id?: string }) {
  const t = useT();
  const user = useSessionUser();
  const { logout, loggingOut } = useLogout();
  return (
    <Aside id={id}>
      <BrandLink />
      <nav aria-label={t('nav.main')}>
        <ul>
          {sidebarNav.map((entry) =>
            isGroup(entry) ? (
              <li key={entry.label}>
                <GroupLabel id={`nav-group-${entry.label.replace(/\W+/g, '-')}`}>{t(entry.label)}</GroupLabel>
                <ul aria-labelledby={`nav-group-${entry.label.replace(/\W+/g, '-')}`}>
                  {entry.items.map((item) => (
                    <li key={item.to}>
                      <Item to={item.to}>{t(item.label)}</Item>
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={entry.to}>
                <Item to={entry.to}>{t(entry.label)}</Item>
              </li>
            ),
          )}
        </ul>
      </nav>
      <Footer data-session-user="">
        {user ? (
          <>
            <strong data-session-name="" translate="no">
              {user.name}
            </strong>
            <div data-session-role="">{t(`roles.${user.role}`)}</div>
          </>
        ) : (
          <span>{t('sidebar.signedOut')}</span>
        )}
        <div>
          <LogoutButton type="button" onClick={() => void logout()} disabled={loggingOut}>
            <LogoutIcon aria-hidden="true" />
            {t('sidebar.logout')}
          </LogoutButton>
        </div>
      </Footer>
    </Aside>
  );
}
