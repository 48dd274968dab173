import { readBlockFrames } from './block-frames';

// Block header: track number 1 (VINT 0x81), timecode 0, flags (lacing in bits 1-2).
const header = (lacing: number): number[] => [0x81, 0x00, 0x00, 0x80 | (lacing << 1)];
const frame = (length: number, fill: number): number[] => Array.from({ length }, () => fill);
const sizes = (result: ReturnType<typeof readBlockFrames>): number[] => result.frames.map((f) => f.length);

describe('readBlockFrames', () => {
  test('no lacing: one frame, the rest of the block', () => {
    const result = readBlockFrames(new Uint8Array([...header(0), ...frame(5, 1)]));
    expect(result.trackNumber).toBe(1);
    expect(sizes(result)).toEqual([5]);
  });

  test('Xiph lacing: sizes as runs of 255', () => {
    const block = new Uint8Array([
      ...header(1),
      2,
      255,
      5,
      3,
      ...frame(260, 1),
      ...frame(3, 2),
      ...frame(4, 3),
    ]);
    const result = readBlockFrames(block);
    expect(sizes(result)).toEqual([260, 3, 4]);
    expect(Array.from(result.frames[2]!)).toEqual([3, 3, 3, 3]);
  });

  test('EBML lacing: first size, then signed differences', () => {
    // 3 frames of 10, 8, 12 bytes: first size VINT 10 (0x8a), then difference -2 (one-byte signed VINT 0x3d).
    const block = new Uint8Array([
      ...header(3),
      2,
      0x8a,
      0xbd,
      ...frame(10, 1),
      ...frame(8, 2),
      ...frame(12, 3),
    ]);
    expect(sizes(readBlockFrames(block))).toEqual([10, 8, 12]);
  });

  test('fixed-size lacing: equal frames, and a remainder that does not divide is corrupt', () => {
    expect(sizes(readBlockFrames(new Uint8Array([...header(2), 2, ...frame(9, 1)])))).toEqual([3, 3, 3]);
    expect(() => readBlockFrames(new Uint8Array([...header(2), 2, ...frame(10, 1)]))).toThrow(/divide/);
  });

  test('sizes that run past the block are corrupt, not a crash', () => {
    expect(() => readBlockFrames(new Uint8Array([...header(1), 1, 200, ...frame(10, 1)]))).toThrow(
      /impossible/,
    );
    expect(() => readBlockFrames(new Uint8Array([0x81, 0x00]))).toThrow(/truncated/);
  });
});
