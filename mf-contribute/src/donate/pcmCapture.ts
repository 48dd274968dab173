// The microphone as raw PCM for Donate Your Voice. Loaded on demand (the first Record press), so the page
// does not carry it and tests replace it with a fake (jest.mock('./pcmCapture')).
import { levelOf } from '../speak/waveform';
import { joinBlocks, mixToMono } from './wavEncoder';
import { workletUrl } from './workletUrl';

/** Why a recording could not be made; the screen words each one from its catalogue. */
export type CaptureProblem =
  /** getUserMedia refused or failed: 'Failed to access microphone. Please check permissions.' */
  | 'microphone'
  /** 'Recording error: ' plus one of these reasons. */
  | 'unsupported'
  | 'disconnected'
  | 'failed';

export class CaptureError extends Error {
  constructor(
    readonly problem: CaptureProblem,
    message: string = problem,
  ) {
    super(message);
    this.name = 'CaptureError';
  }
}

export interface PcmRecording {
  samples: Float32Array;
  sampleRate: number;
}

export interface PcmCapture {
  /** Loudness (0..1) of the microphone right now, for the waveform. */
  level: () => number;
  /** Ends the recording, releases the microphone and gives the samples (possibly none). */
  stop: () => Promise<PcmRecording>;
  /** Ends the recording and releases the microphone, keeping nothing. */
  cancel: () => void;
}

export interface CaptureOptions {
  /** The recording broke while it ran (the microphone went away). */
  onFailure?: (problem: CaptureProblem) => void;
}

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | undefined =>
  window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;

/** How long to wait for the worklet's last samples after asking for them. */
const FLUSH_TIMEOUT_MS = 1000;

function openMicrophone(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function') {
    return Promise.reject(new CaptureError('unsupported'));
  }
  return navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 } }).catch((error: unknown) => {
    throw new CaptureError('microphone', error instanceof Error ? error.message : String(error));
  });
}

interface Graph {
  stream: MediaStream;
  context: AudioContext;
  analyser: AnalyserNode;
  source: MediaStreamAudioSourceNode;
}

function release({ stream, context }: Graph): void {
  for (const track of stream.getTracks()) track.stop();
  void context.close().catch(() => undefined);
}

function meter(analyser: AnalyserNode): () => number {
  const frame = new Uint8Array(analyser.fftSize);
  return () => {
    analyser.getByteTimeDomainData(frame);
    return levelOf(frame);
  };
}

function watchTracks(graph: Graph, options: CaptureOptions, stopped: () => boolean): void {
  for (const track of graph.stream.getAudioTracks()) {
    track.addEventListener('ended', () => {
      if (!stopped()) options.onFailure?.('disconnected');
    });
  }
}

/** The preferred way: an AudioWorklet hands over the samples as they come. */
async function workletCapture(graph: Graph, options: CaptureOptions): Promise<PcmCapture> {
  const { context, source } = graph;
  await context.audioWorklet.addModule(workletUrl());
  const node = new AudioWorkletNode(context, 'pcm-capture', {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    // Stereo microphones are mixed down to mono before the samples reach the processor.
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
  });
  const blocks: Float32Array[] = [];
  let flushed: (() => void) | null = null;
  node.port.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data instanceof Float32Array) blocks.push(event.data);
    else if (event.data === 'flushed') flushed?.();
  };
  // The processor only runs while the graph pulls it: route it through a silent gain to the speakers.
  const mute = context.createGain();
  mute.gain.value = 0;
  source.connect(node);
  node.connect(mute);
  mute.connect(context.destination);

  let done = false;
  watchTracks(graph, options, () => done);
  const finish = () => {
    done = true;
    node.port.onmessage = null;
    source.disconnect();
    node.disconnect();
    release(graph);
  };
  return {
    level: meter(graph.analyser),
    stop: async () => {
      if (done) return { samples: joinBlocks(blocks), sampleRate: context.sampleRate };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
        flushed = () => {
          clearTimeout(timer);
          resolve();
        };
        node.port.postMessage('flush');
      });
      const sampleRate = context.sampleRate;
      finish();
      return { samples: joinBlocks(blocks), sampleRate };
    },
    cancel: () => {
      if (!done) finish();
    },
  };
}

/** Where AudioWorklet is missing or refused: MediaRecorder, then the take decoded back to PCM. */
function mediaRecorderCapture(graph: Graph, options: CaptureOptions): PcmCapture {
  if (typeof window.MediaRecorder !== 'function') throw new CaptureError('unsupported');
  const recorder = new MediaRecorder(graph.stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data && event.data.size > 0) chunks.push(event.data);
  };
  recorder.onerror = () => options.onFailure?.('failed');
  let done = false;
  watchTracks(graph, options, () => done);
  recorder.start();
  return {
    level: meter(graph.analyser),
    stop: async () => {
      done = true;
      if (recorder.state !== 'inactive') {
        await new Promise<void>((resolve) => {
          recorder.onstop = () => resolve();
          recorder.stop();
        });
      }
      for (const track of graph.stream.getTracks()) track.stop();
      const blob = new Blob(chunks, { type: recorder.mimeType });
      try {
        if (blob.size === 0) return { samples: new Float32Array(0), sampleRate: graph.context.sampleRate };
        const decoded = await graph.context.decodeAudioData(await blob.arrayBuffer());
        const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) =>
          decoded.getChannelData(i),
        );
        return { samples: mixToMono(channels), sampleRate: decoded.sampleRate };
      } catch {
        throw new CaptureError('failed');
      } finally {
        release(graph);
      }
    },
    cancel: () => {
      if (done) return;
      done = true;
      recorder.ondataavailable = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release(graph);
    },
  };
}

/**
 * Opens the microphone and starts capturing mono PCM. Throws a CaptureError: 'microphone' when access is
 * refused, 'unsupported' when the browser has no way to record, 'failed' otherwise. The microphone is
 * released by stop() and cancel().
 */
export async function startPcmCapture(options: CaptureOptions = {}): Promise<PcmCapture> {
  const Context = audioContextClass();
  if (!Context) throw new CaptureError('unsupported');
  const stream = await openMicrophone();
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    for (const track of stream.getTracks()) track.stop();
    throw new CaptureError('failed');
  }
  const graph: Graph = {
    stream,
    context,
    analyser: context.createAnalyser(),
    source: context.createMediaStreamSource(stream),
  };
  graph.analyser.fftSize = 512;
  graph.source.connect(graph.analyser);
  try {
    // A context made after an await may start suspended (autoplay rules); recording needs it running.
    if (context.state === 'suspended') await context.resume();
    if (context.audioWorklet && typeof AudioWorkletNode === 'function') {
      try {
        return await workletCapture(graph, options);
      } catch {
        // The worklet could not be loaded (an old browser, a blocked script): record the other way.
      }
    }
    return mediaRecorderCapture(graph, options);
  } catch (error) {
    release(graph);
    throw error instanceof CaptureError ? error : new CaptureError('failed');
  }
}
