import { Type, type Static } from '@sinclair/typebox';
import { CONTACT_LANGUAGES_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from './limits';
import { NonEmptyText, StrictObject } from './schema-helpers';
// The pattern and the interests are plain values the browser's form checks too: vocabularies.ts holds them.
import { CONTACT_EMAIL_PATTERN, CONTACT_INTERESTS } from './vocabularies';

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
