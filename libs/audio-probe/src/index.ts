export {
  createAudioProbe,
  probeBuffer,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DECODE_SECONDS,
} from './create-audio-probe';
export type { AudioProbe, AudioProbeOptions } from './create-audio-probe';
export type { Container, ProbeFailure, ProbeFailureReason, ProbeResult, ProbeSuccess } from './probe-result';
export { FLOOR_DBFS, LOUDNESS_WINDOW_SECONDS, SILENCE_THRESHOLD_DBFS } from './loudness/silence-thresholds';
export {
  decodeToPcm,
  DecodeError,
  encodeWav16,
  PCM_SAMPLE_RATES,
  toPcm16,
  wavHeader,
} from './decode/decode-to-pcm';
export type { DecodedAudio, PcmSampleRate } from './decode/decode-to-pcm';
