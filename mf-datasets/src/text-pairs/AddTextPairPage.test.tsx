import { act, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, networkFailure, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { i18n } from '@platform/i18n';
import { AddTextPairPage } from './AddTextPairPage';
import { addTextPairPage, pageUrl, signinPage } from '@platform/contracts/client';

const ENGLISH = 'Good morning, my friend.';
const YORUBA = 'Ẹ kú àárọ̀, ọ̀rẹ́ mi.';

const stats = (added: number, approved: number) => ({
  recordings: { submitted: 0, validated: 0 },
  votes: 0,
  skips: 0,
  sentences: { written: 0, approved: 0 },
  textPairs: { added, approved },
  reviews: 0,
});

let added: number;

function renderPage(configure?: (server: FakeServer) => void) {
  added = 0;
  const view = renderWithPlatform(<AddTextPairPage />, {
    path: pageUrl(addTextPairPage),
    signedInAs: testUser,
  });
  view.server.on('GET /api/user/stats', () => ({ body: stats(added, 0) }));
  view.server.on('POST /api/text/add', (r) => {
    added += 1;
    const body = r.json as Record<string, string>;
    return {
      status: 201,
      body: { text_id: 'p1', ...body, status: 'pending' },
    };
  });
  configure?.(view.server);
  return view;
}

const english = () => screen.getByRole('textbox', { name: /English Text/ });
const yoruba = () => screen.getByRole('textbox', { name: /Yoruba Text/ });
const category = () => screen.getByRole('combobox', { name: /Category/ });
const submitButton = () => screen.getByRole('button', { name: 'Submit Text Pair' });

async function fill(user: ReturnType<typeof renderPage>['user']) {
  await user.type(english(), ENGLISH);
  await user.type(yoruba(), YORUBA);
  await user.selectOptions(category(), 'cultural');
}

describe('Add Text Pair', () => {
  it("shows the SPEC's screen: title, subtitle, New Text Pair, the card and its fields, the person's figures", async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Text Pair' })).toBeInTheDocument();
    expect(
      screen.getByText('Contribute English and Yoruba text pairs to improve language technology'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Text Pair' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Text Pair Information' });
    expect(within(card).getByRole('textbox', { name: /English Text/ })).toBeRequired();
    expect(within(card).getByRole('textbox', { name: /Yoruba Text/ })).toHaveAttribute('lang', 'yo');
    const options = within(category())
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Select a category',
      'Conversational',
      'Academic',
      'Commercial',
      'Cultural',
      'Linguistic',
    ]);
    expect(within(card).getByRole('button', { name: 'Clear Form' })).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    const figures = await screen.findByTestId('text-pair-stats');
    expect(figures).toHaveTextContent('0 text pairs added');
    expect(figures).toHaveTextContent('0 approved');
  });

  it('asks for each empty field and sends nothing', async () => {
    const { user, server } = renderPage();
    await user.click(submitButton());
    expect(await screen.findByText('Please enter the English text.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the Yoruba text.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a category.')).toBeInTheDocument();
    expect(english()).toHaveFocus();
    expect(english()).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /api/text/add')).toHaveLength(0);

    // Spaces alone are empty too; fixing a field takes its message away.
    await user.type(english(), '   ');
    await user.click(submitButton());
    expect(await screen.findByText('Please enter the English text.')).toBeInTheDocument();
    await user.type(english(), 'Hello');
    expect(screen.queryByText('Please enter the English text.')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter the Yoruba text.')).toBeInTheDocument();
  });

  it('sends the pair (no user id), thanks the person, clears the three fields and refreshes the figures', async () => {
    const { user, server } = renderPage();
    await screen.findByTestId('text-pair-stats');
    await fill(user);
    await user.click(submitButton());

    expect(await screen.findByText('Text pair added successfully!')).toBeInTheDocument();
    expect(server.calls('POST /api/text/add')[0]!.json).toEqual({
      source_lang_text: ENGLISH,
      target_lang_text: YORUBA,
      text_category: 'cultural',
    });
    expect(english()).toHaveValue('');
    expect(yoruba()).toHaveValue('');
    expect(category()).toHaveValue('');
    expect(english()).toHaveFocus();
    await waitFor(() => expect(screen.getByTestId('text-pair-stats')).toHaveTextContent('1 text pair added'));
    expect(server.calls('GET /api/user/stats')).toHaveLength(2);
  });

  it("reads 'Submitting...' and cannot be sent twice while the pair is on its way", async () => {
    let answer: () => void = () => undefined;
    const { user, server } = renderPage((s) =>
      s.on(
        'POST /api/text/add',
        () =>
          new Promise((resolve) => {
            answer = () =>
              resolve({
                status: 201,
                body: {
                  text_id: 'p1',
                  source_lang_text: ENGLISH,
                  target_lang_text: YORUBA,
                  text_category: 'cultural',
                  status: 'pending',
                },
              });
          }),
      ),
    );
    await fill(user);
    await user.click(submitButton());
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear Form' })).toBeDisabled();
    await act(async () => answer());
    expect(await screen.findByRole('button', { name: 'Submit Text Pair' })).toBeEnabled();
    expect(server.calls('POST /api/text/add')).toHaveLength(1);
  });

  it("shows the text service's refusal in the chosen words, under the field it is about, and keeps the text", async () => {
    const { user } = renderPage((s) =>
      s.on('POST /api/text/add', errorReply(400, ERROR_MESSAGES['text_pair.needs_tone_marks'])),
    );
    await fill(user);
    await user.click(submitButton());

    const toast = await within(screen.getByTestId('toast-viewport')).findByRole('alert');
    expect(toast).toHaveTextContent('Yoruba text must carry tone marks.');
    expect(yoruba()).toHaveAttribute('aria-invalid', 'true');
    expect(yoruba()).toHaveAccessibleDescription(/Yoruba text must carry tone marks\./);
    expect(english()).toHaveValue(ENGLISH);
    expect(yoruba()).toHaveValue(YORUBA);
    expect(category()).toHaveValue('cultural');
  });

  it('says when the same pair already exists (409)', async () => {
    const { user } = renderPage((s) =>
      s.on('POST /api/text/add', errorReply(409, ERROR_MESSAGES['text_pair.duplicate'])),
    );
    await fill(user);
    await user.click(submitButton());
    expect(await screen.findByText('This text pair already exists.')).toBeInTheDocument();
  });

  it("falls back to the SPEC's sentence when the failure says nothing more", async () => {
    const { user } = renderPage((s) => s.on('POST /api/text/add', errorReply(500, 'Internal Server Error')));
    await fill(user);
    await user.click(submitButton());
    expect(await screen.findByText('Failed to add text pair. Please try again.')).toBeInTheDocument();
    expect(english()).toHaveValue(ENGLISH);
  });

  it('says the server could not be reached when the request never arrives', async () => {
    const { user } = renderPage((s) => s.on('POST /api/text/add', networkFailure));
    await fill(user);
    await user.click(submitButton());
    expect(await screen.findByText(ERROR_MESSAGES['network.unreachable'])).toBeInTheDocument();
  });

  it('Clear Form and New Text Pair empty the form and its messages', async () => {
    const { user } = renderPage();
    await user.click(submitButton());
    await screen.findByText('Please enter the English text.');
    await user.click(screen.getByRole('button', { name: 'Clear Form' }));
    expect(screen.queryByText('Please enter the English text.')).not.toBeInTheDocument();

    await fill(user);
    await user.click(screen.getByRole('button', { name: 'New Text Pair' }));
    expect(english()).toHaveValue('');
    expect(yoruba()).toHaveValue('');
    expect(category()).toHaveValue('');
    expect(english()).toHaveFocus();
  });

  it('asks a signed-out person to sign in instead of showing the form', async () => {
    renderWithPlatform(<AddTextPairPage />, { path: pageUrl(addTextPairPage), signedInAs: null }).server.on(
      'GET /api/user/stats',
      errorReply(401, 'You are not signed in.'),
    );
    expect(await screen.findByRole('heading', { name: 'Sign in to add text pairs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', pageUrl(signinPage));
    expect(screen.queryByRole('button', { name: 'Submit Text Pair' })).not.toBeInTheDocument();
  });

  it('asks to sign in again when the session ended before the pair was sent', async () => {
    const { user } = renderPage((s) => s.on('POST /api/text/add', errorReply(401, 'You are not signed in.')));
    await fill(user);
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Sign in to add text pairs' })).toBeInTheDocument();
  });

  it('reads in Yorùbá', async () => {
    await act(() => i18n.changeLanguage('yo'));
    try {
      const { user } = renderPage();
      expect(screen.getByRole('button', { name: 'Ọ̀rọ̀ Oníbejì Tuntun' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Fi Ọ̀rọ̀ Oníbejì Ránṣẹ́' }));
      expect(await screen.findByText('Jọ̀wọ́ tẹ ọ̀rọ̀ Gẹ̀ẹ́sì.')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
