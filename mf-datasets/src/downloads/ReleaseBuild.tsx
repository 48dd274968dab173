import { useEffect } from 'react';
import styled from 'styled-components';
import { useAppDispatch } from '@platform/store';
import { ProgressBar } from '@platform/ui';
import { releasesApi, useGetReleaseSummaryQuery } from '../api/releasesApi';
import { useDatasetsT } from '../i18n';

/** How often a building release is read again. */
export const BUILD_POLL_MS = 2000;

const Stage = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Failed = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger.main};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * A release being built (for admins): its progress and stage, read every two seconds until it is published
 * (then the card shows the new figures) or failed (then its error).
 */
export function ReleaseBuild({ datasetId, version }: { datasetId: string; version: number }) {
  const t = useDatasetsT();
  const dispatch = useAppDispatch();
  const args = { id: datasetId, version };
  // What the cache holds already decides whether to keep polling: a finished build is not read again.
  const cached = releasesApi.endpoints.getReleaseSummary.useQueryState(args);
  const finished = cached.data !== undefined && cached.data.status !== 'building';
  const probe = useGetReleaseSummaryQuery(args, { pollingInterval: finished ? 0 : BUILD_POLL_MS });
  const status = probe.data?.status;

  useEffect(() => {
    if (status === 'published' || status === 'failed') {
      dispatch(
        releasesApi.util.invalidateTags([
          { type: 'Dataset', id: 'LIST' },
          { type: 'Dataset', id: 'SUMMARY' },
          { type: 'Dataset', id: datasetId },
        ]),
      );
    }
  }, [status, datasetId, dispatch]);

  const release = probe.data;
  if (!release) return <ProgressBar label={t('downloads.admin.building')} />;
  if (release.status === 'failed') {
    return (
      <Failed role="alert">
        {t('downloads.admin.failedVersion', { version: release.version, error: release.error ?? '' })}
      </Failed>
    );
  }
  if (release.status === 'published') {
    return null;
  }
  return (
    <div>
      <ProgressBar
        label={t('downloads.admin.buildingVersion', { version: release.version })}
        value={Math.round(release.progress * 100)}
        showValue
      />
      {release.stage ? (
        // The service says what it is doing in English.
        <Stage lang="en">{release.stage}</Stage>
      ) : null}
    </div>
  );
}
