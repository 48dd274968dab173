import { useState } from 'react';
import styled from 'styled-components';
import {
  DATASET_UPLOAD_PAGE_SIZE,
  DATASET_UPLOAD_STATUSES,
  DATASET_UPLOAD_TYPES,
} from '@platform/contracts/client';
import type { DatasetUpload, DatasetUploadStatus } from '@platform/contracts';
import {
  Badge,
  Button,
  FilterBar,
  Card,
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
import { useFormats } from '../shared/format';
import { Pager } from '../shared/Pager';
import { isUploadType, percentOf } from './uploadForm';

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

export interface UploadHistoryProps {
  /** The upload whose import is running, if any. */
  importing: string | null;
  onImport: (upload: DatasetUpload) => void;
  onShowImport: (upload: DatasetUpload) => void;
}

/** The filterable, paged history: file name, type, status, quality, uploaded by, date (filtered on the server). */
export function UploadHistory({ importing, onImport, onShowImport }: UploadHistoryProps) {
  const t = useDatasetsT();
  const { dateTime } = useFormats();
  const [filters, setFilters] = useState<UploadPageArgs>({ page: 1 });
  const uploads = useGetDatasetUploadsQuery(filters);
  const change = (next: Partial<UploadPageArgs>) =>
    setFilters((f) => ({ ...f, ...next, page: next.page ?? 1 }));

  const failure = uploads.isError ? readApiError(uploads.error) : null;
  const data = uploads.isError ? undefined : uploads.data;

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
    { key: 'date', header: t('uploads.history.date'), render: (u) => dateTime(u.uploadDate) },
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
      <FilterBar role="search" aria-label={t('uploads.history.filters')}>
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
      </FilterBar>
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
          {data ? (
            <Pager
              label={t('uploads.history.pagerLabel')}
              page={filters.page}
              total={data.total}
              pageSize={DATASET_UPLOAD_PAGE_SIZE}
              onPage={(page) => change({ page })}
              rangeTestId="upload-range"
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
