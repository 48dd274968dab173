// The federated module './routes': this remote's pages, one per page declared for it
// (libs/contracts/src/pages/). Each title is a key of this remote's texts (src/i18n), which loading this
// module registers.
import { defineRemoteRoutes } from '@platform/remote-kit';
import {
  registrationSuccessPage,
  signinPage,
  signupPage,
  verificationLinkPage,
  verifyEmailPage,
} from '@platform/contracts/client';
import './i18n';
import { SignUpPage } from './signup/SignUpPage';
import { SignInPage } from './signin/SignInPage';
import { RegistrationSuccessPage } from './verification/RegistrationSuccessPage';
import { VerifyEmailPage } from './verification/VerifyEmailPage';
import { VerificationLinkPage } from './verification/VerificationLinkPage';

export default defineRemoteRoutes('mf_auth', [
  { page: signupPage, Component: SignUpPage },
  { page: signinPage, Component: SignInPage },
  { page: registrationSuccessPage, Component: RegistrationSuccessPage },
  { page: verifyEmailPage, Component: VerifyEmailPage },
  { page: verificationLinkPage, Component: VerificationLinkPage },
]);
