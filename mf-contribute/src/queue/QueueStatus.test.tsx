import { screen, waitFor, within } from '@testing-library/react';
import { createPlatformStore } from '@platform/store';
import { errorReply, installFakeServer, sessionAs, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { renderWithPlatform, seriousViolations } from '@platform/remote-kit/testing';
import { PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { pageUrl, signinPage, speakPage } from '@platform/contracts/client';
import { setOnline, withNetworkControl } from '../testing/network';
import { QueueStatus } from './QueueStatus';
import { contributionQueueFor } from './runtime';
import type { Contribution } from './types';

withNetworkControl();

const take = (n: number): Contribution => ({
  kind: 'recording',
  sentenceId: `s${n}`,
  sentenceText: `Ẹ káàárọ̀ ${n}`,
  language: 'yo',
  audio: { bytes: new TextEncoder().encode('opus').buffer, type: 'audio/webm' },
});
const vote: Contribution = { kind: 'vote', recordingId: 'r1', isValid: false, sentence: 'A sentence heard' };
const sentence: Contribution = {
  kind: 'sentence',
  body: { text: 'Ọmọ náà ń ka ìwé.', citation: 'Own work', domain: [], lang: 'yo', cc0Confirmed: true },
};

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer();
  sessionAs(server, testUser);
});

/** The header with a page's queue, holding `items` saved while offline. */
async function renderHeader(items: Contribution[]) {
  setOnline(false);
  const store = createPlatformStore();
  const queue = contributionQueueFor(store);
  await waitFor(() => expect(queue.getSnapshot().ownerKnown).toBe(true));
  for (const item of items) await queue.enqueue(item);
  const view = renderWithPlatform(<QueueStatus />, { store, path: pageUrl(speakPage) });
  return { ...view, queue };
}

describe('the queue in the contributor header', () => {
  it('shows nothing while nothing waits, then how many wait, in a live status', async () => {
    const { queue } = await renderHeader([]);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await queue.enqueue(take(1));
    await queue.enqueue(vote);
    expect(await within(status).findByRole('button', { name: '2 waiting' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });

  it('lists every item with what it is, its text and its state, and deletes one after a confirmation', async () => {
    const { user, queue } = await renderHeader([take(1), vote, sentence]);
    await user.click(await screen.findByRole('button', { name: '3 waiting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved on this device' });
    const items = within(dialog).getAllByTestId('queued-contribution');
    expect(items.map((item) => item.textContent)).toEqual([
      'RecordingẸ káàárọ̀ 1Waiting to be sentDelete',
      'VoteA sentence heardYour vote: NOWaiting to be sentDelete',
      'SentenceỌmọ náà ń ka ìwé.Waiting to be sentDelete',
    ]);
    expect(within(items[0]!).getByText('Ẹ káàárọ̀ 1')).toHaveAttribute('lang', 'yo');
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(items[1]!).getByRole('button', { name: 'Delete' }));
    const confirm = within(items[1]!).getByRole('group', { name: /Delete this contribution\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(within(dialog).getAllByTestId('queued-contribution')).toHaveLength(3);

    await user.click(within(items[1]!).getByRole('button', { name: 'Delete' }));
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(items[1]!).getByRole('button', { name: 'Delete it' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('queued-contribution')).toHaveLength(2));
    expect(queue.getSnapshot().items.map((item) => item.contribution.kind)).toEqual([
      'recording',
      'sentence',
    ]);
    expect(screen.getByRole('button', { name: '2 waiting' })).toBeInTheDocument();
    expect(screen.getByText('Contribution deleted')).toBeInTheDocument();
  });

  it("shows a refused item with the server's reason in the chosen words, and counts it apart", async () => {
    server.on(
      'POST /api/recordings/r1/validate',
      errorReply(409, 'You have already voted on this recording.'),
    );
    const { user } = await renderHeader([vote]);
    setOnline(true);
    await user.click(await screen.findByRole('button', { name: '1 waiting · 1 not sent' }));
    const item = within(await screen.findByRole('dialog')).getByTestId('queued-contribution');
    expect(item).toHaveTextContent('Not sent: You have already voted on this recording.');
    expect(await seriousViolations()).toEqual([]);
  });

  it('asks the person to sign in again when the session ended under waiting items, linking back here', async () => {
    server.on('POST /api/recordings/r1/validate', errorReply(401, 'You need to be signed in to do this.'));
    const { store } = await renderHeader([vote]);
    setOnline(true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in again to send your saved contributions');
    const link = within(alert).getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', pageUrl(signinPage, { next: pageUrl(speakPage) }));
    expect(await seriousViolations()).toEqual([]);
    // Following it tells the sign-in page the session is over (it would otherwise send the person back).
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    await waitFor(() => expect(store.getState().api.queries['session(undefined)']?.data).toBeNull());
  });
});

describe('the queue in the pseudo-locale', () => {
  useLocaleInTest(PSEUDO_LOCALE);

  it('shows only catalogue text: the count and the list', async () => {
    const { user } = await renderHeader([take(1), vote]);
    expectOnlyCatalogueText();
    await user.click(await screen.findByRole('button', { name: /2/ }));
    await screen.findByRole('dialog');
    expectOnlyCatalogueText();
  });
});
