// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/store';
import { SignUpPage } from './pages/SignUpPage';
import { SignInPage } from './pages/SignInPage';
import { RegistrationSuccessPage } from './pages/RegistrationSuccessPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';
import { VerificationLinkPage } from './pages/VerificationLinkPage';

export default defineRemoteRoutes('mf_auth', [
  { path: '/signup', title: 'Sign Up', Component: SignUpPage },
  { path: '/signin', title: 'Sign In', Component: SignInPage },
  { path: '/auth/success', title: 'Registration Successful', Component: RegistrationSuccessPage },
  { path: '/auth/verify', title: 'Email Verification', Component: VerifyEmailPage },
  { path: '/auth/veremail', title: 'Get a Verification Link', Component: VerificationLinkPage },
]);
