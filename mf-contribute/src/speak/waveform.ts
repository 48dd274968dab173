/** SPEC §9: the waveform keeps 30 samples, updated every 80 ms. */
export const WAVEFORM_SAMPLES = 30;
export const WAVEFORM_INTERVAL_MS = 80;

export const silentWaveform = (): number[] => new Array<number>(WAVEFORM_SAMPLES).fill(0);

/** Appends the newest level and drops the oldest, so the bars scroll from right to left. */
export function pushSample(samples: readonly number[], level: number, size = WAVEFORM_SAMPLES): number[] {
  const next = [...samples, Math.max(0, Math.min(1, level))];
  return next.slice(Math.max(0, next.length - size));
}

/**
 * Loudness of one analyser frame (unsigned bytes centred on 128) as 0..1. Speech seldom goes above a
 * quarter of full scale, so the RMS is amplified to make ordinary speaking fill the bars.
 */
export function levelOf(frame: Uint8Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (const byte of frame) {
    const v = (byte - 128) / 128;
    sum += v * v;
  }
  return Math.min(1, Math.sqrt(sum / frame.length) * 4);
}
