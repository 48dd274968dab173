import { useState } from 'react';
import { REVIEW_KINDS } from '@platform/contracts/client';
import type { ReviewKind } from '@platform/contracts';
import { PageBody, PageHeader } from '@platform/remote-kit';
import { Tabs } from '@platform/ui';
import { useContributeT } from '../i18n';
import { ContributionStats } from '../shared/ContributionStats';
import { ReviewSession } from './ReviewSession';

const isKind = (value: string): value is ReviewKind => (REVIEW_KINDS as readonly string[]).includes(value);

/** /user/review: decide, with others, which written sentences and text pairs are good. */
export function ReviewPage() {
  const t = useContributeT();
  const [kind, setKind] = useState<ReviewKind>('sentence');
  return (
    <PageBody>
      <PageHeader title={t('titles.review')} />
      <ContributionStats figures="reviews" />
      <Tabs
        aria-label={t('review.modes.label')}
        value={kind}
        onValueChange={(id) => {
          if (isKind(id)) setKind(id);
        }}
        items={REVIEW_KINDS.map((k) => ({
          id: k,
          label: t(`review.modes.${k}`),
          content: <ReviewSession kind={k} />,
        }))}
      />
    </PageBody>
  );
}
