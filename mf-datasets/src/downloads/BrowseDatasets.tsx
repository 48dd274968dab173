import { lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from '@platform/router';
import { DATASET_CATEGORIES, DATASET_LANGUAGES, DATASET_PAGE_SIZE } from '@platform/contracts/client';
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

const isLanguage = (v: string | null): v is DatasetLanguage =>
  v !== null && (DATASET_LANGUAGES as readonly string[]).includes(v);
const isCategory = (v: string | null): v is DatasetCategory =>
  v !== null && (DATASET_CATEGORIES as readonly string[]).includes(v);

/** A shared link's filters (?q=&language=&category=&page=), read once when the page opens. */
export function readBrowseFilters(search: URLSearchParams): DatasetPageArgs {
  const q = search.get('q')?.trim() ?? '';
  const language = search.get('language');
  const category = search.get('category');
  const page = Number(search.get('page'));
  return {
    ...(q ? { q: q.slice(0, 100) } : {}),
    ...(isLanguage(language) ? { language } : {}),
    ...(isCategory(category) ? { category } : {}),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export interface BrowseDatasetsProps {
  isAdmin: boolean;
  onDownload: (request: DownloadRequest) => void;
  onEdit: (dataset: Dataset) => void;
}

/** Browse Datasets: search and the two filters, sent to the server; one card per dataset, a page at a time. */
export function BrowseDatasets({ isAdmin, onDownload, onEdit }: BrowseDatasetsProps) {
  const t = useDatasetsT();
  const [search] = useSearchParams();
  // Kept in the page, not written to the address: the shell mounts a page afresh at every navigation, which
  // would take the focus from the search box while someone types.
  const [filters, setFilters] = useState<DatasetPageArgs>(() => readBrowseFilters(search));
  const [text, setText] = useState(filters.q ?? '');
  const [statsFor, setStatsFor] = useState<Dataset | null>(null);
  const datasets = useGetDatasetPageQuery(filters);

  // The search is sent once typing pauses; filters and pages go at once.
  useEffect(() => {
    const typed = text.trim();
    const timer = setTimeout(
      () =>
        setFilters((current) => {
          if ((current.q ?? '') === typed) return current;
          const { q: _q, ...rest } = current;
          return { ...rest, ...(typed ? { q: typed } : {}), page: 1 };
        }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text]);

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
          maxLength={100}
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
            const { language: _l, ...rest } = filters;
            const value = e.target.value;
            setFilters({ ...rest, ...(isLanguage(value) ? { language: value } : {}), page: 1 });
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
            const { category: _c, ...rest } = filters;
            const value = e.target.value;
            setFilters({ ...rest, ...(isCategory(value) ? { category: value } : {}), page: 1 });
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
            page={filters.page}
            total={data.total}
            pageSize={DATASET_PAGE_SIZE}
            onPage={(page) => setFilters({ ...filters, page })}
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
