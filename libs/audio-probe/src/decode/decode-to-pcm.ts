import { create as createResampler, ConverterType } from '@alexanderolsen/libsamplerate-js';
import { OpusDecoder } from 'opus-decoder';
import { OggDemuxer } from '../ogg/ogg-demuxer';
import type { OpusHead } from '../opus/opus-head';
import type { OpusPacketSink } from '../opus/opus-packet-sink';
import { corrupt, ProbeError, unsupported } from '../probe-result';
import type { Container } from '../probe-result';
import { sniffContainer } from '../sniff-container';
import { WavParser } from '../wav/wav-parser';
import { WebmDemuxer } from '../webm/webm-demuxer';

/** The rates Opus decodes to natively (and so the rates a release may choose without resampling Opus). */
export const PCM_SAMPLE_RATES = [8000, 12000, 16000, 24000, 48000] as const;
export type PcmSampleRate = (typeof PCM_SAMPLE_RATES)[number];

/** One stored take decoded to mono PCM at the rate asked for. */
export interface DecodedAudio {
  container: Container;
  /** The rate of `samples` (the one asked for). */
  sampleRate: PcmSampleRate;
  /** The take's own rate (48000 for Opus) and channel count before the mix to mono. */
  sourceSampleRate: number;
  sourceChannels: number;
  /** Mono floats in [-1, 1]: the channels averaged. */
  samples: Float32Array;
}

/** Thrown by decodeToPcm for input that is not audio it can read (the same reasons the probe gives). */
export { ProbeError as DecodeError };

/** Grows a Float32Array as samples arrive; `take()` returns exactly what was written. */
class MonoBuffer {
  private data: Float32Array;
  length = 0;

  constructor(expected: number) {
    this.data = new Float32Array(Math.max(1024, expected));
  }

  /** Averages the channels into one and appends it. */
  addMix(channelData: readonly Float32Array[], frames: number, channels: number): void {
    this.reserve(frames);
    const used = Math.min(channels, channelData.length);
    const out = this.data;
    const base = this.length;
    if (used === 1) {
      out.set(channelData[0]!.subarray(0, frames), base);
    } else {
      for (let i = 0; i < frames; i += 1) {
        let sum = 0;
        for (let c = 0; c < used; c += 1) sum += channelData[c]![i]!;
        out[base + i] = sum / used;
      }
    }
    this.length += frames;
  }

  add(samples: Float32Array): void {
    this.reserve(samples.length);
    this.data.set(samples, this.length);
    this.length += samples.length;
  }

  take(frames = this.length): Float32Array {
    return this.data.slice(0, Math.min(frames, this.length));
  }

  private reserve(frames: number): void {
    if (this.length + frames <= this.data.length) return;
    const grown = new Float32Array(Math.max(this.data.length * 2, this.length + frames));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }
}

/** Collects a demuxer's Opus header and packets; decoding starts once the whole take has been read. */
class PacketCollector implements OpusPacketSink {
  head: OpusHead | null = null;
  packets: Uint8Array[] = [];

  start(head: OpusHead): void {
    if (this.head) throw corrupt('The stream declares a second Opus header.');
    this.head = head;
  }

  push(packet: Uint8Array): void {
    if (!this.head) throw corrupt('Audio data comes before the Opus header.');
    this.packets.push(packet);
  }
}

async function decodeOpus(
  container: 'webm' | 'ogg',
  bytes: Uint8Array,
  sampleRate: PcmSampleRate,
): Promise<DecodedAudio> {
  const collector = new PacketCollector();
  const demuxer = container === 'webm' ? new WebmDemuxer(collector) : new OggDemuxer(collector);
  demuxer.push(bytes);
  demuxer.end();
  const head = collector.head;
  if (!head) throw corrupt('The recording has no Opus header.');
  const decoder = new OpusDecoder({
    sampleRate,
    channels: head.channels,
    streamCount: head.streamCount,
    coupledStreamCount: head.coupledStreamCount,
    channelMappingTable: head.channelMapping,
    preSkip: head.preSkip,
  });
  try {
    await decoder.ready;
    // 20 ms packets are the norm: a first guess at the size avoids most regrowing.
    const out = new MonoBuffer(collector.packets.length * Math.round(sampleRate / 50));
    for (const packet of collector.packets) {
      const decoded = decoder.decodeFrame(packet);
      if (decoded.errors.length > 0) throw corrupt('An Opus packet could not be decoded.');
      out.addMix(decoded.channelData, decoded.samplesDecoded, head.channels);
    }
    let frames = out.length;
    // Ogg's last granule position marks where the encoder's padding of the final packet begins.
    if (demuxer instanceof OggDemuxer && demuxer.lastGranule !== null) {
      const end48k = Math.max(0, demuxer.lastGranule - head.preSkip);
      frames = Math.min(frames, Math.round((end48k * sampleRate) / 48000));
    }
    return {
      container,
      sampleRate,
      sourceSampleRate: 48000,
      sourceChannels: head.channels,
      samples: out.take(frames),
    };
  } finally {
    decoder.free();
  }
}

/** Input to the resampler in slices, so its WASM buffers stay small whatever the take's length. */
const RESAMPLE_SLICE = 64 * 1024;
/** Silence fed after the take to flush the resampler's filter (far longer than its delay). */
const RESAMPLER_FLUSH_SECONDS = 0.1;

async function decodeWav(bytes: Uint8Array, sampleRate: PcmSampleRate): Promise<DecodedAudio> {
  let channels = 1;
  let out: MonoBuffer | null = null;
  const parser = new WavParser((channelData, frames) => {
    out ??= new MonoBuffer(frames);
    out.addMix(channelData, frames, channels);
  });
  // The format chunk comes before any sample, so the channel count is known before the first slice.
  const headerEnd = Math.min(bytes.length, 4096);
  parser.push(bytes.subarray(0, headerEnd));
  if (parser.format) channels = parser.format.channels;
  parser.push(bytes.subarray(headerEnd));
  parser.end();
  const format = parser.format!;
  channels = format.channels;
  const mono = (out as MonoBuffer | null)?.take() ?? new Float32Array(0);
  if (mono.length === 0) throw corrupt('The recording contains no audio.');
  const base = {
    container: 'wav' as const,
    sampleRate,
    sourceSampleRate: format.sampleRate,
    sourceChannels: channels,
  };
  if (format.sampleRate === sampleRate) return { ...base, samples: mono };
  const resampler = await createResampler(1, format.sampleRate, sampleRate, {
    converterType: ConverterType.SRC_SINC_MEDIUM_QUALITY,
  });
  try {
    const resampled = new MonoBuffer(Math.ceil((mono.length * sampleRate) / format.sampleRate) + 64);
    for (let i = 0; i < mono.length; i += RESAMPLE_SLICE) {
      resampled.add(resampler.full(mono.subarray(i, i + RESAMPLE_SLICE)));
    }
    // The sinc filter holds back its last few milliseconds until more input comes: silence pushes them out.
    resampled.add(resampler.full(new Float32Array(Math.ceil(format.sampleRate * RESAMPLER_FLUSH_SECONDS))));
    const expected = Math.round((mono.length * sampleRate) / format.sampleRate);
    return { ...base, samples: resampled.take(expected) };
  } finally {
    resampler.destroy();
  }
}

/**
 * Decodes one whole take (WebM/Opus, Ogg/Opus or PCM WAV, told apart by its first bytes) to mono PCM at
 * `sampleRate`: Opus is decoded straight to that rate, WAV at another rate is resampled with libsamplerate
 * (sinc, medium quality). A take is a few seconds, so it is held whole; callers decode one take at a time.
 * Throws a DecodeError ('unsupported' or 'corrupt') for anything else.
 */
export async function decodeToPcm(
  bytes: Uint8Array,
  sampleRate: PcmSampleRate = 16000,
): Promise<DecodedAudio> {
  if (!PCM_SAMPLE_RATES.includes(sampleRate)) throw new RangeError(`Unsupported PCM rate ${sampleRate}.`);
  const container = sniffContainer(bytes);
  if (!container) throw unsupported('The file is not WebM, Ogg or WAV audio.');
  const decoded =
    container === 'wav' ? await decodeWav(bytes, sampleRate) : await decodeOpus(container, bytes, sampleRate);
  if (decoded.samples.length === 0) throw corrupt('The recording contains no audio.');
  return decoded;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const toInt16 = (s: number): number => (s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32767));

/** Writes mono floats as 16-bit little-endian PCM into `out` at `offset`, clipped to full scale. */
function writePcm16(samples: Float32Array, out: Buffer, offset: number): void {
  const at = out.byteOffset + offset;
  if (LITTLE_ENDIAN && at % 2 === 0) {
    const view = new Int16Array(out.buffer, at, samples.length);
    for (let i = 0; i < samples.length; i += 1) {
      // Storing into an Int16Array truncates towards zero: adding ±0.5 first rounds to nearest.
      const v = samples[i]! * 32767;
      view[i] = v >= 32767 ? 32767 : v <= -32768 ? -32768 : v >= 0 ? v + 0.5 : v - 0.5;
    }
  } else {
    for (let i = 0; i < samples.length; i += 1) out.writeInt16LE(toInt16(samples[i]!), offset + i * 2);
  }
}

/** 16-bit little-endian PCM of mono floats, clipped to full scale. */
export function toPcm16(samples: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(samples.length * 2);
  writePcm16(samples, out, 0);
  return out;
}

/** A whole WAV file (canonical header, 16-bit PCM, mono) of the samples, in one allocation. */
export function encodeWav16(samples: Float32Array, sampleRate: number): Buffer {
  const out = Buffer.allocUnsafe(44 + samples.length * 2);
  wavHeader(samples.length * 2, sampleRate).copy(out, 0);
  writePcm16(samples, out, 44);
  return out;
}

/** A canonical 44-byte RIFF/WAVE header for `dataBytes` of 16-bit PCM. */
export function wavHeader(dataBytes: number, sampleRate: number, channels = 1): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
