import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, type ReviewPair, type ReviewSentence } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer, sessionAs, testUser, type FakeServer } from '@platform/store/testing';
import { PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { ReviewPage } from './ReviewPage';
import { pageUrl, reviewPage } from '@platform/contracts/client';

const sentence = (id: string): ReviewSentence => ({
  kind: 'sentence',
  id,
  text: `Sentence ${id}`,
  language: 'yo',
  citation: `Book ${id}`,
  domains: ['health', 'news'],
  approvals: 1,
  rejections: 0,
});

const pair = (id: string): ReviewPair => ({
  kind: 'pair',
  id,
  source_lang_text: `Good morning ${id}`,
  target_lang_text: `Ẹ kú àárọ̀ ${id}`,
  text_category: 'conversational',
  approvals: 0,
  rejections: 1,
});

let server: FakeServer;
let sentences: ReviewSentence[];
let pairs: ReviewPair[];
let reviews: number;

beforeEach(() => {
  server = installFakeServer();
  sentences = [sentence('s1'), sentence('s2')];
  pairs = [pair('p1')];
  reviews = 4;
  server.on('GET /api/user/stats', () => ({
    body: {
      recordings: { submitted: 0, validated: 0 },
      votes: 0,
      skips: 0,
      sentences: { written: 0, approved: 0 },
      textPairs: { added: 0, approved: 0 },
      reviews,
    },
  }));
  server.on('GET /api/review/next', (r) => {
    const queue = r.search.get('kind') === 'pair' ? pairs : sentences;
    return { body: { item: queue[0] ?? null } };
  });
  for (const id of ['s1', 's2']) {
    server.on(`POST /api/review/sentence/${id}`, (r) => {
      sentences = sentences.filter((s) => s.id !== id);
      const { verdict } = r.json as { verdict: string };
      if (verdict !== 'skip') reviews += 1;
      return { body: { id, status: 'pending', approvals: 2, rejections: 0 } };
    });
  }
  server.on('POST /api/review/pair/p1', () => {
    pairs = [];
    reviews += 1;
    return { body: { id: 'p1', status: 'validated', approvals: 2, rejections: 0 } };
  });
});

const card = () => screen.getByRole('region', { name: 'Item to review' });

describe('Review', () => {
  it('shows a skeleton, then one pending sentence with its language, citation and domains', async () => {
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    expect(screen.getByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading the next item')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Sentence s1')).toBeInTheDocument();
    expect(card()).toHaveTextContent('Yorùbá');
    expect(card()).toHaveTextContent('Book s1');
    expect(card()).toHaveTextContent('Health, News');
    expect(card()).toHaveTextContent('1 approval and 0 rejections so far');
    expect(await screen.findByText('4 reviews given')).toBeInTheDocument();
    expect(server.calls('GET /api/review/next')[0]!.search.get('kind')).toBe('sentence');
  });

  it('approves: thanks the person, moves to the next item and refreshes the reviews figure', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Sentence s2')).toBeInTheDocument();
    expect(server.calls('POST /api/review/sentence/s1')[0]!.json).toEqual({ verdict: 'approve' });
    expect(screen.getByText('Thank you for your review!')).toBeInTheDocument();
    expect(await screen.findByText('5 reviews given')).toBeInTheDocument();
  });

  it('rejects with the reason chosen, or with none', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    const reason = screen.getByRole('combobox', { name: 'Reason for rejecting (optional)' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'grammar', 'wrong-language', 'offensive', 'not-public-domain', 'other']);
    await user.selectOptions(reason, 'wrong-language');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('Sentence s2');
    expect(server.calls('POST /api/review/sentence/s1')[0]!.json).toEqual({
      verdict: 'reject',
      reason: 'wrong-language',
    });
    // A new item starts with no reason.
    expect(screen.getByRole('combobox', { name: 'Reason for rejecting (optional)' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('Nothing left to review right now.');
    expect(server.calls('POST /api/review/sentence/s2')[0]!.json).toEqual({ verdict: 'reject' });
  });

  it('works from the keyboard: A approves, R rejects, K skips; the keys are listed on screen', async () => {
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('AApproveRRejectKSkip');
    fireEvent.keyDown(window, { key: 'k' });
    await screen.findByText('Sentence s2');
    expect(server.calls('POST /api/review/sentence/s1')[0]!.json).toEqual({ verdict: 'skip' });
    fireEvent.keyDown(window, { key: 'a' });
    await screen.findByText('Nothing left to review right now.');
    expect(server.calls('POST /api/review/sentence/s2')[0]!.json).toEqual({ verdict: 'approve' });
  });

  it('says politely when someone else decided the item first, and shows the next one', async () => {
    server.on('POST /api/review/sentence/s1', () => {
      sentences = sentences.filter((s) => s.id !== 's1');
      return errorReply(409, ERROR_MESSAGES['review.decided']);
    });
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Sentence s2')).toBeInTheDocument();
    const toast = within(screen.getByTestId('toast-viewport')).getByRole('status');
    expect(toast).toHaveTextContent('Someone else decided this item first');
    expect(toast).toHaveTextContent('Here is the next one.');
  });

  it('keeps the item and says why when a verdict fails for another reason', async () => {
    server.on('POST /api/review/sentence/s1', errorReply(500, ERROR_MESSAGES['server.internal']));
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const toast = await within(screen.getByTestId('toast-viewport')).findByRole('alert');
    expect(toast).toHaveTextContent('Error submitting review');
    expect(toast).toHaveTextContent(ERROR_MESSAGES['server.internal']);
    expect(screen.getByText('Sentence s1')).toBeInTheDocument();
  });

  it('switches to text pairs: both sides and the category', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    const tabs = within(screen.getByRole('tablist', { name: 'What to review' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Sentences', 'Text pairs']);
    await user.click(screen.getByRole('tab', { name: 'Text pairs' }));
    expect(await screen.findByText('Good morning p1')).toBeInTheDocument();
    expect(card()).toHaveTextContent('Ẹ kú àárọ̀ p1');
    expect(card()).toHaveTextContent('Conversational');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Nothing left to review right now.')).toBeInTheDocument();
    expect(server.calls('POST /api/review/pair/p1')[0]!.json).toEqual({ verdict: 'approve' });
    await waitFor(() => expect(server.calls('GET /api/review/next').at(-1)!.search.get('kind')).toBe('pair'));
  });

  it('lets an admin decide an item at once, with the reason chosen; others do not see it', async () => {
    server.on('POST /api/review/sentence/s1/decision', () => {
      sentences = sentences.filter((s) => s.id !== 's1');
      return { body: { id: 's1', status: 'rejected', approvals: 1, rejections: 0 } };
    });
    sessionAs(server, { ...testUser, role: 'admin' } as unknown as typeof testUser);
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    const admin = await screen.findByRole('group', { name: 'Decide now (admin)' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Reason for rejecting (optional)' }),
      'offensive',
    );
    await user.click(within(admin).getByRole('button', { name: 'Reject now' }));
    expect(await screen.findByText('Sentence s2')).toBeInTheDocument();
    expect(server.calls('POST /api/review/sentence/s1/decision')[0]!.json).toEqual({
      status: 'rejected',
      reason: 'offensive',
    });
    expect(server.calls('POST /api/review/sentence/s1')).toHaveLength(0);
  });

  it('shows no admin decision to a reviewer', async () => {
    sessionAs(server, testUser);
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    await waitFor(() => expect(server.calls('GET /auth/session')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Decide now (admin)' })).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing is pending', async () => {
    sentences = [];
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    expect(
      await screen.findByRole('heading', { name: 'Nothing left to review right now.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the next item cannot be loaded', async () => {
    server.on('GET /api/review/next', errorReply(500, 'The text service failed.'));
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('The next item could not be loaded');
    server.on('GET /api/review/next', { body: { item: sentence('s9') } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sentence s9')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    server.on('GET /api/review/next', errorReply(401, ERROR_MESSAGES['identity.missing']));
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to review sentences and text pairs' }),
    ).toBeInTheDocument();
  });
});

describe('Review in the pseudo-locale', () => {
  useLocaleInTest(PSEUDO_LOCALE);

  it('shows only catalogue text for a sentence, a pair and the empty state', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ReviewPage />, { path: pageUrl(reviewPage) });
    await screen.findByText('Sentence s1');
    expectOnlyCatalogueText();
    await user.click(screen.getAllByRole('tab')[1]!);
    await screen.findByText('Good morning p1');
    expectOnlyCatalogueText();
    pairs = [];
    fireEvent.keyDown(window, { key: 'k' });
    await screen.findByRole('heading', { level: 2 });
    expectOnlyCatalogueText();
  });
});
