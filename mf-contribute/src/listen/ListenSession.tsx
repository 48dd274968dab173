import { useState } from 'react';
import styled from 'styled-components';
import type { RecordingToValidate } from '@platform/contracts';
import { Button, Card, EmptyState, Skeleton, useToast } from '@platform/ui';
import { useUndoVoteMutation } from '../api/contributeApi';
import { errorMessage } from '../api/errorMessage';
import { useContributeT } from '../i18n';
import { useContributionQueue } from '../queue/useContributionQueue';
import { Centered } from '../shared/RoundButton';
import { LoadFailed } from '../shared/LoadFailed';
import type { JudgeOutcome } from './RecordingJudge';
import { RecordingJudge } from './RecordingJudge';
import { useClipDeck } from './useClipDeck';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  max-width: 48rem;
  margin: 0 auto;
`;

/** The last vote, while it can be undone: its recording and its item in the queue. */
interface LastVote {
  recording: RecordingToValidate;
  itemId: string;
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

/**
 * Listen: one recording at a time, from those kept on the device (the server's batches, the next one fetched
 * ahead while online). A vote is saved in the queue and the next recording shows at once.
 */
export function ListenSession() {
  const t = useContributeT();
  const toast = useToast();
  const deck = useClipDeck();
  const { queue } = useContributionQueue();
  /** Recordings whose vote was undone: judged again before the rest. */
  const [returned, setReturned] = useState<RecordingToValidate[]>([]);
  const [lastVote, setLastVote] = useState<LastVote | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [undoVote] = useUndoVoteMutation();

  const returnedIds = new Set(returned.map((r) => r.id));
  const next = deck.clips.find((entry) => !returnedIds.has(entry.clip.id));
  const current = returned[0] ? { clip: returned[0], audio: undefined } : next;

  const done = (outcome: JudgeOutcome) => {
    if (!current) return;
    setLastVote(outcome.kind === 'voted' ? { recording: current.clip, itemId: outcome.itemId } : null);
    if (returned.length > 0) setReturned((r) => r.slice(1));
    deck.done(current.clip.id);
  };

  const undo = async () => {
    const vote = lastVote;
    if (!vote) return;
    setUndoing(true);
    try {
      // Still on the device: taken back from the queue; already sent: the server undoes it.
      if ((await queue.withdraw(vote.itemId)) === 'sent') await undoVote(vote.recording.id).unwrap();
      setLastVote(null);
      setReturned((r) => [vote.recording, ...r]);
      toast.show({ title: t('listen.undone'), description: t('listen.undoneHint'), variant: 'success' });
    } catch (error) {
      // Decided meanwhile (409) or no such vote (404): there is nothing left to undo.
      setLastVote(null);
      toast.show({ title: t('listen.undoFailed'), description: errorMessage(error), variant: 'error' });
    } finally {
      setUndoing(false);
    }
  };
  const undoControl = lastVote ? { run: () => void undo(), busy: undoing } : undefined;

  let body;
  if (deck.status === 'error') {
    body = (
      <LoadFailed
        error={deck.error}
        what="checkRecordings"
        title={t('listen.loadFailed')}
        onRetry={deck.retry}
      />
    );
  } else if (current) {
    body = (
      <RecordingJudge
        key={current.clip.id}
        recording={current.clip}
        audio={current.audio}
        onDone={done}
        undo={undoControl}
      />
    );
  } else if (deck.status === 'offlineEmpty') {
    body = (
      <EmptyState
        headingLevel={2}
        title={t('listen.offlineEmpty')}
        description={t('listen.offlineEmptyHint')}
      />
    );
  } else if (deck.status !== 'empty') {
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
