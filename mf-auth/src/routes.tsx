// The federated module './routes': this remote's pages, one per path the catalogue gives it. Each title is a
// key of this remote's texts (src/i18n), which loading this module registers.
import { defineRemoteRoutes } from '@platform/remote-kit';
import './i18n';
import { SignUpPage } from './signup/SignUpPage';
import { SignInPage } from './signin/SignInPage';
import { RegistrationSuccessPage } from './verification/RegistrationSuccessPage';
import { VerifyEmailPage } from './verification/VerifyEmailPage';
import { VerificationLinkPage } from './verification/VerificationLinkPage';

export default defineRemoteRoutes('mf_auth', [
  { path: '/signup', title: 'titles.signup', Component: SignUpPage },
  { path: '/signin', title: 'titles.signin', Component: SignInPage },
  { path: '/auth/success', title: 'titles.success', Component: RegistrationSuccessPage },
  { path: '/auth/verify', title: 'titles.verify', Component: VerifyEmailPage },
  { path: '/auth/veremail', title: 'titles.veremail', Component: VerificationLinkPage },
]);
