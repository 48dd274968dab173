import { useState } from 'react';
import styled from 'styled-components';
import type { RecordingToValidate } from '@platform/contracts';
import { Button, Card, EmptyState, Skeleton, useToast } from '@platform/ui';
import { useGetValidateBatchQuery, useUndoVoteMutation } from '../api/contributeApi';
import { errorMessage } from '../api/errorMessage';
import { useContributeT } from '../i18n';
import { Centered } from '../shared/RoundButton';
import { LoadFailed } from '../shared/LoadFailed';
import type { JudgeOutcome } from './RecordingJudge';
import { RecordingJudge } from './RecordingJudge';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  max-width: 48rem;
  margin: 0 auto;
`;

interface Queue {
  /** Counts batches on this visit; a new number asks the server for the next batch. */
  batch: number;
  position: number;
  /** Recordings whose vote was undone: judged again before the rest. */
  returned: RecordingToValidate[];
}

function LoadingCard() {
  const t = useContributeT();
  return (
    <Card aria-busy="true" aria-label={t('listen.loading')} padding="lg">
      <Centered>
        <Skeleton lines={2} height="1.5rem" />
        <Skeleton circle width={72} />
        <Skeleton width="50%" height="3rem" />
      </Centered>
    </Card>
  );
}

/** Listen: one recording at a time from batches the server picks; the next batch when one runs out. */
export function ListenSession() {
  const t = useContributeT();
  const toast = useToast();
  const [queue, setQueue] = useState<Queue>({ batch: 0, position: 0, returned: [] });
  const [lastVote, setLastVote] = useState<RecordingToValidate | null>(null);
  const [undoVote, undoState] = useUndoVoteMutation();
  const batch = useGetValidateBatchQuery({ batch: queue.batch });
  const items = batch.currentData;

  const returnedIds = new Set(queue.returned.map((r) => r.id));
  const current: RecordingToValidate | undefined =
    queue.returned[0] ?? items?.slice(queue.position).find((r) => !returnedIds.has(r.id));

  const done = (outcome: JudgeOutcome) => {
    if (current) setLastVote(outcome.kind === 'voted' ? current : null);
    setQueue((q) => {
      if (q.returned.length > 0) return { ...q, returned: q.returned.slice(1) };
      const position = q.position + 1;
      // The server leaves out what this person voted on, skipped or reported, so the next batch is new.
      if (!items || position >= items.length) return { batch: q.batch + 1, position: 0, returned: [] };
      return { ...q, position };
    });
  };

  const undo = async () => {
    const recording = lastVote;
    if (!recording) return;
    try {
      await undoVote(recording.id).unwrap();
      setLastVote(null);
      setQueue((q) => ({ ...q, returned: [recording, ...q.returned] }));
      toast.show({ title: t('listen.undone'), description: t('listen.undoneHint'), variant: 'success' });
    } catch (error) {
      // Decided meanwhile (409) or no such vote (404): there is nothing left to undo.
      setLastVote(null);
      toast.show({ title: t('listen.undoFailed'), description: errorMessage(error), variant: 'error' });
    }
  };
  const undoControl = lastVote ? { run: () => void undo(), busy: undoState.isLoading } : undefined;

  let body;
  if (batch.error && !batch.isFetching) {
    body = (
      <LoadFailed
        error={batch.error}
        what="checkRecordings"
        title={t('listen.loadFailed')}
        onRetry={() => void batch.refetch()}
      />
    );
  } else if (current) {
    body = <RecordingJudge key={current.id} recording={current} onDone={done} undo={undoControl} />;
  } else if (!items) {
    body = <LoadingCard />;
  } else {
    body = (
      <>
        <EmptyState headingLevel={2} title={t('listen.empty')} description={t('listen.emptyHint')} />
        {undoControl ? (
          <Centered>
            <Button variant="ghost" onClick={undoControl.run} loading={undoControl.busy}>
              {t('listen.undo')}
            </Button>
          </Centered>
        ) : null}
      </>
    );
  }

  return <Stack>{body}</Stack>;
}
