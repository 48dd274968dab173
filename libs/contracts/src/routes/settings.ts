import { Type } from '@sinclair/typebox';
import {
  AccountDeleteBody,
  AccountIdParams,
  AccountListQuery,
  AccountPage,
  AccountRow,
  AvatarParams,
  EmailChangeBody,
  EmailChangeReply,
  NotificationSettings,
  PasswordChangeBody,
  PeopleQuery,
  PeopleResults,
  Profile,
  ProfileInput,
  RoleChangeBody,
  SessionsEnded,
  SpeakerDetails,
} from '../account-settings';
import { AVATAR_FILE_FIELD, AVATAR_MAX_BYTES } from '../limits';
import { MANAGING_ROLES } from '../vocabularies';
import { StrictObject } from '../schema-helpers';
import { defineRoute } from '../route';

const tag = 'settings';
const Done = StrictObject({ done: Type.Literal(true) });

/** Settings → Profile. */
export const getProfile = defineRoute({
  name: 'getProfile',
  method: 'GET',
  path: '/api/settings/profile',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'The caller’s profile',
  tag,
  reply: { 200: Profile },
});

export const putProfile = defineRoute({
  name: 'putProfile',
  method: 'PUT',
  path: '/api/settings/profile',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'Save the caller’s profile (the username unique whatever its case)',
  tag,
  body: ProfileInput,
  reply: { 200: Profile },
  errors: [409],
});

/** An image (checked by its bytes, at most 2 MB), stored re-encoded and resized. */
export const postAvatar = defineRoute({
  name: 'postAvatar',
  method: 'POST',
  path: '/api/settings/avatar',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'Upload the caller’s avatar',
  tag,
  multipart: {
    files: [AVATAR_FILE_FIELD],
    fields: StrictObject({}),
    maxFileBytes: AVATAR_MAX_BYTES,
    refusals: { tooLarge: 'avatar.too_large' },
  },
  reply: { 200: Profile },
  errors: [413, 415, 422],
});

export const deleteAvatar = defineRoute({
  name: 'deleteAvatar',
  method: 'DELETE',
  path: '/api/settings/avatar',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'Remove the caller’s avatar',
  tag,
  reply: { 200: Profile },
});

/** A person's avatar image (WebP), cached by its version. */
export const getAvatar = defineRoute({
  name: 'getAvatar',
  method: 'GET',
  path: '/api/avatars/:id',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'A person’s avatar image',
  tag,
  params: AvatarParams,
  reply: { 200: Type.Unknown({ description: 'image/webp' }) },
  errors: [404],
});

/** Settings → Account: mail a link to the new address; the change applies when it is followed. */
export const postEmailChange = defineRoute({
  name: 'postEmailChange',
  method: 'POST',
  path: '/api/settings/email',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'Change the caller’s e-mail address (after re-verification)',
  tag,
  body: EmailChangeBody,
  reply: { 202: EmailChangeReply },
  errors: [409, 422],
});

/** Settings → Account: checks the current password and the sign-up rule; ends the caller's other sessions. */
export const putPassword = defineRoute({
  name: 'putPassword',
  method: 'PUT',
  path: '/api/settings/password',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'Change the caller’s password',
  tag,
  body: PasswordChangeBody,
  reply: { 200: SessionsEnded },
  errors: [422],
});

/** Sign out everywhere: every session of the caller ends, this one included. */
export const postSignOutEverywhere = defineRoute({
  name: 'postSignOutEverywhere',
  method: 'POST',
  path: '/api/settings/sign-out-everywhere',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'End all of the caller’s sessions',
  tag,
  reply: { 200: SessionsEnded },
});

/**
 * Delete the account: it and its personal details go; contributions stay, and in released data only under
 * each release's salted hash.
 */
export const deleteAccount = defineRoute({
  name: 'deleteAccount',
  method: 'DELETE',
  path: '/api/settings/account',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'Delete the caller’s account',
  tag,
  body: AccountDeleteBody,
  reply: { 200: Done },
  errors: [422],
});

/** Settings → Notifications. */
export const getNotificationSettings = defineRoute({
  name: 'getNotificationSettings',
  method: 'GET',
  path: '/api/settings/notifications',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'The caller’s notification settings',
  tag,
  reply: { 200: NotificationSettings },
});

export const putNotificationSettings = defineRoute({
  name: 'putNotificationSettings',
  method: 'PUT',
  path: '/api/settings/notifications',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'Save the caller’s notification settings',
  tag,
  body: NotificationSettings,
  reply: { 200: NotificationSettings },
});

/** Optional speaker details a release may carry (kept by the speech service, which builds releases). */
export const getSpeakerDetails = defineRoute({
  name: 'getSpeakerDetails',
  method: 'GET',
  path: '/api/user/speaker-details',
  owner: 'speech',
  access: 'signedIn',
  summary: 'The caller’s optional speaker details',
  tag,
  reply: { 200: SpeakerDetails },
});

export const putSpeakerDetails = defineRoute({
  name: 'putSpeakerDetails',
  method: 'PUT',
  path: '/api/user/speaker-details',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Save (or clear) the caller’s speaker details',
  tag,
  body: SpeakerDetails,
  reply: { 200: SpeakerDetails },
});

/** Settings → Accounts (admins): everyone with their roles. */
export const getAccounts = defineRoute({
  name: 'getAccounts',
  method: 'GET',
  path: '/api/admin/accounts',
  owner: 'gateway',
  access: ['admin'],
  summary: 'Accounts with their roles, searched and paged',
  tag: 'admin',
  query: AccountListQuery,
  reply: { 200: AccountPage },
});

/** An admin grants a role (manager among them); an admin's own role is changed only by the command line. */
export const putAccountRole = defineRoute({
  name: 'putAccountRole',
  method: 'PUT',
  path: '/api/admin/accounts/:id/role',
  owner: 'gateway',
  access: ['admin'],
  summary: 'Change an account’s role',
  tag: 'admin',
  params: AccountIdParams,
  body: RoleChangeBody,
  reply: { 200: AccountRow },
  errors: [404, 409],
});

/** Managers pick members and assignees: verified accounts by name, username or address. */
export const getPeople = defineRoute({
  name: 'getPeople',
  method: 'GET',
  path: '/api/people',
  owner: 'gateway',
  access: MANAGING_ROLES,
  summary: 'Find people to add to a project',
  tag: 'admin',
  query: PeopleQuery,
  reply: { 200: PeopleResults },
});
