import { ByteQueue } from '../byte-queue';
import { LoudnessMeter } from '../loudness/loudness-meter';
import { corrupt, unsupported } from '../probe-result';

export interface WavFormat {
  codec: string;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  float: boolean;
  blockAlign: number;
}

const FORMAT_PCM = 0x0001;
const FORMAT_FLOAT = 0x0003;
const FORMAT_EXTENSIBLE = 0xfffe;
/** A data chunk size streaming writers leave when they cannot seek back to fill it in. */
const SIZE_UNKNOWN = 0xffffffff;
/**
 * Chunks a file may have: a recording has a handful (fmt, data, perhaps LIST, fact, bext, JUNK). Millions of
 * empty ones would only make the probe work for nothing.
 */
const MAX_CHUNKS = 64;
/** Bytes of samples converted at a time: keeps the Float32 scratch arrays small. */
const SLICE_BYTES = 64 * 1024;

const fourCC = (bytes: Uint8Array, offset: number): string =>
  String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);

function parseFormat(chunk: Uint8Array): WavFormat {
  if (chunk.length < 16) throw corrupt('The WAV format chunk is too short.');
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let tag = view.getUint16(0, true);
  const channels = view.getUint16(2, true);
  const sampleRate = view.getUint32(4, true);
  const blockAlign = view.getUint16(12, true);
  const bitsPerSample = view.getUint16(14, true);
  if (tag === FORMAT_EXTENSIBLE) {
    if (chunk.length < 26) throw corrupt('The WAV extensible format chunk is too short.');
    tag = view.getUint16(24, true); // first two bytes of the SubFormat GUID
  }
  const float = tag === FORMAT_FLOAT;
  const supported =
    (tag === FORMAT_PCM && [8, 16, 24, 32].includes(bitsPerSample)) ||
    (float && [32, 64].includes(bitsPerSample));
  if (!supported) {
    throw unsupported(
      `WAV audio must be PCM; this one is format 0x${tag.toString(16)} at ${bitsPerSample} bits.`,
    );
  }
  if (channels < 1 || channels > 8) throw corrupt(`The WAV header declares ${channels} channels.`);
  if (sampleRate < 1000 || sampleRate > 384000)
    throw corrupt(`The WAV header declares a rate of ${sampleRate} Hz.`);
  if (blockAlign !== channels * (bitsPerSample / 8))
    throw corrupt('The WAV header has an inconsistent frame size.');
  const codec = float
    ? `pcm_f${bitsPerSample}le`
    : bitsPerSample === 8
      ? 'pcm_u8'
      : `pcm_s${bitsPerSample}le`;
  return { codec, sampleRate, channels, bitsPerSample, float, blockAlign };
}

/** Reads one sample as a float in [-1, 1]. */
function sampleReader(format: WavFormat): (view: DataView, offset: number) => number {
  if (format.float) {
    return format.bitsPerSample === 32 ? (v, o) => v.getFloat32(o, true) : (v, o) => v.getFloat64(o, true);
  }
  switch (format.bitsPerSample) {
    case 8:
      return (v, o) => (v.getUint8(o) - 128) / 128;
    case 16:
      return (v, o) => v.getInt16(o, true) / 32768;
    case 24:
      return (v, o) => ((v.getInt8(o + 2) << 16) | (v.getUint8(o + 1) << 8) | v.getUint8(o)) / 8388608;
    default:
      return (v, o) => v.getInt32(o, true) / 2147483648;
  }
}

/**
 * Streaming RIFF/WAVE reader: finds the format and data chunks and measures the samples as they pass. The
 * duration counts the whole frames actually received, so a header claiming more data than was sent does not
 * lengthen the clip.
 */
export class WavParser {
  private readonly queue = new ByteQueue();
  private state: 'riff' | 'chunk' | 'fmt' | 'data' | 'skip' = 'riff';
  private remaining = 0; // bytes left in the current chunk (data: may be Infinity)
  private padAfter = 0;
  format: WavFormat | null = null;
  meter: LoudnessMeter | null = null;
  private read: ((view: DataView, offset: number) => number) | null = null;
  private sawData = false;
  private chunks = 0;

  /** `onSamples`, when given, receives every slice of samples (one array per channel) as it is measured. */
  constructor(private readonly onSamples?: (channelData: readonly Float32Array[], frames: number) => void) {}

  push(chunk: Uint8Array): void {
    this.queue.push(chunk);
    while (this.step());
  }

  end(): { truncated: boolean } {
    if (!this.format) throw corrupt('The WAV file has no format chunk.');
    if (!this.sawData) throw corrupt('The WAV file has no data chunk.');
    const openData = this.state === 'data' && this.remaining !== Infinity && this.remaining > 0;
    return {
      truncated: openData || (this.state !== 'data' && this.state !== 'chunk') || this.queue.length > 0,
    };
  }

  private step(): boolean {
    switch (this.state) {
      case 'riff': {
        const header = this.queue.read(12);
        if (!header) return false;
        if (fourCC(header, 0) !== 'RIFF' || fourCC(header, 8) !== 'WAVE')
          throw unsupported('Not a RIFF/WAVE file.');
        this.state = 'chunk';
        return true;
      }
      case 'chunk': {
        const header = this.queue.peek(8);
        if (!header) return false;
        const id = fourCC(header, 0);
        const size = new DataView(header.buffer, header.byteOffset, 8).getUint32(4, true);
        this.queue.skip(8);
        this.chunks += 1;
        if (this.chunks > MAX_CHUNKS) throw corrupt('The WAV file has more chunks than a recording has.');
        this.padAfter = size % 2;
        if (id === 'fmt ') {
          if (this.format) throw corrupt('The WAV file has two format chunks.');
          if (size > 1024) throw corrupt('The WAV format chunk is too large.');
          this.state = 'fmt';
          this.remaining = size;
        } else if (id === 'data') {
          if (!this.format) throw corrupt('The WAV data chunk comes before its format chunk.');
          if (this.sawData) throw corrupt('The WAV file has two data chunks.');
          this.sawData = true;
          this.state = 'data';
          this.remaining = size === SIZE_UNKNOWN ? Infinity : size;
        } else {
          this.state = 'skip';
          this.remaining = size + this.padAfter;
          this.padAfter = 0;
        }
        return true;
      }
      case 'fmt': {
        const body = this.queue.read(this.remaining);
        if (!body) return false;
        this.format = parseFormat(body);
        this.meter = new LoudnessMeter(this.format.sampleRate, this.format.channels);
        this.read = sampleReader(this.format);
        this.state = 'skip';
        this.remaining = this.padAfter;
        return true;
      }
      case 'data':
        return this.readSamples();
      case 'skip':
        this.remaining -= this.queue.skip(this.remaining);
        if (this.remaining > 0) return false;
        this.state = 'chunk';
        return true;
    }
  }

  private readSamples(): boolean {
    const format = this.format!;
    if (this.remaining === 0) {
      this.state = 'skip';
      this.remaining = this.padAfter;
      return true;
    }
    const wholeFrames = Math.floor(
      Math.min(this.remaining, this.queue.length, SLICE_BYTES) / format.blockAlign,
    );
    if (wholeFrames === 0) {
      // A data chunk whose size is not a whole number of frames ends with a stray partial frame: drop it.
      if (this.remaining < format.blockAlign) {
        this.remaining -= this.queue.skip(this.remaining);
        return this.remaining === 0;
      }
      return false;
    }
    const bytes = this.queue.read(wholeFrames * format.blockAlign)!;
    this.remaining -= bytes.length;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const bytesPerSample = format.bitsPerSample / 8;
    const channels = Array.from({ length: format.channels }, () => new Float32Array(wholeFrames));
    for (let frame = 0, offset = 0; frame < wholeFrames; frame += 1) {
      for (let c = 0; c < format.channels; c += 1, offset += bytesPerSample)
        channels[c]![frame] = this.read!(view, offset);
    }
    this.meter!.add(channels, wholeFrames);
    this.onSamples?.(channels, wholeFrames);
    return true;
  }
}
