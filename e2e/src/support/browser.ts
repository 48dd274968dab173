// Headless Chromium from Debian (/usr/bin/chromium) driven by playwright-core with exactly the flags of
// DESIGN §7 (tools/chromium.json, shared with the benchmark and the system-package check); playwright
// never downloads a browser here.
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';
import type { LayoutKind } from '@platform/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { memberSessionCookie, siteUrl } from './platform';

// Read by path: tools/ is the workspace's own tooling, not a package this project could import by name.
const chromiumConfig = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../tools/chromium.json'), 'utf8'),
) as { executablePath: string; args: string[] };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumConfig.executablePath;

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...chromiumConfig.args, ...extraArgs],
  });
}

/**
 * A fresh browser profile: a signed-out visitor, or the signed-in test member. The app and contributor
 * layouts are for signed-in people (a visitor is sent to sign in) and the sign-in and sign-up pages send
 * a signed-in person on, so a page is visited as the kind of person it is for.
 */
export async function newVisitor(
  browser: Browser,
  { signedIn }: { signedIn: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (signedIn) {
    await context.addCookies([
      { name: 'plt', value: memberSessionCookie(), url: siteUrl(), httpOnly: true, sameSite: 'Lax' },
    ]);
  }
  return context;
}

/** Whether a layout's pages need a signed-in visitor. */
export const needsSession = (layout: LayoutKind): boolean => layout !== 'public';
