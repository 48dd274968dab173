import { useState } from 'react';
import styled from 'styled-components';
import { PageBody, PageHeader, signinPathFor, useUrlFilters } from '@platform/remote-kit';
import { Link, useLocation } from '@platform/router';
import { downloadsPage } from '@platform/contracts/client';
import type { Dataset } from '@platform/contracts';
import { useSession } from '@platform/store';
import { Button, EmptyState, Skeleton, StatCard, Tabs, VisuallyHidden } from '@platform/ui';
import { useGetDatasetsSummaryQuery } from '../api/releasesApi';
import { useDatasetsT } from '../i18n';
import { BrowseDatasets } from './BrowseDatasets';
import { DatasetForm } from './DatasetForm';
import { DownloadHistory } from './DownloadHistory';
import { useDownloadAccess } from './DownloadMenu';
import { useFormats } from '../shared/format';
import { ApiTokensPanel } from './tokens/ApiTokensPanel';
import { API_TOKENS_ANCHOR } from './use-it/UseItBox';
import { useDownload } from './useDownload';

const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const AdminBar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Tokens = styled.div`
  margin-top: ${({ theme }) => theme.space[8]};
`;

/** The four stat cards, from stored data (published releases, every download). */
function SummaryCards() {
  const t = useDatasetsT();
  const f = useFormats();
  const summary = useGetDatasetsSummaryQuery();
  const data = summary.data;
  // Not StatCard's own loading state: its hidden "Loading" is English only.
  const loading = (
    <>
      <Skeleton width="4rem" height="2rem" />
      <VisuallyHidden>{t('downloads.stats.loading')}</VisuallyHidden>
    </>
  );
  const value = (shown: (d: NonNullable<typeof data>) => string) =>
    data ? shown(data) : summary.isError ? '—' : loading;
  return (
    <Stats data-testid="dataset-summary">
      <StatCard
        label={t('downloads.stats.availableDatasets')}
        value={value((d) => f.number(d.availableDatasets))}
      />
      <StatCard
        label={t('downloads.stats.totalDownloads')}
        value={value((d) => f.number(d.totalDownloads))}
      />
      <StatCard label={t('downloads.stats.contributors')} value={value((d) => f.number(d.contributors))} />
      <StatCard label={t('downloads.stats.audioHours')} value={value((d) => f.hours(d.audioHours))} />
    </Stats>
  );
}

/** Download History for someone who cannot have one: why, and what to do. */
function HistoryUnavailable({ reason }: { reason: 'signedOut' | 'role' }) {
  const t = useDatasetsT();
  const location = useLocation();
  return reason === 'signedOut' ? (
    <EmptyState
      headingLevel={2}
      title={t('downloads.access.signInTitle')}
      description={t('downloads.access.signInReason')}
      action={
        <Button as={Link} to={signinPathFor(location)}>
          {t('downloads.access.signIn')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      headingLevel={2}
      title={t('downloads.access.researcherTitle')}
      description={t('downloads.access.researcherReason')}
    />
  );
}

/**
 * /data/downloads: the SPEC's Dataset Downloads page. Everyone browses published datasets; researchers and
 * admins download them (after accepting each dataset's licence once) and see their history; admins also
 * define datasets and publish releases.
 */
export function DatasetDownloadsPage() {
  const t = useDatasetsT();
  const session = useSession();
  const access = useDownloadAccess();
  const isAdmin = session.user?.role === 'admin';
  const downloads = useDownload();
  // undefined: closed; null: a new dataset; a dataset: editing it.
  const [editing, setEditing] = useState<Dataset | null | undefined>(undefined);
  // The tab is in the address too (?tab=history), so a link opens it.
  const [{ tab }, setFilters] = useUrlFilters(downloadsPage, { tab: 'browse' });

  return (
    <PageBody>
      <PageHeader title={t('titles.downloads')} subtitle={t('subtitles.downloads')} />
      <SummaryCards />
      {isAdmin ? (
        <AdminBar>
          <Button onClick={() => setEditing(null)}>{t('downloads.admin.newDataset')}</Button>
        </AdminBar>
      ) : null}
      <Tabs
        aria-label={t('downloads.tabs.label')}
        value={tab}
        onValueChange={(id) =>
          setFilters({ tab: id === 'history' ? 'history' : 'browse' }, { replace: true })
        }
        items={[
          {
            id: 'browse',
            label: t('downloads.tabs.browse'),
            content: <BrowseDatasets isAdmin={isAdmin} onDownload={downloads.request} onEdit={setEditing} />,
          },
          {
            id: 'history',
            label: t('downloads.tabs.history'),
            content:
              tab !== 'history' ? null : access === 'allowed' ? (
                <DownloadHistory onDownload={downloads.request} />
              ) : access === 'loading' ? null : (
                <HistoryUnavailable reason={access} />
              ),
          },
        ]}
      />
      {access === 'allowed' ? (
        // The "Use it" box links here for the API token its lines need.
        <Tokens id={API_TOKENS_ANCHOR}>
          <ApiTokensPanel />
        </Tokens>
      ) : null}
      {downloads.dialog}
      {isAdmin ? (
        // Keyed so each opening starts from the dataset edited (or empty).
        <DatasetForm
          key={editing === undefined ? 'no-dataset-form' : (editing?.id ?? 'new')}
          editing={editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </PageBody>
  );
}
