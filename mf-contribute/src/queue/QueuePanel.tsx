import { useState } from 'react';
import styled from 'styled-components';
import { translateError } from '@platform/i18n';
import { Button, Dialog, ProgressBar, useToast } from '@platform/ui';
import { useContributeT } from '../i18n';
import type { QueueEntry } from './types';
import { useContributionQueue } from './useContributionQueue';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  /* Long sentences wrap on a 360 px screen instead of widening the dialog. */
  overflow-wrap: anywhere;
`;

const Kind = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Text = styled.p`
  margin: 0;
`;

const State = styled.p<{ $failed: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger.subtleText : theme.colors.textMuted)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/** The line of text that says which contribution an item is, in the language it is written in. */
function ItemText({ entry }: { entry: QueueEntry }) {
  const t = useContributeT();
  const c = entry.contribution;
  switch (c.kind) {
    case 'recording':
      return (
        <Text lang={c.language} translate="no">
          {c.sentenceText}
        </Text>
      );
    case 'vote':
      return (
        <>
          <Text translate="no">{c.sentence}</Text>
          <Text>{c.isValid ? t('queue.voteYes') : t('queue.voteNo')}</Text>
        </>
      );
    case 'sentence':
      return (
        <Text lang={c.body.lang} translate="no">
          {c.body.text}
        </Text>
      );
    case 'sentenceBatch': {
      const lines = c.body.sentences.filter((line) => line.trim() !== '');
      return (
        <>
          <Text>{t('queue.batch', { count: lines.length })}</Text>
          <Text lang={c.body.lang} translate="no">
            {lines[0]}
          </Text>
        </>
      );
    }
    case 'donation':
      return (
        <Text lang="en" translate="no">
          {c.englishText}
        </Text>
      );
  }
}

/**
 * The contributions kept on this device: each with what it is, its text, and whether it waits, is being sent
 * (with the share sent) or was refused (with the server's reason, in the chosen language); "Retry now" for
 * all, and Delete for one, after a confirmation.
 */
export default function QueuePanel({ onClose }: { onClose: () => void }) {
  const t = useContributeT();
  const toast = useToast();
  const { queue, snapshot } = useContributionQueue();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);

  const remove = async (id: string) => {
    setConfirming(null);
    if (await queue.remove(id)) toast.show({ title: t('queue.deleted'), variant: 'success' });
  };

  const retry = async () => {
    setRetrying(true);
    try {
      await queue.retryNow();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('queue.title')}
      description={t('queue.description')}
      closeLabel={t('common.close')}
      footer={
        snapshot.items.length > 0 ? (
          <Button size="lg" onClick={() => void retry()} loading={retrying}>
            {t('queue.retryNow')}
          </Button>
        ) : null
      }
    >
      {snapshot.items.length === 0 ? (
        <p>{t('queue.empty')}</p>
      ) : (
        <List aria-label={t('queue.list')}>
          {snapshot.items.map((entry) => {
            const kind = t(`queue.kinds.${entry.contribution.kind}`);
            const sending = snapshot.sending?.id === entry.id ? snapshot.sending : null;
            const failed = entry.state === 'failed';
            return (
              <Item key={entry.id} data-testid="queued-contribution">
                <Kind id={`${entry.id}-kind`}>{kind}</Kind>
                <ItemText entry={entry} />
                {sending ? (
                  sending.percent === null ? (
                    <State $failed={false}>{t('queue.states.sending')}</State>
                  ) : (
                    <ProgressBar
                      value={sending.percent}
                      label={t('queue.states.sending')}
                      valueText={t('queue.sent', { percent: sending.percent })}
                      size="sm"
                    />
                  )
                ) : (
                  <State $failed={failed}>
                    {failed && entry.failure
                      ? t('queue.states.failed', {
                          reason: translateError(entry.failure.code, entry.failure.message),
                        })
                      : t('queue.states.waiting')}
                  </State>
                )}
                {confirming === entry.id ? (
                  <div role="group" aria-label={t('queue.deleteConfirm')}>
                    <p>{t('queue.deleteConfirm')}</p>
                    <Actions>
                      <Button variant="danger" size="lg" onClick={() => void remove(entry.id)}>
                        {t('queue.deleteYes')}
                      </Button>
                      <Button variant="outline" size="lg" onClick={() => setConfirming(null)}>
                        {t('queue.deleteNo')}
                      </Button>
                    </Actions>
                  </div>
                ) : (
                  <Actions>
                    <Button
                      variant="ghost"
                      size="lg"
                      disabled={sending !== null}
                      aria-describedby={`${entry.id}-kind`}
                      onClick={() => setConfirming(entry.id)}
                    >
                      {t('queue.delete')}
                    </Button>
                  </Actions>
                )}
              </Item>
            );
          })}
        </List>
      )}
    </Dialog>
  );
}
