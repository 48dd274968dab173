// Browser pages for the contribution tests: a person's own browser context (their session cookie), the page
// errors it throws, the toasts it shows, and the Review screen's loop of judging until a given item comes.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { siteUrl } from '../support/platform';
import { remoteSection } from '../support/shell-page';
import type { Person } from './people';

/** Opens pages as people and closes every context it opened. */
export class PeoplePages {
  private readonly contexts: BrowserContext[] = [];
  /** Uncaught errors in any page, "<first name>: <message>". */
  readonly pageErrors: string[] = [];

  constructor(private readonly browser: Browser) {}

  /** `pathname` as `person`, once `remote`'s page heading shows. */
  async open(person: Person, pathname: string, remote: string): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width: 1280, height: 900 } });
    this.contexts.push(context);
    await context.addCookies([{ name: 'plt', value: person.session, url: siteUrl() }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => this.pageErrors.push(`${person.firstname}: ${error.message}`));
    await page.goto(`${siteUrl()}${pathname}`, { waitUntil: 'domcontentloaded' });
    await remoteSection(page, remote).locator('h1').waitFor({ state: 'visible', timeout: 20_000 });
    return page;
  }

  async closeAll(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => undefined);
  }
}

/** The page's toast (at most one shows) with this text in its title or description. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByTestId('toast-viewport').getByText(text);

/** Waits until the page's text contains `text` (in an element that is visible). */
export async function seeText(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}
