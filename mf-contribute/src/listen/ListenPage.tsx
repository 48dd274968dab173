import { PageBody, PageHeader } from '@platform/remote-kit';
import { ContributionStats } from '../shared/ContributionStats';
import { ListenSession } from './ListenSession';

/** /user/listen: check other people's recordings, one at a time. */
export function ListenPage() {
  return (
    <PageBody>
      <PageHeader title="Listen" />
      <ContributionStats />
      <ListenSession />
    </PageBody>
  );
}
