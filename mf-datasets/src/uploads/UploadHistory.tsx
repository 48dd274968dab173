import { useState } from 'react';
import styled from 'styled-components';
import {
  DATASET_UPLOAD_PAGE_SIZE,
  DATASET_UPLOAD_STATUSES,
  DATASET_UPLOAD_TYPES,
} from '@platform/contracts/client';
import type { DatasetUpload, DatasetUploadStatus } from '@platform/contracts';
import { useLocale } from '@platform/i18n';
import {
  Badge,
  Button,
  Card,
  ChevronLeftIcon,
  ChevronRightIcon,
  ErrorState,
  Select,
  Table,
  TextField,
  type BadgeVariant,
  type TableColumn,
} from '@platform/ui';
import { readApiError } from '../api/errorMessage';
import { useGetDatasetUploadsQuery, type UploadPageArgs } from '../api/uploadsApi';
import { useDatasetsT } from '../i18n';
import { isUploadType, percentOf } from './uploadForm';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  & > div {
    min-width: 12rem;
  }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  div {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

const Name = styled.span`
  display: block;
  max-width: 16rem;
  overflow-wrap: anywhere;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Muted = styled.span`
  display: block;
  max-width: 16rem;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const STATUS_BADGE: Record<DatasetUploadStatus, BadgeVariant> = {
  uploading: 'info',
  completed: 'success',
  failed: 'danger',
};

const isStatus = (value: string): value is DatasetUploadStatus =>
  (DATASET_UPLOAD_STATUSES as readonly string[]).includes(value);

function useDateFormat() {
  const locale = useLocale();
  return (iso: string) => {
    const date = new Date(iso);
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    } catch {
      // A locale Intl does not know (the pseudo-locale): English dates.
      return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    }
  };
}

export interface UploadHistoryProps {
  /** The upload whose import is running, if any. */
  importing: string | null;
  onImport: (upload: DatasetUpload) => void;
  onShowImport: (upload: DatasetUpload) => void;
}

/** The filterable, paged history: file name, type, status, quality, uploaded by, date (filtered on the server). */
export function UploadHistory({ importing, onImport, onShowImport }: UploadHistoryProps) {
  const t = useDatasetsT();
  const formatDate = useDateFormat();
  const [filters, setFilters] = useState<UploadPageArgs>({ page: 1 });
  const uploads = useGetDatasetUploadsQuery(filters);
  const change = (next: Partial<UploadPageArgs>) =>
    setFilters((f) => ({ ...f, ...next, page: next.page ?? 1 }));

  const failure = uploads.isError ? readApiError(uploads.error) : null;
  const data = uploads.isError ? undefined : uploads.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / DATASET_UPLOAD_PAGE_SIZE));
  const first = data && data.total > 0 ? (filters.page - 1) * DATASET_UPLOAD_PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(filters.page * DATASET_UPLOAD_PAGE_SIZE, data.total) : 0;

  const columns: TableColumn<DatasetUpload>[] = [
    {
      key: 'fileName',
      header: t('uploads.history.fileName'),
      render: (u) => (
        <>
          <Name translate="no">{u.fileName}</Name>
          <Muted translate="no">{u.description}</Muted>
        </>
      ),
    },
    { key: 'type', header: t('uploads.history.type'), render: (u) => t(`uploads.types.${u.type}`) },
    {
      key: 'status',
      header: t('uploads.history.status'),
      render: (u) => (
        <>
          <Badge variant={STATUS_BADGE[u.status]}>{t(`uploads.statuses.${u.status}`)}</Badge>
          {u.status === 'failed' ? <Muted>{t('uploads.history.interrupted')}</Muted> : null}
        </>
      ),
    },
    {
      key: 'quality',
      header: t('uploads.history.quality'),
      render: (u) =>
        u.quality === null ? (
          <Muted>{u.importable ? t('uploads.history.notImported') : t('uploads.history.attachment')}</Muted>
        ) : (
          t('uploads.history.qualityValue', { percent: percentOf(u.quality) })
        ),
    },
    {
      key: 'uploadedBy',
      header: t('uploads.history.uploadedBy'),
      render: (u) => <span translate="no">{u.uploadedBy || '—'}</span>,
    },
    { key: 'date', header: t('uploads.history.date'), render: (u) => formatDate(u.uploadDate) },
    {
      key: 'actions',
      header: t('uploads.history.actions'),
      render: (u) =>
        u.import ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={t('uploads.import.showFor', { name: u.fileName })}
            onClick={() => onShowImport(u)}
          >
            {t('uploads.import.show')}
          </Button>
        ) : u.importable && u.status === 'completed' ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={importing !== null}
            aria-label={t('uploads.import.actionFor', { name: u.fileName })}
            onClick={() => onImport(u)}
          >
            {importing === u.id ? t('uploads.import.running') : t('uploads.import.action')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card title={t('uploads.history.title')} padding="lg">
      <Filters role="search" aria-label={t('uploads.history.filters')}>
        <TextField
          label={t('uploads.history.search')}
          placeholder={t('uploads.history.searchPlaceholder')}
          type="search"
          value={filters.q ?? ''}
          onChange={(e) => change({ q: e.target.value })}
        />
        <Select
          label={t('uploads.history.type')}
          value={filters.type ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            change({ type: isUploadType(value) ? value : undefined });
          }}
          options={[
            { value: '', label: t('uploads.history.allTypes') },
            ...DATASET_UPLOAD_TYPES.map((type) => ({ value: type, label: t(`uploads.types.${type}`) })),
          ]}
        />
        <Select
          label={t('uploads.history.status')}
          value={filters.status ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            change({ status: isStatus(value) ? value : undefined });
          }}
          options={[
            { value: '', label: t('uploads.history.allStatuses') },
            ...DATASET_UPLOAD_STATUSES.map((s) => ({ value: s, label: t(`uploads.statuses.${s}`) })),
          ]}
        />
      </Filters>
      {failure ? (
        <ErrorState
          headingLevel={3}
          title={t('uploads.history.errorTitle')}
          message={t('uploads.history.error')}
          retryLabel={t('uploads.retry')}
          retrying={uploads.isFetching}
          onRetry={() => void uploads.refetch()}
        />
      ) : (
        <>
          <Table
            caption={t('uploads.history.caption')}
            captionHidden
            columns={columns}
            rows={uploads.currentData?.items ?? []}
            getRowKey={(u) => u.id}
            loading={uploads.isFetching && !uploads.currentData}
            loadingRows={3}
            emptyMessage={
              filters.q || filters.type || filters.status
                ? t('uploads.history.noMatch')
                : t('uploads.history.empty')
            }
          />
          {data && data.total > 0 ? (
            <Pager aria-label={t('uploads.history.pager')}>
              <span aria-live="polite" data-testid="upload-range">
                {t('uploads.history.range', { first, last, total: data.total })}
              </span>
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  startIcon={<ChevronLeftIcon />}
                  disabled={filters.page <= 1}
                  onClick={() => change({ page: filters.page - 1 })}
                >
                  {t('uploads.history.previous')}
                </Button>
                <span>{t('uploads.history.page', { page: filters.page, pages })}</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  endIcon={<ChevronRightIcon />}
                  disabled={filters.page >= pages}
                  onClick={() => change({ page: filters.page + 1 })}
                >
                  {t('uploads.history.next')}
                </Button>
              </div>
            </Pager>
          ) : null}
        </>
      )}
    </Card>
  );
}
