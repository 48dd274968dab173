import { Suspense, lazy, useState } from 'react';
import styled from 'styled-components';
import type { SentenceToRecord } from '@platform/contracts';
import { RECORDING_MAX_SECONDS } from '@platform/contracts/client';
import { Button, Card, MicIcon, PlayIcon, StopIcon, useToast } from '@platform/ui';
import { useReportSentenceMutation, useSkipSentenceMutation } from '../api/contributeApi';
import { errorMessage, errorStatus } from '../api/errorMessage';
import { storeAudio } from '../queue/types';
import { useContributionQueue } from '../queue/useContributionQueue';
import { useContributeT } from '../i18n';
import { sentenceReportOptions } from '../shared/reportReasons';
import { ActionRow, Centered, Notice, RoundButton, SentenceText, StatusLine } from '../shared/RoundButton';
import { ShortcutList } from '../shared/ShortcutList';
import type { Shortcut } from '../shared/useShortcuts';
import { useShortcuts } from '../shared/useShortcuts';
import { useAudioPlayer } from '../shared/useAudioPlayer';
import type { Outcome } from './roundProgress';
import { useRecorder } from './useRecorder';
import { Waveform } from './Waveform';

type SentenceReason = ReturnType<typeof sentenceReportOptions>[number]['value'];

// The dialogs are fetched when first opened: most rounds never open them, and Speak's first load on a phone
// then carries neither them nor the dialog, radio and text area components they are built from.
const GuidelinesDialog = lazy(() =>
  import('./GuidelinesDialog').then((m) => ({ default: m.GuidelinesDialog })),
);
const ReportDialog = lazy(() =>
  import('../shared/ReportDialog').then((m) => ({ default: m.ReportDialog<SentenceReason> })),
);

const Instruction = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export interface SentenceRecorderProps {
  sentence: SentenceToRecord;
  /** Called once the sentence is done with (recorded, skipped or reported); the parent moves on. */
  onDone: (outcome: Outcome) => void;
}

/**
 * One sentence of the round: record (with the live waveform), play back, re-record, then SUBMIT; or skip
 * or report it. Keyed by sentence in the parent, so moving on drops the take and releases the microphone.
 * SUBMIT saves the take on the device and moves on at once: the queue sends it (now, or when the connection
 * is back) while the person records the next one.
 */
export function SentenceRecorder({ sentence, onDone }: SentenceRecorderProps) {
  const t = useContributeT();
  const toast = useToast();
  const recorder = useRecorder();
  const player = useAudioPlayer(recorder.take?.url ?? null);
  const { queue } = useContributionQueue();
  const [saving, setSaving] = useState(false);
  const [skipSentence, skipState] = useSkipSentenceMutation();
  const [reportSentence, reportState] = useReportSentenceMutation();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [guidelinesOpen, setGuidelinesOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);

  const { status, take } = recorder;
  const recording = status === 'recording';
  const unsupported = status === 'unsupported';
  const busy = saving || skipState.isLoading || reportState.isLoading;
  const canSubmit = status === 'recorded' && take !== null && !busy;

  const toggleRecording = () => {
    if (busy || unsupported || status === 'starting') return;
    if (recording) {
      recorder.stop();
      return;
    }
    player.stop();
    setUploadError(null);
    void recorder.start();
  };

  const submit = async () => {
    if (!canSubmit || !take) return;
    player.stop();
    setUploadError(null);
    setSaving(true);
    try {
      await queue.enqueue({
        kind: 'recording',
        sentenceId: sentence.id,
        sentenceText: sentence.text,
        language: sentence.language,
        audio: await storeAudio(take.blob),
      });
    } catch (error) {
      // Not even kept in memory (the take could not be read): the person keeps it and may try again.
      setSaving(false);
      const message = error instanceof Error ? error.message : String(error);
      setUploadError(message);
      toast.show({ title: t('speak.submitFailed'), description: message, variant: 'error' });
      return;
    }
    toast.show({ title: t('speak.saved'), description: t('queue.savedHint'), variant: 'success' });
    onDone('recorded');
  };

  const skip = async () => {
    if (busy) return;
    player.stop();
    recorder.discard();
    try {
      await skipSentence(sentence.id).unwrap();
      onDone('skipped');
    } catch (error) {
      // Offline the round goes on: the sentence leaves the device; the server may offer it again one day.
      if (errorStatus(error) === undefined) onDone('skipped');
      else toast.show({ title: t('speak.skipFailed'), description: errorMessage(error), variant: 'error' });
    }
  };

  const report = async (body: { reason: SentenceReason; details?: string }) => {
    try {
      await reportSentence({ id: sentence.id, ...body }).unwrap();
      setReportOpen(false);
      player.stop();
      recorder.discard();
      toast.show({ title: t('speak.reported'), description: t('speak.reportedThanks'), variant: 'success' });
      onDone('reported');
    } catch (error) {
      toast.show({ title: t('speak.reportFailed'), description: errorMessage(error), variant: 'error' });
    }
  };

  const micLabel = recording ? t('speak.stopRecording') : take ? t('speak.reRecord') : t('speak.record');
  const shortcuts: Shortcut[] = [
    {
      key: 'r',
      label: micLabel,
      run: toggleRecording,
      disabled: unsupported || busy,
    },
    { key: 'p', label: t('speak.playBack'), run: player.toggle, disabled: !take || recording },
    { key: 's', label: t('speak.submitShortcut'), run: () => void submit(), disabled: !canSubmit },
    { key: 'k', label: t('common.skip'), run: () => void skip(), disabled: busy },
  ];
  useShortcuts(shortcuts);

  const statusText = recording
    ? t('speak.recordingStatus', {
        elapsed: clock(recorder.elapsedSeconds),
        max: clock(RECORDING_MAX_SECONDS),
      })
    : status === 'starting'
      ? t('speak.starting')
      : take
        ? t('speak.recorded')
        : '';

  return (
    <Card aria-label={t('speak.card')} padding="lg" elevated>
      <Centered>
        <Instruction>
          {t('speak.instructionBefore')} <MicIcon title={t('speak.micIcon')} /> {t('speak.instructionAfter')}
        </Instruction>
        <SentenceText lang={sentence.language} translate="no" data-testid="sentence-text">
          {sentence.text}
        </SentenceText>

        {unsupported ? (
          <Notice role="alert">
            <p>{t('speak.unsupported')}</p>
            <p>{t('speak.unsupportedHint')}</p>
          </Notice>
        ) : (
          <>
            <ActionRow>
              <RoundButton
                type="button"
                $active={recording}
                aria-label={micLabel}
                onClick={toggleRecording}
                disabled={busy || status === 'starting'}
              >
                {recording ? <StopIcon /> : <MicIcon />}
              </RoundButton>
            </ActionRow>
            <Waveform levels={recorder.levels} active={recording} />
            <StatusLine aria-live="polite">{statusText}</StatusLine>
            {take && !recording ? (
              <Button
                variant="outline"
                startIcon={player.playing ? <StopIcon /> : <PlayIcon />}
                onClick={player.toggle}
              >
                {player.playing ? t('speak.stopPlayback') : t('speak.playBack')}
              </Button>
            ) : null}
            {status === 'blocked' && recorder.problem ? (
              <Notice role="alert">
                <p>{t(`microphone.${recorder.problem}`)}</p>
              </Notice>
            ) : null}
          </>
        )}

        {uploadError ? (
          <Notice role="alert" data-testid="upload-error">
            <p>{t('speak.submitFailed')}</p>
            <p>{uploadError}</p>
          </Notice>
        ) : null}

        <ActionRow>
          <Button variant="ghost" onClick={() => setGuidelinesOpen(true)}>
            {t('speak.guidelines')}
          </Button>
          <Button variant="ghost" onClick={() => setReportOpen(true)} disabled={busy || recording}>
            {t('common.report')}
          </Button>
          <Button variant="outline" onClick={() => void skip()} loading={skipState.isLoading} disabled={busy}>
            {t('common.skip')}
          </Button>
          <Button onClick={() => void submit()} loading={saving} disabled={!canSubmit}>
            {t('speak.submit')}
          </Button>
        </ActionRow>
        <ShortcutList shortcuts={shortcuts} />
      </Centered>

      <Suspense fallback={null}>
        {guidelinesOpen ? <GuidelinesDialog open onClose={() => setGuidelinesOpen(false)} /> : null}
        {reportOpen ? (
          <ReportDialog
            open
            onClose={() => setReportOpen(false)}
            title={t('report.sentenceTitle')}
            description={t('report.sentenceDescription')}
            reasons={sentenceReportOptions(t)}
            submitting={reportState.isLoading}
            onSubmit={(body) => void report(body)}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}
