import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDING_MAX_SECONDS } from '@platform/contracts/client';
import type { MicrophoneProblem } from './recorderSupport';
import { isRecordingSupported, microphoneProblemOf, pickMimeType } from './recorderSupport';
import { levelOf, pushSample, silentWaveform, WAVEFORM_INTERVAL_MS } from './waveform';

export type RecorderStatus = 'unsupported' | 'idle' | 'starting' | 'recording' | 'recorded' | 'blocked';

export interface Take {
  blob: Blob;
  /** An object URL for playing the take back; revoked when the take is discarded. */
  url: string;
}

export interface Recorder {
  status: RecorderStatus;
  /** Why the microphone would not start (status 'blocked'). */
  problem: MicrophoneProblem | null;
  take: Take | null;
  /** The last 30 loudness samples (0..1) while recording. */
  levels: number[];
  /** Whole seconds recorded so far. */
  elapsedSeconds: number;
  /** Starts recording; a take already made is discarded (re-record). */
  start: () => Promise<void>;
  stop: () => void;
  /** Throws the take away and goes back to idle. */
  discard: () => void;
}

interface Live {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | null;
  sampler: ReturnType<typeof setInterval> | null;
  limit: ReturnType<typeof setTimeout>;
  clock: ReturnType<typeof setInterval>;
}

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | undefined =>
  window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;

/**
 * MediaRecorder around the microphone, with a live level meter from an AnalyserNode. The microphone is
 * released as soon as recording stops (and when the component using this goes away), so the browser's
 * "recording" indicator never stays on between takes.
 */
export function useRecorder(maxSeconds = RECORDING_MAX_SECONDS): Recorder {
  const [supported] = useState(isRecordingSupported);
  const [status, setStatus] = useState<RecorderStatus>(supported ? 'idle' : 'unsupported');
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  const [take, setTake] = useState<Take | null>(null);
  const [levels, setLevels] = useState<number[]>(silentWaveform);
  const [elapsedSeconds, setElapsed] = useState(0);
  const live = useRef<Live | null>(null);
  const takeRef = useRef<Take | null>(null);
  const unmounted = useRef(false);

  const replaceTake = useCallback((next: Take | null) => {
    if (takeRef.current) URL.revokeObjectURL(takeRef.current.url);
    takeRef.current = next;
    setTake(next);
  }, []);

  const release = useCallback(() => {
    const current = live.current;
    if (!current) return;
    live.current = null;
    if (current.sampler) clearInterval(current.sampler);
    clearInterval(current.clock);
    clearTimeout(current.limit);
    for (const track of current.stream.getTracks()) track.stop();
    void current.context?.close().catch(() => undefined);
  }, []);

  const stop = useCallback(() => {
    const current = live.current;
    if (!current) return;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else release();
  }, [release]);

  const start = useCallback(async () => {
    if (!supported || live.current) return;
    replaceTake(null);
    setProblem(null);
    setStatus('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (unmounted.current) return;
      setProblem(microphoneProblemOf(error));
      setStatus('blocked');
      return;
    }
    if (unmounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }

    const mimeType = pickMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      setProblem('failed');
      setStatus('blocked');
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      release();
      if (unmounted.current) return;
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      if (blob.size === 0) {
        setStatus('idle');
        return;
      }
      replaceTake({ blob, url: URL.createObjectURL(blob) });
      setStatus('recorded');
    };

    // The level meter is a nicety: without Web Audio the take is recorded all the same.
    let context: AudioContext | null = null;
    let sampler: ReturnType<typeof setInterval> | null = null;
    const Context = audioContextClass();
    if (Context) {
      try {
        context = new Context();
        const analyser = context.createAnalyser();
        analyser.fftSize = 512;
        context.createMediaStreamSource(stream).connect(analyser);
        const frame = new Uint8Array(analyser.fftSize);
        sampler = setInterval(() => {
          analyser.getByteTimeDomainData(frame);
          const level = levelOf(frame);
          setLevels((previous) => pushSample(previous, level));
        }, WAVEFORM_INTERVAL_MS);
      } catch {
        void context?.close().catch(() => undefined);
        context = null;
      }
    }

    const startedAt = Date.now();
    setElapsed(0);
    setLevels(silentWaveform());
    live.current = {
      stream,
      recorder,
      context,
      sampler,
      // The server refuses takes longer than the limit, so stop there rather than record in vain.
      limit: setTimeout(stop, maxSeconds * 1000),
      clock: setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 250),
    };
    recorder.start();
    setStatus('recording');
  }, [supported, maxSeconds, release, replaceTake, stop]);

  const discard = useCallback(() => {
    if (live.current) {
      // Stopping would produce a take; drop the handlers first so none arrives.
      live.current.recorder.onstop = null;
      live.current.recorder.ondataavailable = null;
      if (live.current.recorder.state !== 'inactive') live.current.recorder.stop();
      release();
    }
    replaceTake(null);
    setLevels(silentWaveform());
    setStatus(supported ? 'idle' : 'unsupported');
  }, [release, replaceTake, supported]);

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      if (live.current) {
        live.current.recorder.onstop = null;
        if (live.current.recorder.state !== 'inactive') live.current.recorder.stop();
        release();
      }
      if (takeRef.current) URL.revokeObjectURL(takeRef.current.url);
      takeRef.current = null;
    };
  }, [release]);

  return { status, problem, take, levels, elapsedSeconds, start, stop, discard };
}
