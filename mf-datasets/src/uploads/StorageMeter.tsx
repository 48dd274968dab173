import styled from 'styled-components';
import { Button, Card, ProgressBar, Skeleton } from '@platform/ui';
import { useGetStorageUsageQuery } from '../api/uploadsApi';
import { useDatasetsT } from '../i18n';
import { useFormats } from '../shared/format';

const Figures = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Note = styled.p<{ $danger?: boolean }>`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger.main : theme.colors.textMuted)};
`;

const Failure = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The share of the quota past which the bar warns, and past which it is in danger. */
const WARN_SHARE = 0.8;
const DANGER_SHARE = 0.95;

/**
 * What the person stores (dataset uploads, recordings, donations) against their quota: "{used} of {quota}
 * used" and a bar named "Storage used", read each time the page opens and after each upload.
 */
export function StorageMeter() {
  const t = useDatasetsT();
  const f = useFormats();
  const usage = useGetStorageUsageQuery(undefined, { refetchOnMountOrArgChange: true });

  let body;
  if (usage.data) {
    const { usedBytes, quotaBytes } = usage.data;
    const share = quotaBytes > 0 ? usedBytes / quotaBytes : 1;
    const figures = t('uploads.storage.used', { used: f.bytes(usedBytes), quota: f.bytes(quotaBytes) });
    const full = usedBytes >= quotaBytes;
    body = (
      <>
        <Figures>{figures}</Figures>
        <ProgressBar
          aria-label={t('uploads.storage.meter')}
          value={Math.min(usedBytes, quotaBytes)}
          max={Math.max(quotaBytes, 1)}
          valueText={figures}
          variant={share >= DANGER_SHARE ? 'danger' : share >= WARN_SHARE ? 'warning' : 'primary'}
        />
        <Note $danger={full}>{full ? t('uploads.storage.full') : t('uploads.storage.hint')}</Note>
      </>
    );
  } else if (usage.isError) {
    body = (
      <Failure>
        <span>{t('uploads.storage.error')}</span>
        <Button variant="secondary" size="sm" onClick={() => void usage.refetch()}>
          {t('uploads.retry')}
        </Button>
      </Failure>
    );
  } else {
    body = <Skeleton lines={2} />;
  }
  return (
    <Card
      title={t('uploads.storage.title')}
      data-testid="storage-usage"
      aria-busy={usage.isLoading || undefined}
    >
      {body}
    </Card>
  );
}
