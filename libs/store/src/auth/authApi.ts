import type {
  LocaleBody,
  ResendBody,
  RouteReply,
  SessionUser,
  SigninBody,
  SignupBody,
  VerifyBody,
} from '@platform/contracts';
import {
  getAuthSession,
  postAuthQueryEmail,
  postAuthResend,
  postAuthSignin,
  postAuthSignout,
  postAuthSignup,
  postAuthVerify,
  putAuthLocale,
} from '@platform/contracts/client';
import { api, everyTagButSession } from '../api';
import { routeRequest } from '../route-request';

/**
 * Accounts and the session, shared by the shell (guards, sidebar, Logout) and mf-auth (the forms).
 * The plt cookie is HttpOnly, so the page learns who is signed in only by asking GET /auth/session.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in person, or null when nobody is (a 401 is an answer here, not an error). */
    session: build.query<SessionUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery(routeRequest(getAuthSession, {}));
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: (result.data as RouteReply<typeof getAuthSession>).user };
      },
      providesTags: ['Session'],
    }),
    /** POST /auth/auth/query.email: ok true means the address already has an account. */
    queryEmail: build.mutation<RouteReply<typeof postAuthQueryEmail>, string>({
      query: (email) => routeRequest(postAuthQueryEmail, { body: { email } }),
    }),
    signUp: build.mutation<RouteReply<typeof postAuthSignup>, SignupBody>({
      query: (body) => routeRequest(postAuthSignup, { body }),
    }),
    /**
     * Signs in, then reads the new session before resolving, so that a page navigated to next finds the
     * person signed in instead of the signed-out answer cached before.
     */
    signIn: build.mutation<RouteReply<typeof postAuthSignin>, SigninBody>({
      async queryFn(body, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery(routeRequest(postAuthSignin, { body }));
        if (result.error) return { error: result.error };
        await dispatch(
          authApi.endpoints.session.initiate(undefined, { forceRefetch: true, subscribe: false }),
        );
        return { data: result.data as RouteReply<typeof postAuthSignin> };
      },
      // Whatever was cached belonged to nobody (or somebody else).
      invalidatesTags: (result) => (result ? everyTagButSession() : []),
    }),
    signOut: build.mutation<RouteReply<typeof postAuthSignout>, void>({
      query: () => routeRequest(postAuthSignout, {}),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(authApi.util.upsertQueryData('session', undefined, null));
      },
      invalidatesTags: (result) => (result ? everyTagButSession() : []),
    }),
    verifyEmail: build.mutation<RouteReply<typeof postAuthVerify>, VerifyBody>({
      query: (body) => routeRequest(postAuthVerify, { body }),
    }),
    resendVerification: build.mutation<RouteReply<typeof postAuthResend>, ResendBody>({
      query: (body) => routeRequest(postAuthResend, { body }),
    }),
    /** PUT /auth/locale: keeps the signed-in person's interface language with the account. */
    setLocale: build.mutation<RouteReply<typeof putAuthLocale>, LocaleBody>({
      query: (body) => routeRequest(putAuthLocale, { body }),
      async onQueryStarted({ locale }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          authApi.util.updateQueryData('session', undefined, (user) => (user ? { ...user, locale } : user)),
        );
      },
    }),
  }),
});

export const {
  useSessionQuery,
  useQueryEmailMutation,
  useSignUpMutation,
  useSignInMutation,
  useSignOutMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useSetLocaleMutation,
} = authApi;
