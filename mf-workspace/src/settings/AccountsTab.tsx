import { useId } from 'react';
import styled from 'styled-components';
import {
  ROLES,
  SEARCH_QUERY_MAX_LENGTH,
  WORKSPACE_PAGE_SIZE,
  settingsPage,
} from '@platform/contracts/client';
import type { AccountRow, RoleChangeBody } from '@platform/contracts';
import { useFilterText, useUrlFilters } from '@platform/remote-kit';
import { Button, ErrorState, Select, Skeleton, TextField, useToast } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import { useChangeAccountRoleMutation, useGetAccountsQuery } from '../api/settingsApi';
import { failureMessage } from './errors';

import { Section } from './Section';
import { AdminFilters, AdminTableFrame } from './adminList';

/** The roles an admin may grant here; admin itself only from the command line. */
const GRANTABLE: readonly RoleChangeBody['role'][] = ['contributor', 'reviewer', 'researcher', 'manager'];

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

/** Settings → Accounts (admins): everyone, searched and filtered by role on the server, a page at a time. */
export function AccountsTab() {
  const t = useWorkspaceT();
  const toast = useToast();
  const headingId = useId();
  // Search, role and page are in the address, beside the tab: a link opens the same list.
  const [{ q: query, role, page }, setFilters] = useUrlFilters(settingsPage, { page: 1 });
  const [q, setQ] = useFilterText(query, { onPause: (text) => setFilters({ q: text }) });
  const accounts = useGetAccountsQuery({
    ...(query ? { q: query.slice(0, SEARCH_QUERY_MAX_LENGTH) } : {}),
    ...(role ? { role } : {}),
    page,
    pageSize: WORKSPACE_PAGE_SIZE,
  });
  const [changeRole, changing] = useChangeAccountRoleMutation();
  const roleName = (r: string) => t(`settings.roles.${r}`);

  const onRoleChange = async (account: AccountRow, next: RoleChangeBody['role']) => {
    try {
      await changeRole({ id: account.id, role: next }).unwrap();
      toast.show({
        title: t('settings.accounts.roleChanged', { name: account.name, role: roleName(next) }),
        variant: 'success',
      });
    } catch (error) {
      toast.show({
        title: t('settings.accounts.roleNotChanged'),
        description: failureMessage(error, t('settings.tryAgain')),
        variant: 'error',
      });
    }
  };

  const data = accounts.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  let body;
  if (accounts.error)
    body = (
      <ErrorState
        title={t('settings.loadFailed')}
        message={failureMessage(accounts.error, t('settings.tryAgain'))}
        onRetry={() => void accounts.refetch()}
        retryLabel={t('settings.retry')}
      />
    );
  else if (!data) body = <Skeleton lines={6} />;
  else if (data.items.length === 0) body = <p role="status">{t('settings.accounts.none')}</p>;
  else
    body = (
      <>
        <AdminTableFrame>
          <table aria-busy={accounts.isFetching}>
            <caption>{t('settings.accounts.caption', { total: data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('settings.accounts.name')}</th>
                <th scope="col">{t('settings.accounts.email')}</th>
                <th scope="col">{t('settings.accounts.role')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((account) => (
                <tr key={account.id}>
                  <th scope="row" translate="no">
                    {account.name}
                    {account.username ? ` (@${account.username})` : ''}
                  </th>
                  <td translate="no">{account.email}</td>
                  <td>
                    {account.role === 'admin' ? (
                      roleName('admin')
                    ) : (
                      <Select
                        label={t('settings.accounts.roleOf', { name: account.name })}
                        hideLabel
                        value={account.role}
                        disabled={changing.isLoading}
                        onChange={(e) => void onRoleChange(account, e.target.value as RoleChangeBody['role'])}
                        options={GRANTABLE.map((r) => ({ value: r, label: roleName(r) }))}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableFrame>
        <Pager aria-label={t('settings.accounts.pages')}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setFilters({ page: page - 1 })}
          >
            {t('settings.accounts.previous')}
          </Button>
          <span>{t('settings.accounts.pageOf', { page: data.page, count: pageCount })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => setFilters({ page: page + 1 })}
          >
            {t('settings.accounts.next')}
          </Button>
        </Pager>
      </>
    );

  return (
    <Section aria-labelledby={headingId} style={{ maxWidth: 'none' }}>
      <h2 id={headingId}>{t('settings.accounts.title')}</h2>
      <AdminFilters role="search">
        <TextField
          label={t('settings.accounts.search')}
          type="search"
          value={q}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          label={t('settings.accounts.roleFilter')}
          value={role ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            setFilters({ role: ROLES.find((r) => r === value) });
          }}
          options={[
            { value: '', label: t('settings.accounts.allRoles') },
            ...ROLES.map((r) => ({ value: r, label: roleName(r) })),
          ]}
        />
      </AdminFilters>
      {body}
    </Section>
  );
}
