import { routeRequest } from '@platform/store';
import { uploadMutation } from '@platform/remote-kit/upload';
import { remoteApi } from './remoteApi';
import {
  AVATAR_FILE_FIELD,
  deleteAccount,
  deleteAvatar,
  getAccounts,
  getNotificationSettings,
  getProfile,
  getSpeakerDetails,
  postAvatar,
  postEmailChange,
  postSignOutEverywhere,
  putAccountRole,
  putNotificationSettings,
  putPassword,
  putProfile,
  putSpeakerDetails,
} from '@platform/contracts/client';
import type {
  AccountDeleteBody,
  AccountListQuery,
  EmailChangeBody,
  NotificationSettings,
  PasswordChangeBody,
  ProfileInput,
  RoleChangeBody,
  RouteReply,
  SpeakerDetails,
} from '@platform/contracts';

/**
 * The signed-in person's profile, as a cache tag: the shell's sidebar and top bar provide it too, so a saved
 * name or avatar shows there at once. Speaker details and notification settings have their own ids.
 */
export const MY_PROFILE = { type: 'Profile', id: 'me' } as const;
const SPEAKER = { type: 'Profile', id: 'speaker' } as const;
const NOTIFICATIONS = { type: 'Profile', id: 'notifications' } as const;

/** Invalidate only when the call succeeded: a refused change leaves what is shown as it was. */
const onSuccess =
  <T>(...tags: T[]) =>
  (result: unknown) =>
    result ? tags : [];

/** The avatar's form: the image alone. */
export function avatarForm({ file }: { file: File }): FormData {
  const form = new FormData();
  form.append(AVATAR_FILE_FIELD, file);
  return form;
}

/** An admin's change of one account's role. */
export interface RoleChangeArgs extends RoleChangeBody {
  id: string;
}

/**
 * /settings' calls, each built from its declaration in libs/contracts. The profile carries the 'Profile'
 * tag, which the shell's sidebar and top bar read too: a saved name or avatar shows there at once.
 */
export const settingsApi = remoteApi.injectEndpoints({
  endpoints: (build) => ({
    getSettingsProfile: build.query<RouteReply<typeof getProfile>, void>({
      query: () => routeRequest(getProfile, {}),
      providesTags: [MY_PROFILE],
    }),
    saveProfile: build.mutation<RouteReply<typeof putProfile>, ProfileInput>({
      query: (body) => routeRequest(putProfile, { body }),
      invalidatesTags: (result) => (result ? [MY_PROFILE, 'Session' as const] : []),
    }),
    // Sent with its progress; the new picture shows in the sidebar and top bar too.
    uploadAvatar: uploadMutation(build, postAvatar, { toForm: avatarForm, invalidates: [MY_PROFILE] }),
    removeAvatar: build.mutation<RouteReply<typeof deleteAvatar>, void>({
      query: () => routeRequest(deleteAvatar, {}),
      invalidatesTags: onSuccess(MY_PROFILE),
    }),
    getSpeakerDetails: build.query<RouteReply<typeof getSpeakerDetails>, void>({
      query: () => routeRequest(getSpeakerDetails, {}),
      providesTags: [SPEAKER],
    }),
    saveSpeakerDetails: build.mutation<RouteReply<typeof putSpeakerDetails>, SpeakerDetails>({
      query: (body) => routeRequest(putSpeakerDetails, { body }),
      invalidatesTags: onSuccess(SPEAKER),
    }),
    changeEmail: build.mutation<RouteReply<typeof postEmailChange>, EmailChangeBody>({
      query: (body) => routeRequest(postEmailChange, { body }),
      invalidatesTags: onSuccess(MY_PROFILE),
    }),
    changePassword: build.mutation<RouteReply<typeof putPassword>, PasswordChangeBody>({
      query: (body) => routeRequest(putPassword, { body }),
    }),
    signOutEverywhere: build.mutation<RouteReply<typeof postSignOutEverywhere>, void>({
      query: () => routeRequest(postSignOutEverywhere, {}),
    }),
    deleteMyAccount: build.mutation<RouteReply<typeof deleteAccount>, AccountDeleteBody>({
      query: (body) => routeRequest(deleteAccount, { body }),
    }),
    getNotificationSettings: build.query<RouteReply<typeof getNotificationSettings>, void>({
      query: () => routeRequest(getNotificationSettings, {}),
      providesTags: [NOTIFICATIONS],
    }),
    saveNotificationSettings: build.mutation<
      RouteReply<typeof putNotificationSettings>,
      NotificationSettings
    >({
      query: (body) => routeRequest(putNotificationSettings, { body }),
      invalidatesTags: onSuccess(NOTIFICATIONS),
    }),
    getAccounts: build.query<RouteReply<typeof getAccounts>, AccountListQuery>({
      query: (query) => routeRequest(getAccounts, { query }),
      providesTags: ['User'],
    }),
    changeAccountRole: build.mutation<RouteReply<typeof putAccountRole>, RoleChangeArgs>({
      query: ({ id, role }) => routeRequest(putAccountRole, { params: { id }, body: { role } }),
      invalidatesTags: onSuccess('User' as const),
    }),
  }),
});

export const {
  useGetSettingsProfileQuery,
  useSaveProfileMutation,
  useUploadAvatarMutation,
  useRemoveAvatarMutation,
  useGetSpeakerDetailsQuery,
  useSaveSpeakerDetailsMutation,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useSignOutEverywhereMutation,
  useDeleteMyAccountMutation,
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useGetAccountsQuery,
  useChangeAccountRoleMutation,
} = settingsApi;
