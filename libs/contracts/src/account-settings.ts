import { Type, type Static } from '@sinclair/typebox';
import { Role } from './identity';
import { LanguageCode } from './languages';
import {
  ACCENT_MAX_LENGTH,
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PROFILE_LANGUAGES_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  WORKSPACE_PAGE_SIZE,
  WORKSPACE_PAGE_SIZE_MAX,
} from './limits';
import { Id, NonEmptyText, StrictObject } from './schema-helpers';
import { AGE_RANGES, DIGEST_FREQUENCIES, GENDERS, PROFICIENCIES } from './vocabularies';

const Count = Type.Integer({ minimum: 0 });
const Page = Type.Integer({ minimum: 1 });
const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));

export const Proficiency = literals(PROFICIENCIES);
export type Proficiency = Static<typeof Proficiency>;
export const DigestFrequency = literals(DIGEST_FREQUENCIES);
export type DigestFrequency = Static<typeof DigestFrequency>;
export const AgeRange = literals(AGE_RANGES);
export type AgeRange = Static<typeof AgeRange>;
export const Gender = literals(GENDERS);
export type Gender = Static<typeof Gender>;

/** Letters, digits, dot, dash and underscore; unique whatever its case. */
export const Username = Type.String({
  minLength: USERNAME_MIN_LENGTH,
  maxLength: USERNAME_MAX_LENGTH,
  pattern: '^[A-Za-z0-9._-]+$',
});

export const ProfileLanguage = StrictObject({ language: LanguageCode, proficiency: Proficiency });
export type ProfileLanguage = Static<typeof ProfileLanguage>;

/** Settings → Profile: what the person edits (SPEC §3). */
export const ProfileInput = StrictObject({
  fullName: NonEmptyText(FULL_NAME_MAX_LENGTH),
  username: Type.Union([Username, Type.Null()]),
  bio: Type.String({ maxLength: BIO_MAX_LENGTH }),
  languages: Type.Array(ProfileLanguage, { maxItems: PROFILE_LANGUAGES_MAX }),
});
export type ProfileInput = Static<typeof ProfileInput>;

/** The profile as stored, with what the person does not edit here. */
export const Profile = StrictObject({
  ...ProfileInput.properties,
  id: Id,
  email: Type.String(),
  role: Role,
  /** Set while a change of address waits for its link to be followed. */
  pendingEmail: Type.Union([Type.String(), Type.Null()]),
  /** Where the avatar is served (changes with each upload), or null without one. */
  avatarUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Profile = Static<typeof Profile>;

/**
 * Optional speaker details a release may carry beside a speaker's hashed id (Common Voice's age, gender and
 * accents columns). Kept by the speech service, which builds releases.
 */
export const SpeakerDetails = StrictObject({
  ageRange: Type.Union([AgeRange, Type.Null()]),
  gender: Type.Union([Gender, Type.Null()]),
  accent: Type.Union([Type.String({ maxLength: ACCENT_MAX_LENGTH }), Type.Null()]),
});
export type SpeakerDetails = Static<typeof SpeakerDetails>;

/** Settings → Account: a new address takes effect when the link mailed to it is followed. */
export const EmailChangeBody = StrictObject({
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
  currentPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
export type EmailChangeBody = Static<typeof EmailChangeBody>;
export const EmailChangeReply = StrictObject({ pendingEmail: Type.String() });
export type EmailChangeReply = Static<typeof EmailChangeReply>;

/** Settings → Account (SPEC §3: currentPassword, newPassword, confirmPassword). */
export const PasswordChangeBody = StrictObject({
  currentPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  newPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  confirmPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;
/** How many other sessions a change ended. */
export const SessionsEnded = StrictObject({ ended: Count });
export type SessionsEnded = Static<typeof SessionsEnded>;

export const AccountDeleteBody = StrictObject({
  currentPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
export type AccountDeleteBody = Static<typeof AccountDeleteBody>;

/** Settings → Notifications: the four toggles (default on) and the digest frequency (default daily). */
export const NotificationSettings = StrictObject({
  email: Type.Boolean(),
  taskAssignments: Type.Boolean(),
  taskReminders: Type.Boolean(),
  projectUpdates: Type.Boolean(),
  digest: DigestFrequency,
});
export type NotificationSettings = Static<typeof NotificationSettings>;

/** Settings → Accounts (admins): everyone, with their roles, searched and paged. */
export const AccountListQuery = StrictObject({
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH })),
  role: Type.Optional(Role),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: WORKSPACE_PAGE_SIZE_MAX, default: WORKSPACE_PAGE_SIZE }),
  ),
});
export type AccountListQuery = Static<typeof AccountListQuery>;
export const AccountRow = StrictObject({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  verified: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AccountRow = Static<typeof AccountRow>;
export const AccountPage = StrictObject({
  items: Type.Array(AccountRow),
  total: Count,
  page: Page,
  pageSize: Page,
});
export type AccountPage = Static<typeof AccountPage>;
export const AccountIdParams = StrictObject({ id: Id });
export type AccountIdParams = Static<typeof AccountIdParams>;
/** An admin grants a role; admin itself is only ever granted by the command line. */
export const RoleChangeBody = StrictObject({
  role: Type.Union([
    Type.Literal('contributor'),
    Type.Literal('reviewer'),
    Type.Literal('researcher'),
    Type.Literal('manager'),
  ]),
});
export type RoleChangeBody = Static<typeof RoleChangeBody>;

/** Managers pick project members and assignees from this: verified accounts matching a name or address. */
export const PeopleQuery = StrictObject({ q: NonEmptyText(SEARCH_QUERY_MAX_LENGTH) });
export type PeopleQuery = Static<typeof PeopleQuery>;
export const PeopleResults = StrictObject({
  items: Type.Array(
    StrictObject({ id: Id, name: Type.String(), username: Type.Union([Type.String(), Type.Null()]) }),
  ),
});
export type PeopleResults = Static<typeof PeopleResults>;

/** Internal, text → gateway: the current display names of accounts (projects show members by them). */
export const PeopleByIdBody = StrictObject({ ids: Type.Array(Id, { maxItems: 500, uniqueItems: true }) });
export type PeopleByIdBody = Static<typeof PeopleByIdBody>;
export const PeopleById = StrictObject({
  people: Type.Array(StrictObject({ id: Id, name: Type.String(), role: Role })),
});
export type PeopleById = Static<typeof PeopleById>;

export const AvatarParams = StrictObject({ id: Id });
export type AvatarParams = Static<typeof AvatarParams>;
