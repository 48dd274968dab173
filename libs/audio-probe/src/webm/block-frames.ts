import { corrupt } from '../probe-result';
import { readVint } from './ebml-vint';

export interface BlockFrames {
  trackNumber: number;
  frames: Uint8Array[];
}

/**
 * Splits a (Simple)Block's payload into its frames, undoing any of the three lacings
 * (https://www.matroska.org/technical/notes.html#block-lacing). MediaRecorder writes one frame per block, but
 * other muxers lace, and a wrong split would feed the decoder garbage.
 */
export function readBlockFrames(block: Uint8Array): BlockFrames {
  const track = readVint(block, 0);
  if (!track || block.length < track.length + 3) throw corrupt('A WebM block header is truncated.');
  const flags = block[track.length + 2]!;
  let offset = track.length + 3;
  const lacing = (flags >> 1) & 3;
  if (lacing === 0) return { trackNumber: track.value, frames: [block.subarray(offset)] };

  if (offset >= block.length) throw corrupt('A laced WebM block is truncated.');
  const count = block[offset]! + 1;
  offset += 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph lacing: each size but the last is a run of 255s plus a final byte.
    for (let i = 0; i < count - 1; i += 1) {
      let size = 0;
      let byte: number;
      do {
        if (offset >= block.length) throw corrupt('A laced WebM block is truncated.');
        byte = block[offset]!;
        offset += 1;
        size += byte;
      } while (byte === 255);
      sizes.push(size);
    }
  } else if (lacing === 3 && count > 1) {
    // EBML lacing: the first size as a VINT, the others as signed differences from the previous one.
    const first = readVint(block, offset);
    if (!first) throw corrupt('A laced WebM block is truncated.');
    offset += first.length;
    let size = first.value;
    sizes.push(size);
    for (let i = 1; i < count - 1; i += 1) {
      const diff = readVint(block, offset);
      if (!diff) throw corrupt('A laced WebM block is truncated.');
      offset += diff.length;
      size += diff.value - (2 ** (7 * diff.length - 1) - 1);
      sizes.push(size);
    }
  } else if (lacing === 2) {
    // Fixed-size lacing: equal frames filling the rest of the block.
    const rest = block.length - offset;
    if (rest % count !== 0) throw corrupt('A fixed-size laced WebM block does not divide evenly.');
    for (let i = 0; i < count - 1; i += 1) sizes.push(rest / count);
  }

  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    if (size < 0 || offset + size > block.length)
      throw corrupt('A laced WebM block has impossible frame sizes.');
    frames.push(block.subarray(offset, offset + size));
    offset += size;
  }
  frames.push(block.subarray(offset));
  return { trackNumber: track.value, frames };
}
