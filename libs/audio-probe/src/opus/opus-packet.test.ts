import { opusPacketSamples } from './opus-packet';

// TOC byte: configuration << 3 | stereo << 2 | frame-count code. Config 1 = SILK 20 ms, 31 = CELT 20 ms,
// 16 = CELT 2.5 ms.
const toc = (config: number, code: number): number => (config << 3) | code;

describe('opusPacketSamples', () => {
  test('one frame (code 0) of each mode', () => {
    expect(opusPacketSamples(new Uint8Array([toc(1, 0), 1, 2]))).toBe(960);
    expect(opusPacketSamples(new Uint8Array([toc(16, 0), 1]))).toBe(120);
    expect(opusPacketSamples(new Uint8Array([toc(3, 0), 1]))).toBe(2880); // SILK 60 ms
  });

  test('two equal frames (code 1) need an even payload', () => {
    expect(opusPacketSamples(new Uint8Array([toc(31, 1), 1, 2]))).toBe(1920);
    expect(opusPacketSamples(new Uint8Array([toc(31, 1), 1, 2, 3]))).toBeNull();
  });

  test('two frames of different sizes (code 2) must fit', () => {
    expect(opusPacketSamples(new Uint8Array([toc(31, 2), 2, 9, 9, 8]))).toBe(1920);
    expect(opusPacketSamples(new Uint8Array([toc(31, 2), 5, 9]))).toBeNull();
  });

  test('code 3: frame count, padding and VBR sizes are checked; more than 120 ms is refused', () => {
    expect(opusPacketSamples(new Uint8Array([toc(31, 3), 3, 1, 1, 1]))).toBe(2880); // CBR, 3 x 1 byte
    expect(opusPacketSamples(new Uint8Array([toc(31, 3), 3, 1, 1]))).toBeNull(); // does not divide
    expect(opusPacketSamples(new Uint8Array([toc(31, 3), 0x80 | 2, 1, 7, 7, 7]))).toBe(1920); // VBR 1 + 3
    expect(opusPacketSamples(new Uint8Array([toc(31, 3), 0x40 | 1, 200, 1]))).toBeNull(); // padding too long
    expect(opusPacketSamples(new Uint8Array([toc(31, 3), 7, 1]))).toBeNull(); // 7 x 20 ms > 120 ms
    expect(opusPacketSamples(new Uint8Array([toc(31, 3), 0]))).toBeNull(); // zero frames
  });

  test('an empty packet is refused', () => {
    expect(opusPacketSamples(new Uint8Array(0))).toBeNull();
  });
});
