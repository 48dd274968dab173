import { useCallback, useEffect, useRef, useState } from 'react';

export interface AudioPlayer {
  playing: boolean;
  /** Playback has begun at least once for this source. */
  started: boolean;
  /** The clip has been played through to its end at least once. */
  ended: boolean;
  failed: boolean;
  toggle: () => void;
  /** Stops and rewinds (voting and skipping must silence the clip). */
  stop: () => void;
}

/** An address to play, or audio kept on the device (played from an object URL made and freed here). */
export type AudioSource = string | Blob | null;

interface PlayState {
  src: AudioSource;
  playing: boolean;
  started: boolean;
  ended: boolean;
  failed: boolean;
}

const fresh = (src: AudioSource): PlayState => ({
  src,
  playing: false,
  started: false,
  ended: false,
  failed: false,
});

/**
 * One audio clip behind a play/stop toggle. What happened is remembered per source, so a new clip starts
 * from nothing: nobody can vote on a recording because they listened to the previous one.
 */
export function useAudioPlayer(src: AudioSource): AudioPlayer {
  const [state, setState] = useState<PlayState>(() => fresh(src));
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const current = state.src === src ? state : fresh(src);

  useEffect(() => {
    if (!src) return undefined;
    const audio = new Audio();
    audio.preload = 'auto';
    const update = (patch: Partial<PlayState>) =>
      setState((previous) => ({ ...(previous.src === src ? previous : fresh(src)), ...patch }));
    const onPlaying = () => update({ playing: true, started: true, failed: false });
    const onPause = () => update({ playing: false });
    const onEnded = () => update({ playing: false, ended: true });
    const onError = () => update({ playing: false, failed: true });
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    const objectUrl = typeof src === 'string' ? null : URL.createObjectURL(src);
    audio.src = objectUrl ?? (src as string);
    audioRef.current = audio;
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      audio.pause();
      audio.removeAttribute('src');
      if (audioRef.current === audio) audioRef.current = null;
    };
  }, [src]);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    audio.currentTime = 0;
  }, []);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      stop();
      return;
    }
    if (audio.ended) audio.currentTime = 0;
    void audio.play()?.catch?.((error: unknown) => {
      // A stop pressed before playback began interrupts play(); that is not a broken clip.
      if ((error as { name?: string } | null)?.name === 'AbortError') return;
      setState((previous) => ({
        ...(previous.src === src ? previous : fresh(src)),
        playing: false,
        failed: true,
      }));
    });
  }, [src, stop]);

  return { ...current, toggle, stop };
}
