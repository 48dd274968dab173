import {
  dashboardPage,
  pageUrl,
  signinPage,
  signupPage,
  speakPage,
  tasksPage,
  verifyEmailPage,
} from '@platform/contracts/client';
import { safeNext, signinPathFor } from './signin';

describe('safeNext', () => {
  it.each([
    [null, pageUrl(dashboardPage)],
    ['', pageUrl(dashboardPage)],
    [pageUrl(tasksPage, { status: 'completed' }), pageUrl(tasksPage, { status: 'completed' })],
    [pageUrl(speakPage, {}, { hash: 'top' }), pageUrl(speakPage, {}, { hash: 'top' })],
    ['https://evil.example/', pageUrl(dashboardPage)],
    ['//evil.example/', pageUrl(dashboardPage)],
    ['/\\evil.example', pageUrl(dashboardPage)],
    ['javascript:alert(1)', pageUrl(dashboardPage)],
    ['/signin?next=/x', pageUrl(dashboardPage)],
    [pageUrl(verifyEmailPage, { token: 'x' }), pageUrl(dashboardPage)],
    [`${pageUrl(signupPage)}/`, pageUrl(dashboardPage)],
  ])('%s -> %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it('builds the sign-in path that brings the visitor back', () => {
    expect(signinPathFor({ pathname: pageUrl(tasksPage), search: '?status=completed', hash: '' })).toBe(
      pageUrl(signinPage, { next: pageUrl(tasksPage, { status: 'completed' }) }),
    );
    expect(safeNext(decodeURIComponent('%2Ftasks%3Fstatus%3Dcompleted'))).toBe(
      pageUrl(tasksPage, { status: 'completed' }),
    );
  });
});
