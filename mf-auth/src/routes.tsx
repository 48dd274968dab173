// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import { SignUpPage } from './signup/SignUpPage';
import { SignInPage } from './signin/SignInPage';
import { RegistrationSuccessPage } from './verification/RegistrationSuccessPage';
import { VerifyEmailPage } from './verification/VerifyEmailPage';
import { VerificationLinkPage } from './verification/VerificationLinkPage';

export default defineRemoteRoutes('mf_auth', [
  { path: '/signup', title: 'Sign Up', Component: SignUpPage },
  { path: '/signin', title: 'Sign In', Component: SignInPage },
  { path: '/auth/success', title: 'Registration Successful', Component: RegistrationSuccessPage },
  { path: '/auth/verify', title: 'Email Verification', Component: VerifyEmailPage },
  { path: '/auth/veremail', title: 'Get a Verification Link', Component: VerificationLinkPage },
]);
