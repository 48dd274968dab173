export type Container = 'webm' | 'ogg' | 'wav';

export type ProbeFailureReason = 'unsupported' | 'corrupt' | 'too-large';

export interface ProbeSuccess {
  ok: true;
  container: Container;
  /** 'opus' for WebM/Ogg; ffmpeg-style PCM names for WAV ('pcm_s16le', 'pcm_f32le', ...). */
  codec: string;
  /** Length of the audio actually present: decoded samples (Opus) or whole PCM frames (WAV). */
  durationSeconds: number;
  /** Rate of the decoded PCM: always 48000 for Opus, the header's rate for WAV. */
  sampleRate: number;
  channels: number;
  /** Highest absolute sample, in dBFS (0 = full scale); FLOOR_DBFS for digital silence. */
  peakDbfs: number;
  /** RMS of the whole clip, in dBFS (full-scale square wave = 0). */
  rmsDbfs: number;
  /** RMS of the loudest 50 ms window, in dBFS: what `silent` is decided on. */
  loudestWindowDbfs: number;
  silent: boolean;
}

export interface ProbeFailure {
  ok: false;
  reason: ProbeFailureReason;
  message: string;
}

export type ProbeResult = ProbeSuccess | ProbeFailure;

/** Thrown inside the parsers; the probe turns it into a ProbeFailure (it never escapes to callers). */
export class ProbeError extends Error {
  constructor(
    readonly reason: ProbeFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'ProbeError';
  }
}

export const corrupt = (message: string): ProbeError => new ProbeError('corrupt', message);
export const unsupported = (message: string): ProbeError => new ProbeError('unsupported', message);
