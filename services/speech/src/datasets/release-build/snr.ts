/** Frames of this length (20 ms) are the unit of the estimate. */
export const SNR_FRAME_SECONDS = 0.02;
/** Above this the estimate says nothing more (a clip with digital silence between words). */
export const SNR_MAX_DB = 100;
const ENERGY_FLOOR = 1e-12;

/**
 * A blind estimate of a clip's signal-to-noise ratio, in dB: the clip is cut into 20 ms frames, and the
 * 90th percentile of the frames' mean energy (speech) is compared with the 10th percentile (the pauses, i.e.
 * the background noise): 10·log10(p90 / p10), capped at SNR_MAX_DB. Null for a clip shorter than one frame or
 * entirely silent.
 */
export function estimateSnrDb(samples: Float32Array, sampleRate: number): number | null {
  const frame = Math.max(1, Math.round(sampleRate * SNR_FRAME_SECONDS));
  const count = Math.floor(samples.length / frame);
  if (count === 0) return null;
  const energies = new Float64Array(count);
  for (let f = 0; f < count; f += 1) {
    let sum = 0;
    for (let i = f * frame, end = i + frame; i < end; i += 1) sum += samples[i]! * samples[i]!;
    energies[f] = sum / frame;
  }
  energies.sort();
  const at = (p: number) => energies[Math.min(count - 1, Math.floor(p * count))]!;
  const signal = at(0.9);
  if (signal <= 0) return null;
  const noise = Math.max(at(0.1), ENERGY_FLOOR);
  return Math.min(SNR_MAX_DB, 10 * Math.log10(signal / noise));
}
