import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { useFilterText, useUrlFilters } from '@platform/remote-kit';
import {
  DATASET_CATEGORIES,
  DATASET_LANGUAGES,
  DATASET_PAGE_SIZE,
  downloadsPage,
} from '@platform/contracts/client';
import type { Dataset, DatasetCategory, DatasetLanguage } from '@platform/contracts';
import {
  EmptyState,
  ErrorState,
  SearchIcon,
  Select,
  Skeleton,
  TextField,
  VisuallyHidden,
} from '@platform/ui';
import { useGetDatasetPageQuery, type DatasetPageArgs } from '../api/releasesApi';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import { useDatasetsT } from '../i18n';
import { DatasetCard } from './DatasetCard';
import { Pager } from '../shared/Pager';
import type { DownloadRequest } from './useDownload';

// recharts and the charts come with the dialog, not with the page.
const StatisticsDialog = lazy(() => import('./statistics/StatisticsDialog'));

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

const Filters = styled.div`
  display: grid;
  grid-template-columns: minmax(14rem, 2fr) repeat(2, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space[4]};
  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const isLanguage = (v: string): v is DatasetLanguage => (DATASET_LANGUAGES as readonly string[]).includes(v);
const isCategory = (v: string): v is DatasetCategory => (DATASET_CATEGORIES as readonly string[]).includes(v);

/** The service's longest search. */
const SEARCH_MAX_LENGTH = 100;

export interface BrowseDatasetsProps {
  isAdmin: boolean;
  onDownload: (request: DownloadRequest) => void;
  onEdit: (dataset: Dataset) => void;
}

/** Browse Datasets: search and the two filters, sent to the server; one card per dataset, a page at a time. */
export function BrowseDatasets({ isAdmin, onDownload, onEdit }: BrowseDatasetsProps) {
  const t = useDatasetsT();
  // Search, filters and page are in the address (?q=&language=&category=&page=): a shared link or the top
  // bar's search opens the same view, and Back goes to the one before.
  const [filters, setFilters] = useUrlFilters(downloadsPage, { page: 1 });
  // The search is sent once typing pauses; filters and pages go at once.
  const [text, setText] = useFilterText(filters.q, {
    onPause: (q) => setFilters({ q }),
    delayMs: SEARCH_DEBOUNCE_MS,
  });
  const [statsFor, setStatsFor] = useState<Dataset | null>(null);
  const { q, language, category, page } = filters;
  const args: DatasetPageArgs = {
    ...(q ? { q: q.slice(0, SEARCH_MAX_LENGTH) } : {}),
    ...(language ? { language } : {}),
    ...(category ? { category } : {}),
    page,
  };
  const datasets = useGetDatasetPageQuery(args);

  const data = datasets.currentData;
  const failure = datasets.isError ? readApiError(datasets.error) : null;

  return (
    <div>
      <Filters role="search">
        <TextField
          type="search"
          label={t('downloads.browse.searchLabel')}
          hideLabel
          placeholder={t('downloads.browse.searchPlaceholder')}
          startAdornment={<SearchIcon aria-hidden />}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
        <Select
          label={t('downloads.browse.languageLabel')}
          hideLabel
          value={filters.language ?? ''}
          options={[
            { value: '', label: t('downloads.browse.allLanguages') },
            ...DATASET_LANGUAGES.map((l) => ({ value: l, label: t(`downloads.languages.${l}`) })),
          ]}
          onChange={(e) => {
            const value = e.target.value;
            setFilters({ language: isLanguage(value) ? value : undefined });
          }}
        />
        <Select
          label={t('downloads.browse.categoryLabel')}
          hideLabel
          value={filters.category ?? ''}
          options={[
            { value: '', label: t('downloads.browse.allCategories') },
            ...DATASET_CATEGORIES.map((c) => ({ value: c, label: t(`downloads.categories.${c}`) })),
          ]}
          onChange={(e) => {
            const value = e.target.value;
            setFilters({ category: isCategory(value) ? value : undefined });
          }}
        />
      </Filters>
      {failure ? (
        <ErrorState
          headingLevel={2}
          title={t('downloads.browse.failed')}
          message={specificErrorMessage(failure) ?? undefined}
          retryLabel={t('downloads.retry')}
          retrying={datasets.isFetching}
          onRetry={() => void datasets.refetch()}
        />
      ) : !data ? (
        <List aria-busy="true" data-testid="datasets-loading">
          <VisuallyHidden>{t('downloads.browse.loading')}</VisuallyHidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="10rem" />
          ))}
        </List>
      ) : data.items.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('downloads.browse.emptyTitle')}
          description={t('downloads.browse.emptyDescription')}
        />
      ) : (
        <>
          <List>
            {data.items.map((dataset) => (
              <DatasetCard
                key={dataset.id}
                dataset={dataset}
                isAdmin={isAdmin}
                onDownload={onDownload}
                onViewStatistics={setStatsFor}
                onEdit={onEdit}
              />
            ))}
          </List>
          <Pager
            label={t('downloads.browse.pagerLabel')}
            page={page}
            total={data.total}
            pageSize={DATASET_PAGE_SIZE}
            onPage={(next) => setFilters({ page: next })}
            hideSinglePage
          />
        </>
      )}
      {statsFor ? (
        <Suspense fallback={null}>
          <StatisticsDialog dataset={statsFor} onClose={() => setStatsFor(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
