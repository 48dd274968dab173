import { PageBody, PageHeader } from '@platform/remote-kit';
import { ContributionStats } from '../shared/ContributionStats';
import { SpeakSession } from './SpeakSession';

/** /user/speak: read sentences aloud, a round of five at a time. */
export function SpeakPage() {
  return (
    <PageBody>
      <PageHeader title="Speak" />
      <ContributionStats />
      <SpeakSession />
    </PageBody>
  );
}
