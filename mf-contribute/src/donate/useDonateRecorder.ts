import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_PAIR_MAX_SECONDS, AUDIO_PAIR_MIN_SECONDS } from '@platform/contracts/client';
import { pushSample, silentWaveform, WAVEFORM_INTERVAL_MS } from '../speak/waveform';
import type { CaptureProblem, PcmCapture } from './pcmCapture';
import { wavBlob } from './wavEncoder';

export const SIDES = ['english', 'yoruba'] as const;
export type Side = (typeof SIDES)[number];

export interface Clip {
  /** 16-bit PCM mono WAV. */
  blob: Blob;
  /** An object URL for playing the clip back; revoked when the clip is replaced or dropped. */
  url: string;
  durationMs: number;
}

export type RecorderProblem =
  | { kind: 'microphone' }
  | { kind: 'recording'; reason: Exclude<CaptureProblem, 'microphone'> }
  | { kind: 'empty'; side: Side }
  /** Shorter than the server accepts (AUDIO_PAIR_MIN_SECONDS); the clip is not kept. */
  | { kind: 'tooShort'; side: Side }
  | { kind: 'noActiveRecording' };

export interface DonateRecorder {
  /** The side being recorded (only one at a time), or the one whose microphone is being opened. */
  recording: Side | null;
  starting: Side | null;
  clips: Record<Side, Clip | null>;
  /** The last 30 loudness samples (0..1), every 80 ms while recording (SPEC §9). */
  levels: number[];
  elapsedSeconds: number;
  /** Records one side; its earlier clip is replaced when the new one is stopped (re-record). */
  start: (side: Side) => Promise<void>;
  /** Stops the recording and keeps its clip; the microphone is released. */
  stop: () => Promise<void>;
  /** Stops any recording and drops both clips (Skip, Report, after Submit). */
  reset: () => void;
}

const noClips = (): Record<Side, Clip | null> => ({ english: null, yoruba: null });

interface Live {
  side: Side;
  capture: PcmCapture;
  sampler: ReturnType<typeof setInterval>;
  clock: ReturnType<typeof setInterval>;
  limit: ReturnType<typeof setTimeout>;
}

/**
 * Donate Your Voice's two recordings: English and Yoruba, one side at a time, each captured as PCM and
 * kept as a WAV clip for playback and upload. Problems are told through `onProblem` (the screen words them).
 */
export function useDonateRecorder(
  onProblem: (problem: RecorderProblem) => void,
  maxSeconds = AUDIO_PAIR_MAX_SECONDS,
): DonateRecorder {
  const [recording, setRecording] = useState<Side | null>(null);
  const [starting, setStarting] = useState<Side | null>(null);
  const [clips, setClips] = useState(noClips);
  const [levels, setLevels] = useState<number[]>(silentWaveform);
  const [elapsedSeconds, setElapsed] = useState(0);
  const live = useRef<Live | null>(null);
  const opening = useRef(false);
  const clipsRef = useRef(noClips());
  const mounted = useRef(true);
  const problemRef = useRef(onProblem);
  useEffect(() => {
    problemRef.current = onProblem;
  });

  const setClip = useCallback((side: Side, clip: Clip | null) => {
    const previous = clipsRef.current[side];
    if (previous) URL.revokeObjectURL(previous.url);
    clipsRef.current = { ...clipsRef.current, [side]: clip };
    setClips(clipsRef.current);
  }, []);

  /** Ends the timers of the live recording and forgets it; the capture itself is the caller's. */
  const detach = useCallback((): Live | null => {
    const current = live.current;
    if (!current) return null;
    live.current = null;
    clearInterval(current.sampler);
    clearInterval(current.clock);
    clearTimeout(current.limit);
    if (mounted.current) {
      setRecording(null);
      setLevels(silentWaveform());
    }
    return current;
  }, []);

  const stop = useCallback(async () => {
    const current = detach();
    if (!current) {
      problemRef.current({ kind: 'noActiveRecording' });
      return;
    }
    let samples: Float32Array;
    let sampleRate: number;
    try {
      ({ samples, sampleRate } = await current.capture.stop());
    } catch (error) {
      const problem = (error as { problem?: CaptureProblem }).problem;
      if (mounted.current) {
        problemRef.current({
          kind: 'recording',
          reason: problem && problem !== 'microphone' ? problem : 'failed',
        });
      }
      return;
    }
    if (!mounted.current) return;
    if (samples.length === 0) {
      problemRef.current({ kind: 'empty', side: current.side });
      return;
    }
    // The server refuses a clip shorter than a second: say so now rather than after the upload.
    if (samples.length < AUDIO_PAIR_MIN_SECONDS * sampleRate) {
      problemRef.current({ kind: 'tooShort', side: current.side });
      return;
    }
    // Stopped by the time limit, the last flush may run a few milliseconds over it.
    const kept = samples.subarray(0, Math.min(samples.length, maxSeconds * sampleRate));
    const blob = wavBlob(kept, sampleRate);
    setClip(current.side, {
      blob,
      url: URL.createObjectURL(blob),
      durationMs: Math.round((kept.length / sampleRate) * 1000),
    });
  }, [detach, maxSeconds, setClip]);

  const start = useCallback(
    async (side: Side) => {
      if (live.current || opening.current) return;
      opening.current = true;
      setStarting(side);
      let capture: PcmCapture;
      try {
        const { startPcmCapture } = await import('./pcmCapture');
        capture = await startPcmCapture({
          onFailure: (reason) => {
            if (live.current?.capture !== capture) return;
            detach()?.capture.cancel();
            problemRef.current(
              reason === 'microphone' ? { kind: 'microphone' } : { kind: 'recording', reason },
            );
          },
        });
      } catch (error) {
        opening.current = false;
        if (!mounted.current) return;
        setStarting(null);
        const problem = (error as { problem?: CaptureProblem }).problem ?? 'failed';
        problemRef.current(
          problem === 'microphone' ? { kind: 'microphone' } : { kind: 'recording', reason: problem },
        );
        return;
      }
      opening.current = false;
      if (!mounted.current) {
        capture.cancel();
        return;
      }
      const startedAt = Date.now();
      setLevels(silentWaveform());
      setElapsed(0);
      live.current = {
        side,
        capture,
        sampler: setInterval(
          () => setLevels((previous) => pushSample(previous, capture.level())),
          WAVEFORM_INTERVAL_MS,
        ),
        clock: setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 250),
        // The server refuses longer clips, so stop there rather than record in vain.
        limit: setTimeout(() => void stop(), maxSeconds * 1000),
      };
      setStarting(null);
      setRecording(side);
    },
    [detach, maxSeconds, stop],
  );

  const reset = useCallback(() => {
    detach()?.capture.cancel();
    for (const side of SIDES) setClip(side, null);
  }, [detach, setClip]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = live.current;
      live.current = null;
      if (current) {
        clearInterval(current.sampler);
        clearInterval(current.clock);
        clearTimeout(current.limit);
        current.capture.cancel();
      }
      for (const side of SIDES) {
        const clip = clipsRef.current[side];
        if (clip) URL.revokeObjectURL(clip.url);
      }
      clipsRef.current = noClips();
    };
  }, []);

  return { recording, starting, clips, levels, elapsedSeconds, start, stop, reset };
}
