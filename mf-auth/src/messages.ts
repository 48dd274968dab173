import { AUTH_MESSAGES } from '@platform/contracts/client';

/**
 * The screens' words that only the browser says (SPEC §5 and §8, word for word). The rules' messages the
 * server shares live in AUTH_MESSAGES (libs/contracts) and are used from there.
 */
export const SCREEN_MESSAGES = {
  confirmRequired: 'Confirm password is required',
  passwordsDontMatch: 'Passwords do not match',
  /** The live availability check (SPEC §5); the server's own answer on submit keeps its full stop. */
  emailTaken: 'Email already exists',
  checkFailed: 'Server error',
  signupGeneric: 'Something went wrong. Please try again.',
  signupUnavailable: 'Sign Up is currently undergoing maintenance.',
  invalidLoginTitle: 'Invalid Login',
  notVerified: 'Your email has not been verified. Check your inbox or get a new link.',
  incorrectLogin: 'Incorrect email or password.',
  signinGeneric: 'Invalid login.',
  signinUnavailable: 'Server is unavailable. Please try again later.',
  resendSent: 'Verification email sent successfully!',
  verified: AUTH_MESSAGES.verified,
  linkInvalid: AUTH_MESSAGES.linkInvalid,
  verifyFailed: 'Something went wrong. Try again.',
  googleUnavailable: 'Google sign-in is not available on this site.',
} as const;

/** The SPEC's button texts while a form is busy. */
export const BUSY_LABELS = {
  signup: 'Creating...',
  signin: 'Loading...',
  sending: 'Sending...',
  resending: 'Resending...',
} as const;
