import { levelOf, pushSample, silentWaveform, WAVEFORM_INTERVAL_MS, WAVEFORM_SAMPLES } from './waveform';

describe('waveform samples', () => {
  it('keeps the SPEC numbers: 30 samples every 80 ms', () => {
    expect(WAVEFORM_SAMPLES).toBe(30);
    expect(WAVEFORM_INTERVAL_MS).toBe(80);
    expect(silentWaveform()).toEqual(new Array(30).fill(0));
  });

  it('appends the newest level on the right and drops the oldest', () => {
    let samples = silentWaveform();
    for (let i = 1; i <= 35; i += 1) samples = pushSample(samples, i / 100);
    expect(samples).toHaveLength(30);
    expect(samples[29]).toBeCloseTo(0.35);
    expect(samples[0]).toBeCloseTo(0.06);
  });

  it('clamps levels to 0..1', () => {
    expect(pushSample([], 3)).toEqual([1]);
    expect(pushSample([], -1)).toEqual([0]);
  });

  it('measures silence as 0 and speech-like swings above it', () => {
    expect(levelOf(new Uint8Array(256).fill(128))).toBe(0);
    const quiet = levelOf(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 133 : 123)));
    const loud = levelOf(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 180 : 76)));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(levelOf(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(1);
  });
});
