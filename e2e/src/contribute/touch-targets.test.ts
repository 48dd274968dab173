// Contributors are mostly on phones: on a 360 × 640 screen every control of Speak, Listen, Write and Donate
// (and of the frame around them, which a thumb reaches the same way) can be hit with a finger: its box, or the
// area that answers a tap around its centre, is at least 44 × 44 px. As WCAG 2.5.8 allows, a link inside a
// sentence is sized by the sentence's line and is not counted. Nothing scrolls sideways at that width.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { memberSessionCookie, siteUrl } from '../support/platform';
import { remoteHeading } from '../support/shell-page';

const MIN_TARGET_PX = 44;
const PHONE = { width: 360, height: 640 };

interface SmallTarget {
  control: string;
  width: number;
  height: number;
}

/**
 * Every visible control on the page (or in `within`) that is smaller than the minimum and does not answer taps over that much
 * area, named by its role and accessible text. Runs in the page.
 */
function smallTargets(page: Page, within = 'body'): Promise<SmallTarget[]> {
  return page.evaluate(
    async ({ min, within }) => {
      const selector = [
        'a[href]',
        'button',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        'summary',
        '[role="button"]',
        '[role="tab"]',
        '[role="link"]',
        '[role="checkbox"]',
        '[role="radio"]',
        '[role="switch"]',
        '[role="menuitem"]',
        '[tabindex]:not([tabindex="-1"])',
      ].join(',');
      // Shown, and somewhere on the page: a skip link waits above it until it is focused.
      const visible = (el: Element) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const onPage = box.bottom + window.scrollY > 0 && box.right + window.scrollX > 0;
        const shown = style.visibility !== 'hidden' && style.display !== 'none';
        return shown && onPage && box.width > 0 && box.height > 0;
      };
      // A link in running text (WCAG 2.5.8 "inline"): the sentence's line decides its height.
      const inSentence = (el: Element) => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        const own = el.textContent?.trim().length ?? 0;
        const block = el.parentElement?.closest('p, li, dd, td, label, span, div');
        return (block?.textContent?.trim().length ?? 0) > own;
      };
      // A checkbox or radio (often visually hidden) is tapped through its label.
      const tapArea = (el: Element): Element => {
        const input = el as HTMLInputElement;
        const choice = el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio');
        return choice && input.labels && input.labels.length > 0 ? input.labels[0]! : el;
      };
      const name = (el: Element) => {
        const label =
          el.getAttribute('aria-label') ??
          (el as HTMLInputElement).labels?.[0]?.textContent ??
          el.getAttribute('title') ??
          el.textContent ??
          '';
        const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
        const type = el.getAttribute('type');
        return `${role}${type ? `[${type}]` : ''} "${label.trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
      };
      const found: Array<{ control: string; width: number; height: number }> = [];
      const seen = new Set<Element>();
      for (const el of Array.from(document.querySelector(within)?.querySelectorAll(selector) ?? [])) {
        if (!visible(el) || inSentence(el)) continue;
        const target = tapArea(el);
        if (seen.has(target)) continue;
        seen.add(target);
        target.scrollIntoView({ block: 'center', inline: 'center' });
        await new Promise(requestAnimationFrame);
        const box = target.getBoundingClientRect();
        if (box.width >= min && box.height >= min) continue;
        // Smaller boxes may still answer taps over a wider area (a padded ::before, say): probe it.
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const reach = min / 2 - 0.5;
        const answers = [
          [cx - reach, cy],
          [cx + reach, cy],
          [cx, cy - reach],
          [cx, cy + reach],
        ].every(([x, y]) => {
          const hit = document.elementFromPoint(x!, y!);
          return !!hit && (target.contains(hit) || el.contains(hit));
        });
        if (!answers)
          found.push({ control: name(el), width: Math.round(box.width), height: Math.round(box.height) });
      }
      window.scrollTo(0, 0);
      return found;
    },
    { min: MIN_TARGET_PX, within },
  );
}

/** How far the page reaches past the screen's right edge, in px (0: nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('contribution pages on a 360 × 640 phone screen', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.setExtraHTTPHeaders({ 'Accept-Language': 'en' });
    await context.addCookies([
      { name: 'plt', value: memberSessionCookie(), url: siteUrl(), httpOnly: true, sameSite: 'Lax' },
    ]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${siteUrl()}${path}`, { waitUntil: 'domcontentloaded' });
    await remoteHeading(page, 'mf_contribute');
    await page.waitForLoadState('networkidle');
    return page;
  }

  for (const path of ['/user/speak', '/user/listen', '/user/write', '/data/donate']) {
    it(`${path}: every control is at least 44 × 44 px and nothing scrolls sideways`, async () => {
      const page = await open(path);
      expect({ path, small: await smallTargets(page), overflow: await sidewaysOverflow(page) }).toEqual({
        path,
        small: [],
        overflow: 0,
      });
      await page.close();
    });
  }

  it("/user/speak's guidelines dialog: its controls too, the close button included", async () => {
    const page = await open('/user/speak');
    await page.getByRole('button', { name: 'Guidelines' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Close' }).count()).resolves.toBe(1);
    expect({
      small: await smallTargets(page, '[role="dialog"]'),
      overflow: await sidewaysOverflow(page),
    }).toEqual({
      small: [],
      overflow: 0,
    });
    await page.close();
  });
});
