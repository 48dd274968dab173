import { PageBody, PageHeader } from '@platform/remote-kit';
import { useContributeT } from '../i18n';
import { QueueStatus } from '../queue/QueueStatus';
import { ContributionStats } from '../shared/ContributionStats';
import { SpeakSession } from './SpeakSession';

/** /user/speak: read sentences aloud, a round of five at a time. */
export function SpeakPage() {
  const t = useContributeT();
  return (
    <PageBody>
      <PageHeader title={t('titles.speak')}>
        <QueueStatus />
      </PageHeader>
      <ContributionStats />
      <SpeakSession />
    </PageBody>
  );
}
