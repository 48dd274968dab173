import { Type, type Static } from '@sinclair/typebox';
import { CONTACT_LANGUAGES_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from './limits';
import { NonEmptyText, StrictObject } from './schema-helpers';

/** SPEC §5: no spaces, one at-sign, a dot after it. */
export const CONTACT_EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

export const CONTACT_INTERESTS = [
  'Contributing speech data',
  'Validating submissions',
  'Accessing the dataset for research',
  'Enterprise partnership',
  'Other inquiry',
] as const;
export const ContactInterest = Type.Union(CONTACT_INTERESTS.map((i) => Type.Literal(i)));
export type ContactInterest = Static<typeof ContactInterest>;

/** POST /api/contact */
export const ContactBody = StrictObject({
  firstName: NonEmptyText(CONTACT_NAME_MAX_LENGTH),
  lastName: NonEmptyText(CONTACT_NAME_MAX_LENGTH),
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: CONTACT_EMAIL_PATTERN }),
  interest: ContactInterest,
  languages: Type.Optional(Type.String({ maxLength: CONTACT_LANGUAGES_MAX_LENGTH })),
});
export type ContactBody = Static<typeof ContactBody>;

export const ContactReply = StrictObject({ ok: Type.Literal(true) });
export type ContactReply = Static<typeof ContactReply>;
