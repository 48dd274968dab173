import { useState } from 'react';
import styled from 'styled-components';
import type { ReviewKind } from '@platform/contracts';
import { Card, EmptyState, Skeleton } from '@platform/ui';
import { useGetReviewNextQuery } from '../api/contributeApi';
import { useContributeT } from '../i18n';
import { Centered } from '../shared/RoundButton';
import { LoadFailed } from '../shared/LoadFailed';
import { ReviewItemCard } from './ReviewItemCard';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  max-width: 48rem;
  margin: 0 auto;
`;

function LoadingCard() {
  const t = useContributeT();
  return (
    <Card aria-busy="true" aria-label={t('review.loading')} padding="lg">
      <Centered>
        <Skeleton lines={2} height="1.5rem" />
        <Skeleton width="60%" />
        <Skeleton width="50%" height="3rem" />
      </Centered>
    </Card>
  );
}

/** Review of one kind: the next pending item the server offers, one at a time. */
export function ReviewSession({ kind }: { kind: ReviewKind }) {
  const t = useContributeT();
  // Each item done asks the server for the next one (it leaves out what this person judged or skipped).
  const [turn, setTurn] = useState(0);
  const next = useGetReviewNextQuery({ kind, turn });
  const reply = next.currentData;

  let body;
  if (next.error && !next.isFetching) {
    body = (
      <LoadFailed
        error={next.error}
        what="reviewItems"
        title={t('review.loadFailed')}
        onRetry={() => void next.refetch()}
      />
    );
  } else if (!reply) {
    body = <LoadingCard />;
  } else if (reply.item) {
    body = <ReviewItemCard key={reply.item.id} item={reply.item} onDone={() => setTurn((n) => n + 1)} />;
  } else {
    body = <EmptyState headingLevel={2} title={t('review.empty')} description={t('review.emptyHint')} />;
  }
  return <Stack>{body}</Stack>;
}
