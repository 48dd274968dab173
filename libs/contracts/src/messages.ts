// The English messages the screens and the services share, in a module without schemas: the browser's
// first load (through @platform/contracts/client and the error codes) carries them without TypeBox.
import { PASSWORD_MAX_LENGTH } from './limits';

/** The SPEC's words (§5, §8), and the few the platform adds, for the gateway and the screens alike. */
export const AUTH_MESSAGES = {
  firstnameRequired: 'First name is required',
  lastnameRequired: 'Last name is required',
  tooShort: 'Too short!',
  tooLong: 'Too long!',
  emailRequired: '*Required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordRule: 'Password must contain: 8+ characters, 1 number, 1 uppercase letter',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  roleInvalid: 'Role must be contributor, reviewer or researcher',
  adminNotAllowed: 'The admin role cannot be chosen at sign-up',
  emailTaken: 'Email already exists.',
  signedUp: 'Account created. Check your email for the verification link.',
  signedIn: 'Signed in',
  notVerified: 'Email not verified',
  incorrectPassword: 'Incorrect password',
  tooManySignins: 'Too many sign-in attempts. Please wait a minute and try again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  notSignedIn: 'You are not signed in.',
  verified: 'Your account is verified!',
  linkExpired: 'This verification link has expired.',
  linkInvalid: 'Invalid verification link.',
  resendNeedsEmail: 'Send the email address or the sign-up token.',
  resendAccepted: 'If this address has an account waiting for verification, a new link is on its way.',
  crossOrigin: 'Cross-origin requests are not allowed.',
} as const;

/** The messages the Speak screen shows for a refused upload. */
export const RECORDING_MESSAGES = {
  unknownSentence: 'Unknown sentence.',
  sentenceFull: 'This sentence has all the recordings it needs; please record another one.',
  alreadyRecorded: 'You have already recorded this sentence; please record another one.',
  tooLarge: 'The recording is larger than 5 MB.',
  badDuration: 'The recording must be between 1 and 15 seconds long.',
  silent: 'The recording is silent. Please check your microphone and try again.',
  unsupported: 'The recording must be WebM, Ogg (Opus) or WAV audio.',
  missingAudio: 'The recording is missing: send it in the `audio` field.',
  missingSentence: 'sentenceId is missing.',
  notMultipart: 'Send the recording as multipart/form-data.',
  ownRecording: 'You cannot validate your own recording.',
  alreadyVoted: 'You have already voted on this recording.',
  alreadyDecided: 'This recording has already been decided; the vote can no longer be undone.',
  decided: 'This recording has already been decided; no more votes are needed.',
  noVote: 'You have not voted on this recording.',
  unknownRecording: 'Unknown recording.',
} as const;

export const REPORT_DETAILS_REQUIRED_MESSAGE = 'Please describe the problem.';

/**
 * What the browser says when no usable answer came back: the messages of `network.unreachable`,
 * `server.internal`, `request.refused` and `client.error` (ERROR_MESSAGES holds them too). Apart, so that
 * the page's error reader does not carry every error message on its first load.
 */
export const BROWSER_ERROR_MESSAGES = {
  'server.internal': 'Something went wrong on our side. Please try again later.',
  'network.unreachable': 'The server could not be reached. Check your connection and try again.',
  'request.refused': 'The request was refused.',
  'client.error': 'Something went wrong in this page. Please reload and try again.',
} as const;
