import {
  dashboardPage,
  pageUrl,
  registrationSuccessPage,
  signinPage,
  signupPage,
  verificationLinkPage,
  verifyEmailPage,
} from '@platform/contracts/client';

/** Where a signed-in person goes by default. */
export const HOME_AFTER_SIGNIN = pageUrl(dashboardPage);

/** The query parameter that carries where a signed-out visitor was going: /signin?next=/tasks */
export const NEXT_PARAM = 'next' satisfies keyof typeof signinPage.query;

// Signing in or up, and the e-mail's verification: coming back to one of them after signing in would loop.
// Named one by one rather than found among every page, so a bundle that signs people in carries only these.
const AUTH_PATHS: ReadonlySet<string> = new Set(
  [signinPage, signupPage, registrationSuccessPage, verifyEmailPage, verificationLinkPage].map(
    (page) => page.path,
  ),
);

/**
 * The page to return to after signing in, only if it is a path on this site: anything that could leave
 * the site (//evil.example, /\evil.example, https://...) or loop back to the auth pages falls back to home.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return HOME_AFTER_SIGNIN;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(next)) return HOME_AFTER_SIGNIN;
  const path = next.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1');
  if (AUTH_PATHS.has(path)) return HOME_AFTER_SIGNIN;
  return next;
}

/** /signin?next=<the page the visitor asked for> */
export function signinPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  return pageUrl(signinPage, { next: `${location.pathname}${location.search ?? ''}${location.hash ?? ''}` });
}
