import { useId } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@platform/contracts';
import { ErrorState, Skeleton, VisuallyHidden } from '@platform/ui';
import { useGetReleaseDatasheetQuery } from '../../api/releasesApi';
import { useDatasetsT } from '../../i18n';
import { useDownloadAccess } from '../DownloadMenu';
import { DatasheetView } from './DatasheetView';
import { UseItBox } from './UseItBox';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  margin-top: ${({ theme }) => theme.space[4]};
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space[4]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * A published release's "Use it" box and its datasheet per language, from the figures its build kept. Shown
 * to whoever may download the release (the route's access is the download's): others read why not.
 */
export function ReleaseUse({ dataset, version }: { dataset: Dataset; version: number }) {
  const t = useDatasetsT();
  const access = useDownloadAccess();
  const headingId = useId();
  const allowed = access === 'allowed' && dataset.licenceAccepted;
  const query = useGetReleaseDatasheetQuery({ id: dataset.id, version }, { skip: !allowed });

  if (access === 'loading') return null;
  if (access === 'signedOut') return <Note>{t('downloads.useIt.signIn')}</Note>;
  if (access === 'role') return <Note>{t('downloads.useIt.role')}</Note>;
  if (!dataset.licenceAccepted) return <Note>{t('downloads.useIt.licence')}</Note>;
  if (query.isError && !query.data) {
    return (
      <Column>
        <ErrorState
          headingLevel={4}
          title={t('downloads.useIt.failed')}
          onRetry={() => void query.refetch()}
          retryLabel={t('downloads.retry')}
          retrying={query.isFetching}
        />
      </Column>
    );
  }
  const sheet = query.data;
  if (!sheet) {
    return (
      <Column aria-busy="true">
        <Skeleton lines={4} />
        <VisuallyHidden role="status">{t('downloads.useIt.loading')}</VisuallyHidden>
      </Column>
    );
  }
  return (
    <Column>
      <UseItBox dataset={dataset} sheet={sheet} />
      <section aria-labelledby={headingId}>
        <h4 id={headingId}>{t('downloads.datasheet.heading')}</h4>
        {sheet.datasheets.length === 0 ? (
          <Note>{t('downloads.datasheet.none')}</Note>
        ) : (
          <Column>
            {sheet.datasheets.map((d) => (
              <DatasheetView key={d.language} sheet={d} />
            ))}
          </Column>
        )}
      </section>
    </Column>
  );
}
