import { PageBody, PageHeader } from '@platform/remote-kit';
import { useContributeT } from '../i18n';
import { QueueStatus } from '../queue/QueueStatus';
import { ContributionStats } from '../shared/ContributionStats';
import { DonateSession } from './DonateSession';

/** /data/donate: speak approved English–Yoruba text pairs, both sides, for speech-to-speech translation. */
export function DonateVoicePage() {
  const t = useContributeT();
  return (
    <PageBody>
      <PageHeader title={t('titles.donate')} subtitle={t('donate.intro')}>
        <QueueStatus />
      </PageHeader>
      <ContributionStats figures="donations" />
      <DonateSession />
    </PageBody>
  );
}
