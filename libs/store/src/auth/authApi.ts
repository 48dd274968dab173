import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type {
  AuthReply,
  LocaleBody,
  LocaleReply,
  QueryEmailReply,
  ResendBody,
  ResendReply,
  SessionReply,
  SessionUser,
  SigninBody,
  SignupBody,
  SignoutReply,
  VerifyBody,
  VerifyReply,
} from '@platform/contracts';
import { api, apiTagTypes } from '../api';

/**
 * Accounts and the session, shared by the shell (guards, sidebar, Logout) and mf-auth (the forms).
 * The plt cookie is HttpOnly, so the page learns who is signed in only by asking GET /auth/session.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in person, or null when nobody is (a 401 is an answer here, not an error). */
    session: build.query<SessionUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: 'auth/session' });
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: (result.data as SessionReply).user };
      },
      providesTags: ['Session'],
    }),
    /** POST /auth/auth/query.email: ok true means the address already has an account. */
    queryEmail: build.mutation<QueryEmailReply, string>({
      query: (email) => ({ url: 'auth/auth/query.email', method: 'POST', body: { email } }),
    }),
    signUp: build.mutation<AuthReply, SignupBody>({
      query: (body) => ({ url: 'auth/auth/signup', method: 'POST', body }),
    }),
    /**
     * Signs in, then reads the new session before resolving, so that a page navigated to next finds the
     * person signed in instead of the signed-out answer cached before.
     */
    signIn: build.mutation<AuthReply, SigninBody>({
      async queryFn(body, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery({ url: 'auth/signin', method: 'POST', body });
        if (result.error) return { error: result.error };
        await dispatch(
          authApi.endpoints.session.initiate(undefined, { forceRefetch: true, subscribe: false }),
        );
        return { data: result.data as AuthReply };
      },
      // Whatever was cached belonged to nobody (or somebody else).
      invalidatesTags: (result) => (result ? apiTagTypes.filter((tag) => tag !== 'Session') : []),
    }),
    signOut: build.mutation<SignoutReply, void>({
      query: () => ({ url: 'auth/signout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(authApi.util.upsertQueryData('session', undefined, null));
      },
      invalidatesTags: (result) => (result ? apiTagTypes.filter((tag) => tag !== 'Session') : []),
    }),
    verifyEmail: build.mutation<VerifyReply, VerifyBody>({
      query: (body) => ({ url: 'auth/verify', method: 'POST', body }),
    }),
    resendVerification: build.mutation<ResendReply, ResendBody>({
      query: (body) => ({ url: 'auth/resend', method: 'POST', body }),
    }),
    /** PUT /auth/locale: keeps the signed-in person's interface language with the account. */
    setLocale: build.mutation<LocaleReply, LocaleBody>({
      query: (body) => ({ url: 'auth/locale', method: 'PUT', body }),
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

/** What went wrong with an /auth call, in the terms the screens choose their words by. */
export type AuthFailure =
  | { kind: 'network' }
  | { kind: 'server'; status: number; message?: string }
  | { kind: 'refused'; status: number; message?: string; body: Record<string, unknown> };

const UNREACHABLE = new Set([502, 503, 504]);

/**
 * Sorts an RTK Query error: no answer at all (or a gateway that says its upstream is down) is 'network',
 * any other 5xx is 'server', a 4xx is 'refused' with the server's message (AuthErrorReply).
 */
export function authFailure(error: unknown): AuthFailure {
  const e = error as FetchBaseQueryError | undefined;
  if (!e || typeof e !== 'object' || !('status' in e)) return { kind: 'network' };
  if (typeof e.status !== 'number') {
    // PARSING_ERROR carries the HTTP status of an answer that was not JSON (a proxy's error page).
    const original = (e as { originalStatus?: number }).originalStatus;
    if (e.status === 'PARSING_ERROR' && original && !UNREACHABLE.has(original)) {
      return original >= 500
        ? { kind: 'server', status: original }
        : { kind: 'refused', status: original, body: {} };
    }
    return { kind: 'network' };
  }
  if (UNREACHABLE.has(e.status)) return { kind: 'network' };
  const body = (e.data && typeof e.data === 'object' ? e.data : {}) as Record<string, unknown>;
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  if (e.status >= 500) return { kind: 'server', status: e.status, message };
  return { kind: 'refused', status: e.status, message, body };
}
