import { encodeWav, joinBlocks, mixToMono, toInt16, WAV_HEADER_BYTES, wavBlob } from './wavEncoder';

const text = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)));

describe('the WAV encoder', () => {
  it('writes the 44-byte RIFF/WAVE header of 16-bit mono PCM at the given rate', () => {
    const buffer = encodeWav(new Float32Array(480), 48000);
    const view = new DataView(buffer);
    expect(buffer.byteLength).toBe(WAV_HEADER_BYTES + 960);
    expect(text(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 960);
    expect(text(view, 8, 4)).toBe('WAVE');
    expect(text(view, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(48000);
    expect(view.getUint32(28, true)).toBe(96000); // bytes per second
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16); // bits per sample
    expect(text(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(960);
  });

  it('converts samples to little-endian 16-bit integers, full scale at ±1', () => {
    const view = new DataView(encodeWav(new Float32Array([0, 0.5, -0.5, 1, -1]), 16000));
    const samples = [0, 1, 2, 3, 4].map((i) => view.getInt16(WAV_HEADER_BYTES + i * 2, true));
    expect(samples).toEqual([0, 16384, -16384, 32767, -32768]);
    expect(view.getUint8(WAV_HEADER_BYTES + 2)).toBe(0x00); // 16384 = 0x4000, low byte first
    expect(view.getUint8(WAV_HEADER_BYTES + 3)).toBe(0x40);
  });

  it('clips samples beyond full scale instead of wrapping them to the other sign', () => {
    expect(toInt16(1.7)).toBe(32767);
    expect(toInt16(-3)).toBe(-32768);
    expect(toInt16(Number.NaN)).toBe(0);
    const view = new DataView(encodeWav(new Float32Array([2, -2]), 8000));
    expect(view.getInt16(WAV_HEADER_BYTES, true)).toBe(32767);
    expect(view.getInt16(WAV_HEADER_BYTES + 2, true)).toBe(-32768);
  });

  it('encodes an empty recording as a header with no data', () => {
    const view = new DataView(encodeWav(new Float32Array(0), 44100));
    expect(view.byteLength).toBe(WAV_HEADER_BYTES);
    expect(view.getUint32(40, true)).toBe(0);
    expect(view.getUint32(4, true)).toBe(36);
  });

  it('refuses a sample rate that is not a positive whole number', () => {
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow(RangeError);
    expect(() => encodeWav(new Float32Array(1), 44100.5)).toThrow(RangeError);
  });

  it('gives a Blob of type audio/wav', () => {
    const blob = wavBlob(new Float32Array(10), 16000);
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(WAV_HEADER_BYTES + 20);
  });

  it('joins captured blocks in order and mixes channels down to mono', () => {
    expect(Array.from(joinBlocks([new Float32Array([1, 2]), new Float32Array([3])]))).toEqual([1, 2, 3]);
    expect(Array.from(mixToMono([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])]))).toEqual([
      0.5, 0,
    ]);
    const single = new Float32Array([0.25]);
    expect(mixToMono([single])).toBe(single);
    expect(mixToMono([])).toHaveLength(0);
  });
});
