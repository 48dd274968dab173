/**
 * @jest-environment node
 */
import {
  listenPage,
  pageUrl,
  speakPage,
  verifyEmailPage,
  getUserStats,
  postRecording,
} from '@platform/contracts/client';
import { requestKind } from './request-kind';

const SITE = 'http://localhost:3000';
const precached = new Set([`${SITE}/main.0123abcd.js`, `${SITE}/index.html`]);
const kind = (url: string, mode: RequestMode = 'cors', method = 'GET') =>
  requestKind({ url, mode, method }, SITE, (u) => precached.has(u));

describe('what the worker does with a request', () => {
  it('never touches calls to the API, the accounts or the audio, whatever their method', () => {
    expect(kind(`${SITE}${getUserStats.path}`)).toBe('pass');
    expect(kind(`${SITE}${postRecording.path}`, 'cors', 'POST')).toBe('pass');
    expect(kind(`${SITE}/auth/session`)).toBe('pass');
    expect(kind(`${SITE}/audio/clip-1.webm`)).toBe('pass');
    // A download opened as a page is still a call to the API.
    expect(kind(`${SITE}/api/datasets/1/releases/latest/files/complete.zip`, 'navigate')).toBe('pass');
  });

  it("answers the site's pages, those under /auth included, as navigations", () => {
    expect(kind(`${SITE}${pageUrl(speakPage)}`, 'navigate')).toBe('navigation');
    expect(kind(`${SITE}${pageUrl(listenPage)}?x=1`, 'navigate')).toBe('navigation');
    expect(kind(`${SITE}${pageUrl(verifyEmailPage)}?token=abc`, 'navigate')).toBe('navigation');
  });

  it("serves the shell's files from the precache and /remotes.json network first", () => {
    expect(kind(`${SITE}/main.0123abcd.js`, 'no-cors')).toBe('precache');
    expect(kind(`${SITE}/remotes.json`)).toBe('remotes');
    expect(kind(`${SITE}/other.js`, 'no-cors')).toBe('pass');
  });

  it('looks at files on other origins (the remotes), and at nothing that is not HTTP', () => {
    expect(kind('http://localhost:3101/mf-manifest.json')).toBe('remote');
    expect(kind('data:text/plain,hello')).toBe('pass');
    expect(kind('http://localhost:3101/mf-manifest.json', 'cors', 'HEAD')).toBe('pass');
  });
});
