import { assignSplits, speakerHasher } from '../src/datasets/release-build/speakers';
import { estimateSnrDb } from '../src/datasets/release-build/snr';
import { countToneMarks, emptyToneCoverage } from '../src/datasets/release-build/tone-marks';

const speakers = (counts: number[]) => new Map(counts.map((n, i) => [`account-${i}`, n]));
const clipsIn = (splits: Map<string, string>, counts: Map<string, number>, split: string) =>
  [...splits].filter(([, s]) => s === split).reduce((n, [id]) => n + counts.get(id)!, 0);

describe('speaker-disjoint splits', () => {
  it('puts everything in train with fewer than three speakers', () => {
    expect([...assignSplits('r1', speakers([5, 9])).values()]).toEqual(['train', 'train']);
    expect([...assignSplits('r1', speakers([3])).values()]).toEqual(['train']);
  });

  it('gives dev and test one speaker each and train the rest with three', () => {
    const splits = assignSplits('r1', speakers([40, 1, 2]));
    expect(splits.get('account-0')).toBe('train');
    expect(new Set(splits.values())).toEqual(new Set(['train', 'dev', 'test']));
  });

  it('comes close to 80/10/10 by clips, and is the same every time for one release', () => {
    const counts = speakers(Array.from({ length: 500 }, (_, i) => 1 + ((i * 37) % 60)));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const splits = assignSplits('release-a', counts);
    expect(splits.size).toBe(500);
    for (const split of ['dev', 'test']) {
      const share = clipsIn(splits, counts, split) / total;
      expect(share).toBeGreaterThan(0.09);
      expect(share).toBeLessThanOrEqual(0.1);
    }
    expect(assignSplits('release-a', counts)).toEqual(splits);
    expect(assignSplits('release-b', counts)).not.toEqual(splits);
  });
});

describe('speaker ids', () => {
  it('are 64 hex digits, stable within a release, different across releases', () => {
    const a = speakerHasher();
    const b = speakerHasher();
    expect(a('account-1')).toMatch(/^[0-9a-f]{64}$/);
    expect(a('account-1')).toBe(a('account-1'));
    expect(a('account-1')).not.toBe(a('account-2'));
    expect(a('account-1')).not.toBe(b('account-1'));
  });
});

describe('the SNR estimate', () => {
  const rate = 16000;
  /** One second of a tone (whole cycles in each 20 ms frame) then one second of noise at the given amplitudes. */
  const clip = (signal: number, noise: number) => {
    const samples = new Float32Array(2 * rate);
    for (let i = 0; i < rate; i++) samples[i] = signal * Math.sin((2 * Math.PI * 250 * i) / rate);
    for (let i = rate; i < 2 * rate; i++) samples[i] = noise * (i % 2 ? 1 : -1);
    return samples;
  };

  it('compares the loud frames with the quiet ones, in dB', () => {
    // Tone power a²/2 = 0.125 against noise power 0.0025²: 43 dB.
    expect(estimateSnrDb(clip(0.5, 0.0025), rate)).toBeCloseTo(10 * Math.log10(0.125 / 0.0025 ** 2), 1);
    expect(estimateSnrDb(clip(0.5, 0), rate)).toBe(100);
    expect(estimateSnrDb(new Float32Array(rate), rate)).toBeNull();
    expect(estimateSnrDb(new Float32Array(100), rate)).toBeNull();
  });
});

describe('tone-mark coverage', () => {
  it('counts sentences with a tone mark, with a dot below, and with neither, whatever their normal form', () => {
    const coverage = emptyToneCoverage();
    for (const text of ['Ẹ kú iṣẹ́ o.', 'Ó dàbọ̀.'.normalize('NFD'), 'E ku ise o.', 'Ẹ ṣe', '123']) {
      countToneMarks(coverage, text);
    }
    expect(coverage).toEqual({ sentences: 5, toneMarked: 2, underDotted: 3, bare: 1 });
  });
});
