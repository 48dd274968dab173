import type { LoudnessMeter } from './loudness/loudness-meter';
import { SILENCE_THRESHOLD_DBFS } from './loudness/silence-thresholds';
import { OggDemuxer } from './ogg/ogg-demuxer';
import { OPUS_SAMPLE_RATE, OpusStreamDecoder } from './opus/opus-stream-decoder';
import { corrupt, ProbeError, unsupported } from './probe-result';
import type { Container, ProbeFailure, ProbeResult } from './probe-result';
import { SNIFF_BYTES, sniffContainer } from './sniff-container';
import { WavParser } from './wav/wav-parser';
import { WebmDemuxer } from './webm/webm-demuxer';

/** What the probe knows once the input has ended, whatever the container. */
interface Measured {
  codec: string;
  sampleRate: number;
  channels: number;
  frames: number;
  meter: LoudnessMeter;
}

interface ContainerReader {
  push(chunk: Uint8Array): void;
  /** Decodes whatever the last push found; the only asynchronous step (the WASM decoder's start-up). */
  flush(): Promise<void>;
  finish(): Measured | null;
  free(): void;
}

function opusReader(container: 'webm' | 'ogg', maxDecodeSeconds: number): ContainerReader {
  const decoder = new OpusStreamDecoder(Math.round(maxDecodeSeconds * OPUS_SAMPLE_RATE));
  const demuxer = container === 'webm' ? new WebmDemuxer(decoder) : new OggDemuxer(decoder);
  return {
    push: (chunk) => demuxer.push(chunk),
    flush: () => decoder.flush(),
    finish: () => {
      demuxer.end();
      if (!decoder.meter) return null;
      let frames = decoder.samples;
      // Ogg's last granule position marks where the encoder's padding of the final packet begins.
      if (demuxer instanceof OggDemuxer && demuxer.lastGranule !== null) {
        frames = Math.min(frames, Math.max(0, demuxer.lastGranule - decoder.preSkip));
      }
      return {
        codec: 'opus',
        sampleRate: OPUS_SAMPLE_RATE,
        channels: decoder.channels,
        frames,
        meter: decoder.meter,
      };
    },
    free: () => decoder.free(),
  };
}

function wavReader(): ContainerReader {
  const parser = new WavParser();
  return {
    push: (chunk) => parser.push(chunk),
    flush: () => Promise.resolve(),
    finish: () => {
      parser.end();
      const { format, meter } = parser;
      if (!format || !meter) return null;
      return {
        codec: format.codec,
        sampleRate: format.sampleRate,
        channels: format.channels,
        frames: meter.frames,
        meter,
      };
    },
    free: () => undefined,
  };
}

const failure = (reason: ProbeFailure['reason'], message: string): ProbeFailure => ({
  ok: false,
  reason,
  message,
});

/**
 * One probe's state: counts bytes, sniffs the container from the first bytes, then streams everything to the
 * container's reader. Every error becomes a resolved failure; nothing here rejects or throws to the caller.
 */
export class ProbeSession {
  readonly result: Promise<ProbeResult>;
  private resolve!: (result: ProbeResult) => void;
  private settled = false;
  private received = 0;
  private head: Uint8Array[] = [];
  private container: Container | null = null;
  private reader: ContainerReader | null = null;

  constructor(
    private readonly maxBytes: number,
    private readonly maxDecodeSeconds: number,
  ) {
    this.result = new Promise((resolve) => (this.resolve = resolve));
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.settled) return; // keep draining so a tee feeding storage in parallel never stalls
    this.received += chunk.length;
    if (this.received > this.maxBytes) {
      this.settle(failure('too-large', `The recording is larger than ${formatBytes(this.maxBytes)}.`));
      return;
    }
    await this.guard(async () => {
      if (!this.reader) {
        this.head.push(chunk);
        if (this.received < SNIFF_BYTES) return;
        const buffered = concat(this.head);
        this.head = [];
        this.startReader(buffered);
        this.reader!.push(buffered);
      } else {
        this.reader.push(chunk);
      }
      await this.reader!.flush();
    });
  }

  async end(): Promise<void> {
    if (this.settled) return;
    await this.guard(async () => {
      if (!this.reader) {
        const buffered = concat(this.head);
        if (this.received === 0) throw unsupported('The recording is empty.');
        if (!sniffContainer(buffered)) throw unsupported('The file is not WebM, Ogg or WAV audio.');
        throw corrupt('The recording is too short to contain audio.');
      }
      await this.reader.flush();
      const measured = this.reader.finish();
      if (!measured || measured.frames === 0) throw corrupt('The recording contains no audio.');
      const loudness = measured.meter.result();
      this.settle({
        ok: true,
        container: this.container!,
        codec: measured.codec,
        durationSeconds: Math.round((measured.frames / measured.sampleRate) * 1000) / 1000,
        sampleRate: measured.sampleRate,
        channels: measured.channels,
        ...loudness,
        silent: loudness.loudestWindowDbfs < SILENCE_THRESHOLD_DBFS,
      });
    });
  }

  /** The input stopped before its end (the upload was aborted): whatever was measured cannot be trusted. */
  abort(): void {
    this.settle(failure('corrupt', 'The recording was not received completely.'));
  }

  private startReader(head: Uint8Array): void {
    const container = sniffContainer(head);
    if (!container) throw unsupported('The file is not WebM, Ogg or WAV audio.');
    this.container = container;
    this.reader = container === 'wav' ? wavReader() : opusReader(container, this.maxDecodeSeconds);
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof ProbeError) this.settle(failure(error.reason, error.message));
      else this.settle(failure('corrupt', `The recording could not be decoded (${String(error)}).`));
    }
  }

  private settle(result: ProbeResult): void {
    if (this.settled) return;
    this.settled = true;
    this.head = [];
    this.reader?.free();
    this.resolve(result);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
