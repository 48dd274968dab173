import { useState } from 'react';
import styled from 'styled-components';
import type { RecordingReportReason, RecordingToValidate } from '@platform/contracts';
import { Button, Card, CheckIcon, PlayIcon, StopIcon, useToast, XIcon } from '@platform/ui';
import { useReportRecordingMutation, useSkipRecordingMutation } from '../api/contributeApi';
import { errorMessage, errorStatus } from '../api/errorMessage';
import { useContributeT } from '../i18n';
import { useClipSource } from '../data-saver/useClipSource';
import type { StoredAudio } from '../queue/types';
import { useContributionQueue } from '../queue/useContributionQueue';
import { ReportDialog } from '../shared/ReportDialog';
import { recordingReportOptions } from '../shared/reportReasons';
import { ActionRow, Centered, Notice, RoundButton, SentenceText, StatusLine } from '../shared/RoundButton';
import { ShortcutList } from '../shared/ShortcutList';
import { useAudioPlayer } from '../shared/useAudioPlayer';
import type { Shortcut } from '../shared/useShortcuts';
import { useShortcuts } from '../shared/useShortcuts';

const Votes = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[4]};
  button {
    min-width: 7rem;
  }
`;

const Prompt = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export type JudgeOutcome =
  { kind: 'voted'; isValid: boolean; itemId: string } | { kind: 'skipped' } | { kind: 'reported' };

export interface RecordingJudgeProps {
  recording: RecordingToValidate;
  /** Its audio kept on the device, played instead of the server's (offline, and no second download). */
  audio?: StoredAudio;
  onDone: (outcome: JudgeOutcome) => void;
  /** Undo of the previous vote, when there is one still to undo. */
  undo?: { run: () => void; busy: boolean };
}

/**
 * One recording to check: play it, then YES (once it has played through) or NO (once it has started).
 * Keyed by recording in the parent, so nothing heard of one clip unlocks the next one's buttons. A vote is
 * saved in the queue of contributions and the next recording shows at once.
 */
export function RecordingJudge({ recording, audio, onDone, undo }: RecordingJudgeProps) {
  const t = useContributeT();
  const toast = useToast();
  const source = useClipSource(recording.audioUrl, audio);
  const player = useAudioPlayer(source);
  const { queue } = useContributionQueue();
  const [saving, setSaving] = useState<boolean | null>(null);
  const [skipRecording, skipState] = useSkipRecordingMutation();
  const [reportRecording, reportState] = useReportRecordingMutation();
  const [reportOpen, setReportOpen] = useState(false);

  const busy = saving !== null || skipState.isLoading || reportState.isLoading;
  const canYes = player.ended && !busy;
  const canNo = player.started && !busy;

  const castVote = async (isValid: boolean) => {
    if (isValid ? !canYes : !canNo) return;
    player.stop();
    setSaving(isValid);
    try {
      const item = await queue.enqueue({
        kind: 'vote',
        recordingId: recording.id,
        isValid,
        sentence: recording.sentence,
      });
      toast.show({ title: t('listen.saved'), description: t('queue.savedHint'), variant: 'success' });
      onDone({ kind: 'voted', isValid, itemId: item.id });
    } catch (error) {
      setSaving(null);
      toast.show({ title: t('listen.submitFailed'), description: String(error), variant: 'error' });
    }
  };

  const skip = async () => {
    if (busy) return;
    player.stop();
    try {
      await skipRecording(recording.id).unwrap();
      onDone({ kind: 'skipped' });
    } catch (error) {
      // Offline the person goes on: the recording leaves the device; the server may offer it again one day.
      if (errorStatus(error) === undefined) onDone({ kind: 'skipped' });
      else toast.show({ title: t('listen.skipFailed'), description: errorMessage(error), variant: 'error' });
    }
  };

  const report = async (body: { reason: RecordingReportReason; details?: string }) => {
    try {
      await reportRecording({ id: recording.id, ...body }).unwrap();
      setReportOpen(false);
      player.stop();
      toast.show({
        title: t('listen.reported'),
        description: t('listen.reportedThanks'),
        variant: 'success',
      });
      onDone({ kind: 'reported' });
    } catch (error) {
      toast.show({ title: t('listen.reportFailed'), description: errorMessage(error), variant: 'error' });
    }
  };

  const shortcuts: Shortcut[] = [
    { key: 'p', label: player.playing ? t('listen.stop') : t('listen.play'), run: player.toggle },
    { key: 'y', label: t('listen.yesShortcut'), run: () => void castVote(true), disabled: !canYes },
    { key: 'n', label: t('listen.noShortcut'), run: () => void castVote(false), disabled: !canNo },
    { key: 'k', label: t('common.skip'), run: () => void skip(), disabled: busy },
    ...(undo ? [{ key: 'u', label: t('listen.undo'), run: undo.run, disabled: undo.busy || busy }] : []),
  ];
  useShortcuts(shortcuts);

  return (
    <Card aria-label={t('listen.card')} padding="lg" elevated>
      <Centered>
        <Prompt>{t('listen.prompt')}</Prompt>
        <SentenceText translate="no" data-testid="recording-sentence">
          {recording.sentence}
        </SentenceText>
        <RoundButton
          type="button"
          $active={player.playing}
          aria-label={player.playing ? t('listen.stop') : t('listen.play')}
          onClick={player.toggle}
        >
          {player.playing ? <StopIcon /> : <PlayIcon />}
        </RoundButton>
        <StatusLine aria-live="polite">
          {!player.ended && !player.failed ? t('listen.listenFirst') : ''}
        </StatusLine>
        {player.failed ? (
          <Notice role="alert">
            <p>{t('listen.playFailed')}</p>
          </Notice>
        ) : null}
        <Votes>
          <Button
            variant="primary"
            size="lg"
            startIcon={<CheckIcon />}
            disabled={!canYes}
            loading={saving === true}
            onClick={() => void castVote(true)}
          >
            {t('listen.yes')}
          </Button>
          <Button
            variant="danger"
            size="lg"
            startIcon={<XIcon />}
            disabled={!canNo}
            loading={saving === false}
            onClick={() => void castVote(false)}
          >
            {t('listen.no')}
          </Button>
        </Votes>
        <ActionRow>
          <Button variant="ghost" onClick={() => setReportOpen(true)} disabled={busy}>
            {t('common.report')}
          </Button>
          <Button variant="outline" onClick={() => void skip()} loading={skipState.isLoading} disabled={busy}>
            {t('common.skip')}
          </Button>
          {undo ? (
            <Button variant="ghost" onClick={undo.run} loading={undo.busy} disabled={busy}>
              {t('listen.undo')}
            </Button>
          ) : null}
        </ActionRow>
        <ShortcutList shortcuts={shortcuts} />
      </Centered>
      {reportOpen ? (
        <ReportDialog
          open
          onClose={() => setReportOpen(false)}
          title={t('report.recordingTitle')}
          description={t('report.recordingDescription')}
          reasons={recordingReportOptions(t)}
          submitting={reportState.isLoading}
          onSubmit={(body) => void report(body)}
        />
      ) : null}
    </Card>
  );
}
