import type { Container } from './probe-result';

/** Bytes needed to tell the containers apart ("RIFF" size "WAVE" is the longest signature). */
export const SNIFF_BYTES = 12;

const matches = (bytes: Uint8Array, offset: number, signature: readonly number[]): boolean =>
  signature.every((byte, i) => bytes[offset + i] === byte);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const OGG_MAGIC = [0x4f, 0x67, 0x67, 0x53]; // "OggS"
const RIFF_MAGIC = [0x52, 0x49, 0x46, 0x46]; // "RIFF"
const WAVE_MAGIC = [0x57, 0x41, 0x56, 0x45]; // "WAVE"

/**
 * The container, from the first bytes only (never a name or a declared type), or null for anything else.
 * An EBML file is only a WebM candidate here: its DocType is checked by the demuxer.
 */
export function sniffContainer(head: Uint8Array): Container | null {
  if (matches(head, 0, EBML_MAGIC)) return 'webm';
  if (matches(head, 0, OGG_MAGIC)) return 'ogg';
  if (matches(head, 0, RIFF_MAGIC) && matches(head, 8, WAVE_MAGIC)) return 'wav';
  return null;
}
