// Every sentence the Speak and Listen screens show. SPEC §2 and §8 words are copied exactly; the rest are
// ours (marked), written for what the SPEC leaves unworded (skip, report, loading, microphone problems).
import type { MicrophoneProblem } from '../speak/recorderSupport';

export const SPEAK = {
  instructionBefore: 'Click',
  instructionAfter: 'then read the sentence aloud',
  unsupported: 'Microphone access is not supported in your browser.',
  unsupportedHint: 'Please try using a different browser or device.',
  submitted: 'Recording submitted',
  thanks: 'Thank you for your contribution!',
  submitFailed: 'Error submitting recording',
  // ours
  skipFailed: 'Error skipping sentence',
  reportFailed: 'Error reporting sentence',
  reported: 'Sentence reported',
  reportedThanks: 'Thank you. You will not be asked to read it again.',
  loadFailed: 'The sentences could not be loaded',
  roundComplete: 'Round complete! Getting your next sentences…',
} as const;

/** Ours: what went wrong when the microphone would not start, and what to do about it. */
export const MICROPHONE_MESSAGES: Record<MicrophoneProblem, string> = {
  denied:
    'Microphone access was refused. Allow this site to use your microphone (the icon in the address bar), then press record again.',
  'no-device': 'No microphone was found. Connect a microphone, then press record again.',
  busy: 'The microphone is being used by another application. Close it, then press record again.',
  failed: 'The microphone could not be started. Please try again.',
};

export const LISTEN = {
  empty: 'No recordings available for validation at this time.',
  emptyHint: 'Please check back later or contribute your own recordings.',
  submitted: 'Validation submitted',
  thanks: 'Thank you for your contribution!',
  submitFailed: 'Error submitting validation',
  // ours
  skipFailed: 'Error skipping recording',
  reportFailed: 'Error reporting recording',
  reported: 'Recording reported',
  reportedThanks: 'Thank you. You will not be asked to check it again.',
  undone: 'Vote undone',
  undoneHint: 'The recording is back for you to judge again.',
  undoFailed: 'Error undoing vote',
  loadFailed: 'The recordings could not be loaded',
  playFailed: 'This recording could not be played. Skip it or report it.',
  listenFirst: 'Listen to the whole recording before voting YES.',
} as const;
