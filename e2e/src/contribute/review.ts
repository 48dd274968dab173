// Review, as the tests need it: bring a reviewer to the point where the screen offers a given item, then
// judge it on the screen. Items before it (other people's pending contributions of other tests) are skipped
// through the API as that reviewer, which is what pressing Skip on each would do.
import type { Page } from 'playwright-core';
import type { ReviewKind, ReviewNextReply } from '@platform/contracts';
import { asPerson } from './people';
import type { Person } from './people';

const itemText = (item: NonNullable<ReviewNextReply['item']>): string =>
  item.kind === 'sentence' ? item.text : item.source_lang_text;

/**
 * Skips, as `reviewer`, every pending item of `kind` the service offers before the one whose text (a
 * sentence, or a pair's English side) is `text`. Fails when the item is never offered.
 */
export async function skipUntilOffered(reviewer: Person, kind: ReviewKind, text: string): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    const res = await asPerson(reviewer, `/api/review/next?kind=${kind}`);
    expect(res.status).toBe(200);
    const { item } = (await res.json()) as ReviewNextReply;
    if (!item) throw new Error(`${reviewer.firstname} is not offered "${text}" in Review (nothing left)`);
    if (itemText(item) === text) return;
    const skip = await asPerson(reviewer, `/api/review/${kind}/${item.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verdict: 'skip' }),
    });
    expect(skip.status).toBe(200);
  }
  throw new Error(`${reviewer.firstname} was not offered "${text}" in Review after 50 items`);
}

/** Switches the Review screen to its Sentences or Text pairs mode. */
export async function chooseReviewMode(page: Page, kind: ReviewKind): Promise<void> {
  const name = kind === 'pair' ? 'Text pairs' : 'Sentences';
  const control = page
    .getByRole('tab', { name, exact: true })
    .or(page.getByRole('radio', { name, exact: true }))
    .or(page.getByRole('button', { name, exact: true }))
    .first();
  await control.click();
}

/** On the Review screen: waits for the item showing `text`, presses Approve, waits until it is gone. */
export async function approveOnScreen(page: Page, text: string): Promise<void> {
  const shown = page.getByText(text, { exact: true }).first();
  await shown.waitFor({ state: 'visible', timeout: 20_000 });
  await page.getByRole('button', { name: /^Approve/ }).click();
  await shown.waitFor({ state: 'hidden', timeout: 20_000 });
}
