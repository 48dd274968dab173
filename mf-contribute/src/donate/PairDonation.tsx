import { useCallback, useState } from 'react';
import styled from 'styled-components';
import type { Dialect, TextPair, TextPairReportReason } from '@platform/contracts';
import { AUDIO_PAIR_MAX_SECONDS, AUDIO_PAIR_MIN_SECONDS } from '@platform/contracts/client';
import { translateError } from '@platform/i18n';
import { Badge, Button, Card, ProgressBar, useToast } from '@platform/ui';
import { useReportDonatePairMutation, useSkipDonatePairMutation } from '../api/donateApi';
import { errorMessage } from '../api/errorMessage';
import { useContributeT } from '../i18n';
import { storeAudio } from '../queue/types';
import { useContributionQueue } from '../queue/useContributionQueue';
import { ReportDialog } from '../shared/ReportDialog';
import { textPairReportOptions } from '../shared/reportReasons';
import { ActionRow, Notice, StatusLine } from '../shared/RoundButton';
import { ShortcutList } from '../shared/ShortcutList';
import type { Shortcut } from '../shared/useShortcuts';
import { useShortcuts } from '../shared/useShortcuts';
import { Waveform } from '../speak/Waveform';
import { SideRecorder } from './SideRecorder';
import type { RecorderProblem, Side } from './useDonateRecorder';
import { useDonateRecorder } from './useDonateRecorder';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const CategoryLine = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Sides = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const Missing = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** BCP 47 tags of the two sides, so screen readers pronounce each text in its language. */
const SIDE_LANG: Record<Side, string> = { english: 'en', yoruba: 'yo' };

export interface PairDonationProps {
  pair: TextPair;
  dialect: Dialect | null;
  /** The last pair this person can be offered: Skip is disabled (SPEC §4). */
  isLast: boolean;
}

/**
 * One text pair to speak: Record English and Record Yoruba (one side at a time), the live waveform, then
 * Submit with the dialect; or Report or Skip the pair. Keyed by the pair in the parent, so a new pair
 * starts with no clips and the microphone released. Submit saves the pair in the queue of contributions
 * kept on the device and follows its upload; offline it stays there, to be sent when the connection is back.
 */
export function PairDonation({ pair, dialect, isLast }: PairDonationProps) {
  const t = useContributeT();
  const toast = useToast();
  const [skipPair, skipState] = useSkipDonatePairMutation();
  const [reportPair, reportState] = useReportDonatePairMutation();
  const [reportOpen, setReportOpen] = useState(false);
  const { queue, snapshot } = useContributionQueue();
  const [itemId, setItemId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const percent =
    itemId !== null && snapshot.sending?.id === itemId ? (snapshot.sending.percent ?? 0) : sending ? 0 : null;

  const fail = useCallback(
    (title: string, description?: string) => toast.show({ title, description, variant: 'error' }),
    [toast],
  );
  const onProblem = useCallback(
    (problem: RecorderProblem) => {
      switch (problem.kind) {
        case 'microphone':
          fail(t('donate.microphoneFailed'));
          break;
        case 'recording':
          fail(t('donate.recordingError', { reason: t(`donate.recordingErrors.${problem.reason}`) }));
          break;
        case 'empty':
          fail(t(`donate.empty.${problem.side}`));
          break;
        case 'tooShort':
          fail(
            t(`donate.tooShort.${problem.side}`, {
              min: AUDIO_PAIR_MIN_SECONDS,
              max: AUDIO_PAIR_MAX_SECONDS,
            }),
          );
          break;
        case 'noActiveRecording':
          fail(t('donate.noActiveRecording'));
          break;
      }
    },
    [fail, t],
  );
  const recorder = useDonateRecorder(onProblem);
  const { clips } = recorder;

  const busy = sending || skipState.isLoading || reportState.isLoading;
  const micBusy = recorder.recording !== null || recorder.starting !== null;

  // SPEC §5, in its order: what is still missing before the pair can be sent.
  const missing: string[] = [];
  if (!clips.english || !clips.yoruba) missing.push(t('donate.needBoth'));
  if (!dialect) missing.push(t('donate.needDialect'));
  const canSubmit = missing.length === 0 && !busy && !micBusy;

  const record = (side: Side) => {
    if (busy || micBusy) return;
    void recorder.start(side);
  };

  const submit = async () => {
    if (!canSubmit || !clips.english || !clips.yoruba || !dialect) {
      if (!busy && !micBusy && missing[0]) fail(missing[0]);
      return;
    }
    setSending(true);
    try {
      const { entry, outcome } = await queue.enqueueAwaited({
        kind: 'donation',
        textId: pair.text_id,
        dialect,
        englishText: pair.source_lang_text,
        english: await storeAudio(clips.english.blob),
        yoruba: await storeAudio(clips.yoruba.blob),
      });
      setItemId(entry.id);
      const answer = await outcome;
      if (answer.kind === 'refused') {
        // The clips are still here, to record again: the refused copy leaves the device.
        await queue.remove(entry.id);
        fail(translateError(answer.refusal.code, answer.refusal.message));
      } else if (answer.kind === 'sent') {
        recorder.reset();
        toast.show({ title: t('donate.submitted'), variant: 'success' });
      } else {
        recorder.reset();
        toast.show({ title: t('donate.saved'), description: t('donate.savedHint'), variant: 'success' });
      }
    } catch {
      // SPEC §8: 'Failed to submit audio. Please try again.' (here: the device could not keep the clips).
      fail(t('donate.submitFailed'));
    } finally {
      setSending(false);
      setItemId(null);
    }
  };

  const skip = async () => {
    if (busy || isLast) return;
    recorder.reset();
    try {
      await skipPair(pair.text_id).unwrap();
    } catch (error) {
      fail(t('donate.skipFailed'), errorMessage(error));
    }
  };

  const report = async (body: { reason: TextPairReportReason; details?: string }) => {
    try {
      await reportPair({ id: pair.text_id, ...body }).unwrap();
      setReportOpen(false);
      recorder.reset();
      toast.show({
        title: t('donate.reported'),
        description: t('donate.reportedThanks'),
        variant: 'success',
      });
    } catch (error) {
      fail(t('donate.reportFailed'), errorMessage(error));
    }
  };

  const recordingSide = recorder.recording;
  // The key that started a side stops it; pressed while its microphone is still opening, there is nothing
  // to stop yet, and the person is told so.
  const toggle = (side: Side) => {
    if (recordingSide === side || recorder.starting === side) void recorder.stop();
    else record(side);
  };
  const micLabel = (side: Side) =>
    recordingSide === side
      ? t('donate.stop')
      : clips[side]
        ? t(`donate.reRecord.${side}`)
        : t(`donate.record.${side}`);
  const shortcuts: Shortcut[] = [
    {
      key: 'e',
      label: micLabel('english'),
      run: () => toggle('english'),
      disabled: busy || recordingSide === 'yoruba' || recorder.starting === 'yoruba',
    },
    {
      key: 'y',
      label: micLabel('yoruba'),
      run: () => toggle('yoruba'),
      disabled: busy || recordingSide === 'english' || recorder.starting === 'english',
    },
    { key: 's', label: t('donate.submit'), run: () => void submit(), disabled: !canSubmit },
    { key: 'k', label: t('common.skip'), run: () => void skip(), disabled: busy || micBusy || isLast },
  ];
  // This pair's donation already waits on the device (saved offline, or after a reload): the next pair
  // comes from the server once it is sent, and recording it again would only be refused.
  const saved = sending
    ? undefined
    : snapshot.items.find(
        (item) => item.contribution.kind === 'donation' && item.contribution.textId === pair.text_id,
      );
  useShortcuts(saved ? [] : shortcuts);

  const status = recordingSide
    ? t('donate.recordingStatus', {
        language: t(`donate.sides.${recordingSide}`),
        elapsed: clock(recorder.elapsedSeconds),
        max: clock(AUDIO_PAIR_MAX_SECONDS),
      })
    : recorder.starting
      ? t('donate.starting')
      : '';

  if (saved) {
    return (
      <Card aria-label={t('donate.card')} padding="lg" elevated>
        <Body>
          <Notice $tone="info" role="status" data-testid="donation-saved">
            <p>{t('donate.waiting')}</p>
            <p>
              {saved.state === 'failed' && saved.failure
                ? t('queue.states.failed', {
                    reason: translateError(saved.failure.code, saved.failure.message),
                  })
                : t('donate.waitingHint')}
            </p>
          </Notice>
        </Body>
      </Card>
    );
  }

  return (
    <Card aria-label={t('donate.card')} padding="lg" elevated>
      <Body>
        <CategoryLine>
          {t('donate.category')}
          <Badge variant="info" data-testid="pair-category">
            {t(`review.categories.${pair.text_category}`)}
          </Badge>
        </CategoryLine>
        <Sides>
          {(['english', 'yoruba'] as const).map((side) => (
            <SideRecorder
              key={side}
              side={side}
              text={side === 'english' ? pair.source_lang_text : pair.target_lang_text}
              lang={SIDE_LANG[side]}
              clip={clips[side]}
              recording={recordingSide === side}
              locked={busy || (micBusy && recordingSide !== side)}
              onRecord={() => record(side)}
              onStop={() => void recorder.stop()}
              onPlayFailed={() => fail(t(`donate.playFailed.${side}`))}
            />
          ))}
        </Sides>

        <Waveform levels={recorder.levels} active={recordingSide !== null} />
        <StatusLine role="status" aria-live="polite" data-testid="donate-status">
          {status}
        </StatusLine>

        {sending && percent !== null ? (
          <ProgressBar
            value={percent}
            label={t('donate.uploading')}
            valueText={t('donate.uploaded', { percent })}
          />
        ) : null}

        <ActionRow>
          <Button variant="ghost" onClick={() => setReportOpen(true)} disabled={busy || micBusy}>
            {t('common.report')}
          </Button>
          <Button
            variant="outline"
            onClick={() => void skip()}
            loading={skipState.isLoading}
            disabled={busy || micBusy || isLast}
          >
            {t('common.skip')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={sending}
            disabled={!canSubmit}
            aria-describedby={missing.length > 0 ? 'donate-missing' : undefined}
          >
            {sending ? t('donate.submitting') : t('donate.submit')}
          </Button>
        </ActionRow>
        {missing.length > 0 ? (
          <Missing id="donate-missing" data-testid="donate-missing">
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Missing>
        ) : null}
        <ShortcutList shortcuts={shortcuts} />
      </Body>

      {reportOpen ? (
        <ReportDialog
          open
          onClose={() => setReportOpen(false)}
          title={t('report.textPairTitle')}
          description={t('report.textPairDescription')}
          reasons={textPairReportOptions(t)}
          submitting={reportState.isLoading}
          onSubmit={(body) => void report(body)}
        />
      ) : null}
    </Card>
  );
}
