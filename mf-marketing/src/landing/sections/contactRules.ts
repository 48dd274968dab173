import { CONTACT_EMAIL_PATTERN, CONTACT_INTERESTS } from '@platform/contracts/client';
import type { ContactBody } from '@platform/contracts';

export type ContactInterestValue = (typeof CONTACT_INTERESTS)[number];

/** What the form holds (the interest is sent as the English constant; the screen shows it translated). */
export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  interest: ContactInterestValue | '';
  languages: string;
}

export const EMPTY_CONTACT: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  interest: CONTACT_INTERESTS[0],
  languages: '',
};

/** The catalogue key (under contact.interests) of each interest. */
export const INTEREST_KEYS: Record<ContactInterestValue, string> = {
  'Contributing speech data': 'speech',
  'Validating submissions': 'validating',
  'Accessing the dataset for research': 'research',
  'Enterprise partnership': 'enterprise',
  'Other inquiry': 'other',
};

/** The catalogue key (under contact.errors) of each field's problem. */
export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const emailPattern = new RegExp(CONTACT_EMAIL_PATTERN);
const isInterest = (value: string): value is ContactInterestValue =>
  (CONTACT_INTERESTS as readonly string[]).includes(value);

/**
 * SPEC §5: first and last names and the interest non-empty; the e-mail matches the simple pattern (no
 * spaces, one at-sign, a dot after it); languages always valid. The server checks the same rules.
 */
export function contactErrors(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'firstName';
  if (!values.lastName.trim()) errors.lastName = 'lastName';
  const email = values.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!emailPattern.test(email)) errors.email = 'emailInvalid';
  if (!isInterest(values.interest)) errors.interest = 'interest';
  return errors;
}

/** The body POST /api/contact receives from valid values: trimmed, languages left out when empty. */
export function contactBody(values: ContactValues): ContactBody {
  const languages = values.languages.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    interest: values.interest as ContactInterestValue,
    ...(languages ? { languages } : {}),
  };
}
