import { corrupt } from '../probe-result';

export interface ElementHeader {
  id: number;
  /** null for "unknown size" (all value bits set), which MediaRecorder writes for Segment and Cluster. */
  size: number | null;
  headerLength: number;
}

/** Length in bytes of a variable-size integer, from the position of the first set bit of its first byte. */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length += 1) if (first & (0x80 >> (length - 1))) return length;
  return 9; // first byte is zero: not a valid VINT
}

/**
 * Reads an element header (ID then data size) from the start of `bytes`; null if more bytes are needed.
 * Throws "corrupt" for encodings no muxer produces.
 */
export function readElementHeader(bytes: Uint8Array): ElementHeader | null {
  if (bytes.length < 1) return null;
  const idLength = vintLength(bytes[0]!);
  if (idLength > 4) throw corrupt('The WebM data has an invalid element ID.');
  if (bytes.length < idLength + 1) return null;
  let id = 0;
  for (let i = 0; i < idLength; i += 1) id = id * 256 + bytes[i]!;
  const sizeFirst = bytes[idLength]!;
  const sizeLength = vintLength(sizeFirst);
  if (sizeLength > 8) throw corrupt('The WebM data has an invalid element size.');
  if (bytes.length < idLength + sizeLength) return null;
  const { value, allOnes } = readVintValue(bytes, idLength, sizeLength);
  if (!allOnes && value > Number.MAX_SAFE_INTEGER)
    throw corrupt('The WebM data has an impossible element size.');
  return { id, size: allOnes ? null : value, headerLength: idLength + sizeLength };
}

/** Value of the VINT of `length` bytes at `offset`, without its length marker. */
export function readVintValue(
  bytes: Uint8Array,
  offset: number,
  length: number,
): { value: number; allOnes: boolean } {
  const firstBits = bytes[offset]! & (0xff >> length);
  let value = firstBits;
  let allOnes = firstBits === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[offset + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, allOnes };
}

/** Reads an unsigned VINT (as in block headers and EBML lacing) at `offset`; null if it runs past the end. */
export function readVint(bytes: Uint8Array, offset: number): { value: number; length: number } | null {
  if (offset >= bytes.length) return null;
  const length = vintLength(bytes[offset]!);
  if (length > 8 || offset + length > bytes.length) return null;
  return { value: readVintValue(bytes, offset, length).value, length };
}
