import { useState } from 'react';
import styled from 'styled-components';
import { useDatasetsT } from '../i18n';
import { audioUrl } from './audioPairFilters';

export type AudioSide = 'english' | 'yoruba';

const Player = styled.audio`
  display: block;
  width: 14rem;
  max-width: 100%;
  height: 2.5rem;
`;

const Note = styled.p<{ $error?: boolean }>`
  margin: 0;
  max-width: 14rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger.main : theme.colors.textMuted)};
`;

export interface AudioPairPlayerProps {
  audioId: string;
  side: AudioSide;
  /** The stored path (`audio/pairs/<id>-source.wav`); empty when the pair has no file on that side. */
  path: string;
}

/**
 * One side of a pair as a native player (keyboard and screen reader come with it). A file the browser cannot
 * load is said in the cell, as the SPEC words it, instead of a player that does nothing.
 */
export function AudioPairPlayer({ audioId, side, path }: AudioPairPlayerProps) {
  const t = useDatasetsT();
  const [failed, setFailed] = useState(false);
  if (!path) return <Note>{t('viewAudioPairs.noAudio')}</Note>;
  if (failed) {
    return (
      <Note $error role="status" data-audio-failed={side}>
        {t(`viewAudioPairs.loadFailed.${side}`, { id: audioId })}
      </Note>
    );
  }
  return (
    <Player
      controls
      preload="metadata"
      src={audioUrl(path)}
      aria-label={t(`viewAudioPairs.audioLabel.${side}`, { id: audioId })}
      data-audio-side={side}
      onError={() => setFailed(true)}
    />
  );
}
