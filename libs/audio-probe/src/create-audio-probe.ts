import { Writable } from 'node:stream';
import type { ProbeResult } from './probe-result';
import { ProbeSession } from './probe-session';

/** The speech service's upload limit (5 MB). */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Opus audio past this is counted, not decoded (see OpusStreamDecoder); far above any accepted recording. */
export const DEFAULT_MAX_DECODE_SECONDS = 60;

export interface AudioProbeOptions {
  /** Inputs longer than this resolve `{ ok: false, reason: 'too-large' }`; default DEFAULT_MAX_BYTES. */
  maxBytes?: number;
  /**
   * Opus audio past this many seconds is measured for duration only (peak, RMS and silence then describe the
   * first part): bounds the CPU one upload can cost. Default DEFAULT_MAX_DECODE_SECONDS.
   */
  maxDecodeSeconds?: number;
}

const newSession = (options: AudioProbeOptions): ProbeSession =>
  new ProbeSession(
    options.maxBytes ?? DEFAULT_MAX_BYTES,
    options.maxDecodeSeconds ?? DEFAULT_MAX_DECODE_SECONDS,
  );

export interface AudioProbe extends Writable {
  /** Settles once the stream ends (or earlier, on the first failure); never rejects. */
  readonly result: Promise<ProbeResult>;
}

/**
 * A Writable to pipe an upload through, alongside its storage. It never emits 'error' for bad audio and keeps
 * accepting bytes after deciding, so a tee that also feeds storage is never stalled or broken by it; read the
 * verdict from `result`. Destroying it before the end resolves a 'corrupt' failure.
 */
export function createAudioProbe(options: AudioProbeOptions = {}): AudioProbe {
  const session = newSession(options);
  const stream = new Writable({
    write(chunk: Buffer | Uint8Array, _encoding, callback) {
      session.write(chunk).then(() => callback());
    },
    final(callback) {
      session.end().then(() => callback());
    },
    destroy(error, callback) {
      session.abort();
      callback(error);
    },
  });
  return Object.assign(stream, { result: session.result });
}

/** Probes audio already in memory. */
export function probeBuffer(buffer: Uint8Array, options: AudioProbeOptions = {}): Promise<ProbeResult> {
  const session = newSession(options);
  return session
    .write(buffer)
    .then(() => session.end())
    .then(() => session.result);
}
