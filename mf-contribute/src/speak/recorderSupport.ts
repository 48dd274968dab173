/** Recording needs both the microphone API and MediaRecorder (SPEC §5: otherwise recording is unavailable). */
export function isRecordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** Speak records WebM/Opus (SPEC §9); Ogg/Opus where a browser cannot, else the browser's default. */
export const PREFERRED_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
] as const;

export function pickMimeType(): string | undefined {
  const isSupported = window.MediaRecorder?.isTypeSupported?.bind(window.MediaRecorder);
  if (!isSupported) return undefined;
  return PREFERRED_MIME_TYPES.find((type) => isSupported(type));
}

export type MicrophoneProblem = 'denied' | 'no-device' | 'busy' | 'failed';

/** Sorts getUserMedia's DOMException names into the problems the screen explains differently. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'denied';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'no-device';
  }
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}
