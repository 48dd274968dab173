import { useState } from 'react';
import styled from 'styled-components';
import { DOWNLOAD_AVAILABILITY_DAYS, DOWNLOAD_HISTORY_PAGE_SIZE } from '@platform/contracts/client';
import type { DownloadEntry } from '@platform/contracts';
import { Badge, Button, ErrorState, InfoIcon, Table, type TableColumn } from '@platform/ui';
import { useGetDownloadHistoryQuery } from '../api/releasesApi';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import { useDatasetsT } from '../i18n';
import { useFormats } from '../shared/format';
import { Pager } from '../shared/Pager';
import type { DownloadRequest } from './useDownload';

const Notice = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[4]} 0 0;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.info.subtle};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  svg {
    flex: none;
    margin-top: 0.1rem;
  }
`;

const Status = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Name = styled.span`
  display: flex;
  flex-direction: column;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ARTIFACT_KEYS: Record<DownloadEntry['artifact'], string> = {
  'metadata.json': 'downloads.history.files.metadata',
  'audio.zip': 'downloads.history.files.audio',
  'complete.zip': 'downloads.history.files.complete',
};

/**
 * Download History: the person's own downloads, newest first, a page at a time. An entry can be downloaded
 * again for 30 days; after that it shows it expired and requests the dataset's latest release instead.
 */
export function DownloadHistory({ onDownload }: { onDownload: (request: DownloadRequest) => void }) {
  const t = useDatasetsT();
  const f = useFormats();
  const [page, setPage] = useState(1);
  const history = useGetDownloadHistoryQuery(page, { refetchOnMountOrArgChange: true });
  const data = history.currentData;
  const failure = history.isError ? readApiError(history.error) : null;

  const columns: TableColumn<DownloadEntry>[] = [
    {
      key: 'dataset',
      header: t('downloads.history.dataset'),
      render: (entry) => (
        <Name>
          <span translate="no">{entry.dataset}</span>
          <small>
            {t('downloads.history.fileOf', {
              file: t(ARTIFACT_KEYS[entry.artifact]),
              version: entry.version,
            })}
          </small>
        </Name>
      ),
    },
    { key: 'date', header: t('downloads.history.date'), render: (entry) => f.dateTime(entry.date) },
    { key: 'size', header: t('downloads.history.size'), render: (entry) => f.bytes(entry.bytes) },
    {
      key: 'status',
      header: t('downloads.history.status'),
      render: (entry) =>
        entry.status === 'expired' ? (
          <Status>
            <Badge variant="warning">{t('downloads.history.expired')}</Badge>
            <span>{t('downloads.history.expiredOn', { date: f.date(entry.expiresAt) })}</span>
          </Status>
        ) : (
          <Status>
            <Badge variant="success">{t('downloads.history.completed')}</Badge>
            <span>{t('downloads.history.availableUntil', { date: f.date(entry.expiresAt) })}</span>
          </Status>
        ),
    },
    {
      key: 'action',
      header: t('downloads.history.action'),
      render: (entry) =>
        entry.status === 'expired' ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              onDownload({
                // Downloaded before, so its licence was accepted then.
                dataset: { id: entry.datasetId, name: entry.dataset, licenceAccepted: true },
                version: 'latest',
                artifact: entry.artifact,
              })
            }
          >
            {t('downloads.history.requestAgain')}
          </Button>
        ) : (
          <Button variant="outline" size="sm" href={entry.url} download="">
            {t('downloads.history.downloadAgain')}
          </Button>
        ),
    },
  ];

  return (
    <div>
      {failure ? (
        <ErrorState
          headingLevel={2}
          title={t('downloads.history.failed')}
          message={specificErrorMessage(failure) ?? undefined}
          retryLabel={t('downloads.retry')}
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <>
          <Table
            caption={t('downloads.history.caption')}
            captionHidden
            columns={columns}
            rows={data?.items ?? []}
            getRowKey={(entry) => entry.id}
            loading={!data}
            loadingRows={3}
            emptyMessage={t('downloads.history.empty')}
          />
          {data ? (
            <Pager
              label={t('downloads.history.pagerLabel')}
              page={page}
              total={data.total}
              pageSize={DOWNLOAD_HISTORY_PAGE_SIZE}
              onPage={setPage}
              hideSinglePage
            />
          ) : null}
        </>
      )}
      <Notice>
        <InfoIcon aria-hidden />
        <span>{t('downloads.history.notice', { days: DOWNLOAD_AVAILABILITY_DAYS })}</span>
      </Notice>
    </div>
  );
}
