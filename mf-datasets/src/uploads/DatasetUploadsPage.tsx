import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from '@platform/router';
import { PageBody, PageHeader } from '@platform/remote-kit';
import type { DatasetUpload } from '@platform/contracts';
import { Button, EmptyState, Skeleton, StatCard, useToast } from '@platform/ui';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import {
  useGetDatasetUploadSummaryQuery,
  useGetStorageUsageQuery,
  useImportDatasetUploadMutation,
} from '../api/uploadsApi';
import { useDatasetsT } from '../i18n';
import { ImportOutcome } from './ImportOutcome';
import { StorageMeter } from './StorageMeter';
import { UploadForm } from './UploadForm';
import { UploadHistory } from './UploadHistory';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

function SignInNeeded() {
  const t = useDatasetsT();
  return (
    <EmptyState
      headingLevel={2}
      title={t('uploads.signInTitle')}
      description={t('uploads.signInDescription')}
      action={
        <Button as={Link} to="/signin">
          {t('uploads.signIn')}
        </Button>
      }
    />
  );
}

/**
 * /data/uploads: the summary cards (Total, Successful, Pending) from the stored uploads, the person's storage
 * against their quota, the upload form with its progress, the history, and the import of a file of sentences
 * or text pairs into the review queue.
 */
export function DatasetUploadsPage() {
  const t = useDatasetsT();
  const toast = useToast();
  const summary = useGetDatasetUploadSummaryQuery();
  const storage = useGetStorageUsageQuery(undefined, { refetchOnMountOrArgChange: true });
  const roomBytes = storage.data ? Math.max(0, storage.data.quotaBytes - storage.data.usedBytes) : null;
  const [importUpload] = useImportDatasetUploadMutation();
  const [importing, setImporting] = useState<string | null>(null);
  const [shown, setShown] = useState<DatasetUpload | null>(null);
  const [sessionGone, setSessionGone] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const signedOut = sessionGone || readApiError(summary.error).status === 401;
  // A skeleton while the counts load (the Cards region is aria-busy meanwhile); a dash when they failed.
  const figure = (value: number | undefined) =>
    summary.isLoading ? <Skeleton width="3rem" height="2rem" /> : summary.isError ? '—' : value;

  const show = (upload: DatasetUpload) => {
    setShown(upload);
    // The outcome appears above the history: move there so a screen reader reads it.
    requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  const runImport = async (upload: DatasetUpload) => {
    if (importing) return;
    setImporting(upload.id);
    try {
      const done = await importUpload(upload.id).unwrap();
      toast.show({
        variant: 'success',
        title: t('uploads.import.done', {
          accepted: done.import?.accepted ?? 0,
          rows: done.import?.rows ?? 0,
        }),
      });
      show(done);
    } catch (error) {
      const failure = readApiError(error);
      if (failure.status === 401) setSessionGone(true);
      else
        toast.show({ variant: 'error', title: specificErrorMessage(failure) ?? t('uploads.import.failed') });
    } finally {
      setImporting(null);
    }
  };

  return (
    <PageBody>
      <PageHeader title={t('titles.uploads')} subtitle={t('uploads.subtitle')} />
      {signedOut ? (
        <SignInNeeded />
      ) : (
        <>
          <Cards data-testid="upload-summary" aria-busy={summary.isLoading || undefined}>
            <StatCard label={t('uploads.summary.total')} value={figure(summary.data?.total)} />
            <StatCard label={t('uploads.summary.successful')} value={figure(summary.data?.successful)} />
            <StatCard label={t('uploads.summary.pending')} value={figure(summary.data?.pending)} />
          </Cards>
          <Stack>
            <StorageMeter />
            <UploadForm onUnauthorised={() => setSessionGone(true)} roomBytes={roomBytes} />
            <Notice>{t('uploads.import.notice')}</Notice>
            {shown ? (
              <div ref={outcomeRef} tabIndex={-1}>
                <ImportOutcome upload={shown} onClose={() => setShown(null)} />
              </div>
            ) : null}
            <UploadHistory importing={importing} onImport={(u) => void runImport(u)} onShowImport={show} />
          </Stack>
        </>
      )}
    </PageBody>
  );
}
