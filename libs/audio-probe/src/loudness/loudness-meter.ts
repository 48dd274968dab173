import { FLOOR_DBFS, LOUDNESS_WINDOW_SECONDS } from './silence-thresholds';

/** Sub-blocks per window: the 50 ms window slides in 10 ms steps, so a burst of sound is not split in two. */
const STEPS_PER_WINDOW = 5;

export interface Loudness {
  peakDbfs: number;
  rmsDbfs: number;
  loudestWindowDbfs: number;
}

const toDb = (power: number): number =>
  power > 0 ? Math.max(FLOOR_DBFS, Math.round(10 * Math.log10(power) * 100) / 100) : FLOOR_DBFS;

/**
 * Running loudness of decoded PCM (floats in [-1, 1]); holds a handful of numbers, never the samples.
 * Power is averaged over channels, so a stereo clip with one dead channel is measured 3 dB quieter, as heard.
 */
export class LoudnessMeter {
  private readonly stepFrames: number;
  private peak = 0;
  private totalPower = 0;
  private totalFrames = 0;
  private stepPower = 0;
  private stepFill = 0;
  private readonly recentSteps: number[] = [];
  private loudestWindowPower = -1;

  constructor(
    sampleRate: number,
    private readonly channels: number,
  ) {
    this.stepFrames = Math.max(1, Math.round((sampleRate * LOUDNESS_WINDOW_SECONDS) / STEPS_PER_WINDOW));
  }

  get frames(): number {
    return this.totalFrames;
  }

  add(channelData: readonly Float32Array[], frames: number): void {
    const channels = Math.min(this.channels, channelData.length);
    for (let i = 0; i < frames; i += 1) {
      let power = 0;
      for (let c = 0; c < channels; c += 1) {
        const sample = channelData[c]![i]!;
        const magnitude = sample < 0 ? -sample : sample;
        if (magnitude > this.peak) this.peak = magnitude;
        power += sample * sample;
      }
      power /= this.channels;
      this.totalPower += power;
      this.stepPower += power;
      this.stepFill += 1;
      if (this.stepFill === this.stepFrames) this.closeStep();
    }
    this.totalFrames += frames;
  }

  result(): Loudness {
    let loudest = this.loudestWindowPower;
    // A clip shorter than one window is judged on all of it.
    if (loudest < 0) {
      const frames = this.totalFrames;
      loudest = frames > 0 ? this.totalPower / frames : 0;
    }
    return {
      peakDbfs:
        this.peak > 0 ? Math.max(FLOOR_DBFS, Math.round(20 * Math.log10(this.peak) * 100) / 100) : FLOOR_DBFS,
      rmsDbfs: toDb(this.totalFrames > 0 ? this.totalPower / this.totalFrames : 0),
      loudestWindowDbfs: toDb(loudest),
    };
  }

  private closeStep(): void {
    this.recentSteps.push(this.stepPower);
    if (this.recentSteps.length > STEPS_PER_WINDOW) this.recentSteps.shift();
    if (this.recentSteps.length === STEPS_PER_WINDOW) {
      let sum = 0;
      for (const p of this.recentSteps) sum += p;
      const windowPower = sum / (STEPS_PER_WINDOW * this.stepFrames);
      if (windowPower > this.loudestWindowPower) this.loudestWindowPower = windowPower;
    }
    this.stepPower = 0;
    this.stepFill = 0;
  }
}
