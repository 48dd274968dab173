import { readApiError } from '@platform/store';
import { useState } from 'react';
import styled from 'styled-components';
import type { SentenceToRecord } from '@platform/contracts';
import { RECORDING_MAX_SECONDS } from '@platform/contracts';
import { Button, Card, MicIcon, PlayIcon, StopIcon, useToast } from '@platform/ui';
import {
  useReportSentenceMutation,
  useSkipSentenceMutation,
  useSubmitRecordingMutation,
} from '../api/contributeApi';
import { MICROPHONE_MESSAGES, SPEAK } from '../shared/messages';
import { ReportDialog } from '../shared/ReportDialog';
import { SENTENCE_REPORT_OPTIONS } from '../shared/reportReasons';
import { ActionRow, Centered, Notice, RoundButton, SentenceText, StatusLine } from '../shared/RoundButton';
import { ShortcutList } from '../shared/ShortcutList';
import type { Shortcut } from '../shared/useShortcuts';
import { useShortcuts } from '../shared/useShortcuts';
import { useAudioPlayer } from '../shared/useAudioPlayer';
import { GuidelinesDialog } from './GuidelinesDialog';
import type { Outcome } from './roundProgress';
import { useRecorder } from './useRecorder';
import { Waveform } from './Waveform';

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
 */
export function SentenceRecorder({ sentence, onDone }: SentenceRecorderProps) {
  const toast = useToast();
  const recorder = useRecorder();
  const player = useAudioPlayer(recorder.take?.url ?? null);
  const [submitRecording, submitState] = useSubmitRecordingMutation();
  const [skipSentence, skipState] = useSkipSentenceMutation();
  const [reportSentence, reportState] = useReportSentenceMutation();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [guidelinesOpen, setGuidelinesOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);

  const { status, take } = recorder;
  const recording = status === 'recording';
  const unsupported = status === 'unsupported';
  const busy = submitState.isLoading || skipState.isLoading || reportState.isLoading;
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
    try {
      await submitRecording({ sentenceId: sentence.id, audio: take.blob }).unwrap();
      toast.show({ title: SPEAK.submitted, description: SPEAK.thanks, variant: 'success' });
      onDone('recorded');
    } catch (error) {
      const message = readApiError(error).message;
      setUploadError(message);
      toast.show({ title: SPEAK.submitFailed, description: message, variant: 'error' });
    }
  };

  const skip = async () => {
    if (busy) return;
    player.stop();
    recorder.discard();
    try {
      await skipSentence(sentence.id).unwrap();
      onDone('skipped');
    } catch (error) {
      toast.show({ title: SPEAK.skipFailed, description: readApiError(error).message, variant: 'error' });
    }
  };

  const report = async (body: {
    reason: (typeof SENTENCE_REPORT_OPTIONS)[number]['value'];
    details?: string;
  }) => {
    try {
      await reportSentence({ id: sentence.id, ...body }).unwrap();
      setReportOpen(false);
      player.stop();
      recorder.discard();
      toast.show({ title: SPEAK.reported, description: SPEAK.reportedThanks, variant: 'success' });
      onDone('reported');
    } catch (error) {
      toast.show({ title: SPEAK.reportFailed, description: readApiError(error).message, variant: 'error' });
    }
  };

  const micLabel = recording ? 'Stop recording' : take ? 'Re-record' : 'Record';
  const shortcuts: Shortcut[] = [
    {
      key: 'r',
      label: micLabel,
      run: toggleRecording,
      disabled: unsupported || busy,
    },
    { key: 'p', label: 'Play back', run: player.toggle, disabled: !take || recording },
    { key: 's', label: 'Submit', run: () => void submit(), disabled: !canSubmit },
    { key: 'k', label: 'Skip', run: () => void skip(), disabled: busy },
  ];
  useShortcuts(shortcuts);

  const statusText = recording
    ? `Recording… ${clock(recorder.elapsedSeconds)} (stops by itself at ${clock(RECORDING_MAX_SECONDS)})`
    : status === 'starting'
      ? 'Starting the microphone…'
      : take
        ? 'Recorded. Play it back, record again, or submit it.'
        : '';

  return (
    <Card aria-label="Sentence to record" padding="lg" elevated>
      <Centered>
        <Instruction>
          {SPEAK.instructionBefore} <MicIcon title="the microphone button" /> {SPEAK.instructionAfter}
        </Instruction>
        <SentenceText lang={sentence.language} data-testid="sentence-text">
          {sentence.text}
        </SentenceText>

        {unsupported ? (
          <Notice role="alert">
            <p>{SPEAK.unsupported}</p>
            <p>{SPEAK.unsupportedHint}</p>
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
                {player.playing ? 'Stop playback' : 'Play back'}
              </Button>
            ) : null}
            {status === 'blocked' && recorder.problem ? (
              <Notice role="alert">
                <p>{MICROPHONE_MESSAGES[recorder.problem]}</p>
              </Notice>
            ) : null}
          </>
        )}

        {uploadError ? (
          <Notice role="alert" data-testid="upload-error">
            <p>{SPEAK.submitFailed}</p>
            <p>{uploadError}</p>
          </Notice>
        ) : null}

        <ActionRow>
          <Button variant="ghost" onClick={() => setGuidelinesOpen(true)}>
            Guidelines
          </Button>
          <Button variant="ghost" onClick={() => setReportOpen(true)} disabled={busy || recording}>
            Report
          </Button>
          <Button variant="outline" onClick={() => void skip()} loading={skipState.isLoading} disabled={busy}>
            Skip
          </Button>
          <Button onClick={() => void submit()} loading={submitState.isLoading} disabled={!canSubmit}>
            SUBMIT
          </Button>
        </ActionRow>
        <ShortcutList shortcuts={shortcuts} />
      </Centered>

      <GuidelinesDialog open={guidelinesOpen} onClose={() => setGuidelinesOpen(false)} />
      {reportOpen ? (
        <ReportDialog
          open
          onClose={() => setReportOpen(false)}
          title="Report this sentence"
          description="Tell us what is wrong. You will not be asked to read it again, and it will be reviewed."
          reasons={SENTENCE_REPORT_OPTIONS}
          submitting={reportState.isLoading}
          onSubmit={(body) => void report(body)}
        />
      ) : null}
    </Card>
  );
}
