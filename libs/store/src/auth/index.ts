export {
  authApi,
  useSessionQuery,
  useQueryEmailMutation,
  useSignUpMutation,
  useSignInMutation,
  useSignOutMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useSetLocaleMutation,
} from './authApi';
export { useSession, fullName, roleLabel } from './useSession';
export type { SessionState } from './useSession';
