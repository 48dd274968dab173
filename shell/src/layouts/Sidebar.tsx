import { Link, NavLink, useLocation } from '@platform/router';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { skipToken } from '@platform/store';
import { signinPathFor } from '@platform/remote-kit';
import { pageUrl, signupPage, tasksPage } from '@platform/contracts/client';
import { Avatar, Button, LogoutIcon, srOnly } from '@platform/ui';
import { useLogout } from '../session/useLogout';
import { useChromeAudience, useSessionUser } from '../session/useSessionUser';
import { BrandLink } from './BrandLink';
import { useChromeProfileQuery, useChromeTaskCountsQuery } from './chromeApi';
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
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
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

const Count = styled.span`
  min-width: 1.5rem;
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary.main};
  color: ${({ theme }) => theme.colors.primary.contrastText};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.5rem;
  text-align: center;
`;

// The count is shown as a pill and read as a sentence (the mixin, not VisuallyHidden: the shell's build
// carries only the @platform/ui components its screens need).
const SpokenCount = styled.span`
  ${srOnly}
`;

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  > div {
    min-width: 0;
  }
  strong {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
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

const VisitorActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const isGroup = (entry: NavItem | NavGroup): entry is NavGroup => 'items' in entry;

/** The Tasks link's badge: the person's open tasks (active and overdue); none at 0. */
function OpenTasks({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const { data } = useChromeTaskCountsQuery(signedIn ? undefined : skipToken);
  const open = data ? data.active + data.overdue : 0;
  if (open === 0) return null;
  return (
    <>
      <Count aria-hidden="true" data-open-tasks="">
        {open}
      </Count>
      <SpokenCount>{t('sidebar.openTasks', { count: open })}</SpokenCount>
    </>
  );
}

/** Sign in (coming back to this page afterwards) and Sign up, for a visitor on a page open to everyone. */
function VisitorFooter() {
  const t = useT();
  const location = useLocation();
  return (
    <VisitorActions>
      <Button as={Link} to={signinPathFor(location)} size="sm" fullWidth>
        {t('sidebar.signIn')}
      </Button>
      <Button as={Link} to={pageUrl(signupPage)} size="sm" variant="outline" fullWidth>
        {t('sidebar.signUp')}
      </Button>
    </VisitorActions>
  );
}

/** The person's name, role and avatar, and Logout. */
function MemberFooter({ user }: { user: NonNullable<ReturnType<typeof useSessionUser>> }) {
  const t = useT();
  const { logout, loggingOut } = useLogout();
  const { data: profile } = useChromeProfileQuery();
  const name = profile?.fullName ?? user.name;
  return (
    <>
      <Person>
        <Avatar name={name} src={profile?.avatarUrl ?? null} />
        <div>
          <strong data-session-name="" translate="no">
            {name}
          </strong>
          <div data-session-role="">{t(`roles.${profile?.role ?? user.role}`)}</div>
        </div>
      </Person>
      <div>
        <LogoutButton type="button" onClick={() => void logout()} disabled={loggingOut}>
          <LogoutIcon aria-hidden="true" />
          {t('sidebar.logout')}
        </LogoutButton>
      </div>
    </>
  );
}

/**
 * The sidebar of the app layout (SPEC "Sidebar and top bar"): the navigation for everyone; for a signed-in
 * person, their open tasks on the Tasks link and their name, role and avatar from their profile (the
 * session's name until it arrives) with Logout; for a visitor on a page open to everyone, Sign in and Sign up.
 */
export function Sidebar({ id }: { id?: string }) {
  const t = useT();
  const user = useSessionUser();
  const audience = useChromeAudience();
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
                <Item to={entry.to}>
                  <span>{t(entry.label)}</span>
                  {entry.page === tasksPage.name ? <OpenTasks signedIn={user !== null} /> : null}
                </Item>
              </li>
            ),
          )}
        </ul>
      </nav>
      <Footer data-session-user="">
        {user ? <MemberFooter user={user} /> : audience === 'visitor' ? <VisitorFooter /> : null}
      </Footer>
    </Aside>
  );
}
