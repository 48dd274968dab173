import { PageBody, PageHeader } from '@platform/remote-kit';
import { DataSaverControl } from '../data-saver/DataSaverControl';
import { useContributeT } from '../i18n';
import { QueueStatus } from '../queue/QueueStatus';
import { ContributionStats } from '../shared/ContributionStats';
import { ListenSession } from './ListenSession';

/** /user/listen: check other people's recordings, one at a time. */
export function ListenPage() {
  const t = useContributeT();
  return (
    <PageBody>
      <PageHeader title={t('titles.listen')}>
        <DataSaverControl />
        <QueueStatus />
      </PageHeader>
      <ContributionStats />
      <ListenSession />
    </PageBody>
  );
}
