/**
 * When a recording counts as silent: the RMS of its loudest 50 ms is below SILENCE_THRESHOLD_DBFS. The loudest
 * window, not the average, so a short sentence with long pauses still passes while a clip with nothing in it
 * does not; RMS over 50 ms, not the single highest sample, because a lone click is averaged with 2,400
 * samples of quiet (34 dB below its own peak), so only a loud one could make a silent clip look like speech.
 *
 * Loudest-50-ms levels measured by this library (test/silence-threshold.test.ts keeps them true):
 *   espeak-ng speech, normal level                       about -15 dBFS (WAV and after Opus encoding)
 *   the same through Chromium's MediaRecorder            about  -9 dBFS
 *   the same 30 dB quieter (a very quiet, distant talker) about -45 dBFS   -> must pass
 *   white noise, amplitude 0.002 (idle microphone hiss)   about -59 dBFS   -> silent
 *   digital silence (zeros), WAV or Opus                  -120 dBFS (FLOOR_DBFS)
 * -50 dBFS leaves about 5 dB under the quiet talker and 9 dB over the hiss. We lean towards accepting: a
 * wrongly refused take frustrates a real person, while a faint one that slips through is still judged by the
 * people who listen to it on Listen. Level alone cannot tell speech from loud room noise; that is their job.
 */
export const SILENCE_THRESHOLD_DBFS = -50;

/** Window over which loudness is taken for the silence decision: about one syllable's worth of sound. */
export const LOUDNESS_WINDOW_SECONDS = 0.05;

/** Reported instead of -Infinity for digital zero, so results stay valid JSON and comparable numbers. */
export const FLOOR_DBFS = -120;
