/** The size of the canonical RIFF/WAVE header written before the samples. */
export const WAV_HEADER_BYTES = 44;

/** Joins the PCM blocks captured while recording into one run of samples. */
export function joinBlocks(blocks: readonly Float32Array[]): Float32Array {
  let length = 0;
  for (const block of blocks) length += block.length;
  const joined = new Float32Array(length);
  let offset = 0;
  for (const block of blocks) {
    joined.set(block, offset);
    offset += block.length;
  }
  return joined;
}

/**
 * A Web Audio sample (-1..1) as a signed 16-bit integer. Out-of-range values are clipped to full scale
 * rather than wrapping round to the opposite sign; NaN (a broken input) is silence.
 */
export function toInt16(sample: number): number {
  if (Number.isNaN(sample)) return 0;
  const clipped = Math.max(-1, Math.min(1, sample));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

/**
 * A mono WAV file, 16-bit PCM, as the SPEC asks of Donate Your Voice (§9): the 44-byte RIFF header
 * (`RIFF`, `WAVE`, a 16-byte `fmt ` chunk with format 1, then `data`) followed by little-endian samples.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) {
    throw new RangeError(`Invalid sample rate: ${sampleRate}`);
  }
  const bytesPerSample = 2;
  const channels = 1;
  const dataBytes = samples.length * bytesPerSample * channels;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };

  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true); // everything after this field
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1: linear PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * bytesPerSample, true); // byte rate
  view.setUint16(32, channels * bytesPerSample, true); // block align
  view.setUint16(34, bytesPerSample * 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);

  let offset = WAV_HEADER_BYTES;
  for (let i = 0; i < samples.length; i += 1) {
    view.setInt16(offset, toInt16(samples[i]!), true);
    offset += bytesPerSample;
  }
  return buffer;
}

/** The same, as a Blob of type audio/wav ready to upload or play back. */
export const wavBlob = (samples: Float32Array, sampleRate: number): Blob =>
  new Blob([encodeWav(samples, sampleRate)], { type: 'audio/wav' });

/** Several channels (as decodeAudioData gives them) mixed down to one. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((c) => c.length));
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i += 1) mono[i] = (mono[i] ?? 0) + channel[i]! / channels.length;
  }
  return mono;
}
