import { useEffect } from 'react';
import styled from 'styled-components';
import { Button, MicIcon, PlayIcon, StopIcon } from '@platform/ui';
import { useAudioPlayer } from '../shared/useAudioPlayer';
import { useContributeT } from '../i18n';
import type { Clip, Side } from './useDonateRecorder';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const PairText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: ${({ theme }) => theme.lineHeights.snug};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: auto;
`;

export interface SideRecorderProps {
  side: Side;
  text: string;
  /** BCP 47 tag of the text, for screen readers' pronunciation. */
  lang: string;
  clip: Clip | null;
  recording: boolean;
  /** Another side records, the microphone is opening, or the pair is being sent. */
  locked: boolean;
  onRecord: () => void;
  onStop: () => void;
  onPlayFailed: () => void;
}

/**
 * One side of the pair: its text, then Record <language> (Stop while recording, Play after, with
 * Re-record). The section is named after its language, so "Play" and "Stop" are heard in context.
 */
export function SideRecorder({
  side,
  text,
  lang,
  clip,
  recording,
  locked,
  onRecord,
  onStop,
  onPlayFailed,
}: SideRecorderProps) {
  const t = useContributeT();
  const player = useAudioPlayer(clip?.url ?? null);
  const headingId = `donate-${side}-heading`;

  const { failed, stop } = player;
  useEffect(() => {
    if (failed) onPlayFailed();
  }, [failed, onPlayFailed]);
  // Playback stops as soon as anything else begins: a recording, or sending the pair.
  useEffect(() => {
    if (locked) stop();
  }, [locked, stop]);

  const language = t(`donate.sides.${side}`);
  return (
    <Panel aria-labelledby={headingId} data-side={side}>
      <Heading id={headingId}>{language}</Heading>
      <PairText lang={lang} translate="no" data-testid={`${side}-text`}>
        {text}
      </PairText>
      <Buttons>
        {recording ? (
          <Button variant="danger" startIcon={<StopIcon />} onClick={onStop}>
            {t('donate.stop')}
          </Button>
        ) : clip ? (
          <>
            <Button
              variant="outline"
              startIcon={player.playing ? <StopIcon /> : <PlayIcon />}
              onClick={player.toggle}
              disabled={locked}
            >
              {player.playing ? t('donate.stopPlayback') : t('donate.play')}
            </Button>
            <Button
              variant="ghost"
              startIcon={<MicIcon />}
              onClick={() => {
                player.stop();
                onRecord();
              }}
              disabled={locked}
            >
              {t(`donate.reRecord.${side}`)}
            </Button>
          </>
        ) : (
          <Button startIcon={<MicIcon />} onClick={onRecord} disabled={locked}>
            {t(`donate.record.${side}`)}
          </Button>
        )}
      </Buttons>
    </Panel>
  );
}
