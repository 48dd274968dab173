import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECORDING_MESSAGES } from '@platform/contracts';
import { ListenPage } from './ListenPage';
import { FakeAudio, installMedia } from '../testing/fakeMedia';
import { errorReply, installFakeServer } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';

const clip = (id: string) => ({ id, sentence: `Sentence of ${id}`, audioUrl: `/audio/${id}.webm` });

let server: FakeServer;
let batches: ReturnType<typeof clip>[][];

beforeEach(() => {
  server = installFakeServer();
  installMedia();
  batches = [[clip('a'), clip('b')], []];
  server.on('GET /api/user/stats', {
    body: { recordings: { submitted: 0, validated: 0 }, votes: 0, skips: 0 },
  });
  server.on('GET /api/recordings/validate', () => ({ body: batches.shift() ?? [] }));
  for (const id of ['a', 'b', 'c']) {
    server.on(`POST /api/recordings/${id}/validate`, (r) => ({
      body: { id, status: 'undecided', yes: (r.json as { isValid: boolean }).isValid ? 1 : 0, no: 0 },
    }));
    server.on(`POST /api/recordings/${id}/skip`, { body: { id, ok: true } });
  }
});

const yes = () => screen.getByRole('button', { name: 'YES' });
const no = () => screen.getByRole('button', { name: 'NO' });
const audio = (id: string) => FakeAudio.for(`/audio/${id}.webm`);

async function listenThrough(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(screen.getByRole('button', { name: 'Play' }));
  act(() => audio(id).finish());
}

describe('Listen', () => {
  it('shows a skeleton while the batch loads, then one recording with its sentence', async () => {
    renderWithPlatform(<ListenPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Listen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading recordings')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Sentence of a')).toBeInTheDocument();
    expect(screen.queryByText('Sentence of b')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('enables NO once the clip has started and YES once it has played through', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    expect(yes()).toBeDisabled();
    expect(no()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(no()).toBeEnabled();
    expect(yes()).toBeDisabled();
    expect(screen.getByText('Listen to the whole recording before voting YES.')).toBeInTheDocument();

    act(() => audio('a').finish());
    expect(yes()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('votes YES: stops the audio, sends the vote, thanks the person, moves on and refreshes the stats', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    act(() => audio('a').finish());
    await user.click(screen.getByRole('button', { name: 'Play' })); // playing again when the vote comes
    const player = audio('a');
    expect(player.paused).toBe(false);
    await user.click(yes());

    expect(await screen.findByText('Validation submitted')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your contribution!')).toBeInTheDocument();
    expect(server.calls('POST /api/recordings/a/validate')[0]!.json).toEqual({ isValid: true });
    expect(player.paused).toBe(true);
    expect(await screen.findByText('Sentence of b')).toBeInTheDocument();
    // The next clip starts locked again.
    expect(yes()).toBeDisabled();
    expect(no()).toBeDisabled();
    await waitFor(() => expect(server.calls('GET /api/user/stats')).toHaveLength(2));
  });

  it('votes NO after only starting the clip', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.click(no());
    await screen.findByText('Sentence of b');
    expect(server.calls('POST /api/recordings/a/validate')[0]!.json).toEqual({ isValid: false });
  });

  it('shows the error toast with the error text when a vote fails, and stays on the recording', async () => {
    server.on('POST /api/recordings/a/validate', errorReply(400, 'The vote could not be stored.'));
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.click(no());
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error submitting validation');
    expect(toast).toHaveTextContent('The vote could not be stored.');
    expect(screen.getByText('Sentence of a')).toBeInTheDocument();
    expect(server.calls('GET /api/user/stats')).toHaveLength(1);
  });

  it('fetches the next batch when one runs out, and shows the SPEC empty state when nothing is left', async () => {
    batches = [[clip('a')], [clip('b')], []];
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Sentence of b')).toBeInTheDocument();
    expect(server.calls('POST /api/recordings/a/skip')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(
      await screen.findByText('No recordings available for validation at this time.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please check back later or contribute your own recordings.'),
    ).toBeInTheDocument();
    expect(server.calls('GET /api/recordings/validate')).toHaveLength(3);
  });

  it('undoes the last vote and puts the recording back to be judged again', async () => {
    server.on('DELETE /api/recordings/a/validate', { body: { id: 'a', status: 'undecided', yes: 0, no: 0 } });
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    expect(screen.queryByRole('button', { name: 'Undo last vote' })).not.toBeInTheDocument();
    await listenThrough(user, 'a');
    await user.click(yes());
    await screen.findByText('Sentence of b');

    await user.click(screen.getByRole('button', { name: 'Undo last vote' }));
    expect(await screen.findByText('Sentence of a')).toBeInTheDocument();
    expect(server.calls('DELETE /api/recordings/a/validate')).toHaveLength(1);
    expect(screen.getByText('Vote undone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo last vote' })).not.toBeInTheDocument();
    expect(yes()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.click(no());
    expect(await screen.findByText('Sentence of b')).toBeInTheDocument();
  });

  it('says so when the vote can no longer be undone', async () => {
    server.on('DELETE /api/recordings/a/validate', errorReply(409, RECORDING_MESSAGES.alreadyDecided));
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    await listenThrough(user, 'a');
    await user.click(yes());
    await screen.findByText('Sentence of b');
    await user.click(screen.getByRole('button', { name: 'Undo last vote' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error undoing vote');
    expect(toast).toHaveTextContent(RECORDING_MESSAGES.alreadyDecided);
    expect(screen.getByText('Sentence of b')).toBeInTheDocument();
  });

  it('reports a recording with one of its reasons', async () => {
    server.on('POST /api/recordings/a/report', { body: { id: 'a', ok: true } });
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this recording' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['offensive', 'wrong-sentence', 'noise', 'other']);
    await user.click(within(dialog).getByRole('radio', { name: 'Too much noise' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Sentence of b')).toBeInTheDocument();
    expect(server.calls('POST /api/recordings/a/report')[0]!.json).toEqual({ reason: 'noise' });
  });

  it('works from the keyboard: P plays, N votes no, Y votes yes only after listening', async () => {
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    fireEvent.keyDown(window, { key: 'y' });
    fireEvent.keyDown(window, { key: 'n' });
    expect(server.calls('POST /api/recordings/a/validate')).toHaveLength(0);
    fireEvent.keyDown(window, { key: 'p' });
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'y' });
    expect(server.calls('POST /api/recordings/a/validate')).toHaveLength(0);
    act(() => audio('a').finish());
    fireEvent.keyDown(window, { key: 'y' });
    await screen.findByText('Sentence of b');
    expect(server.calls('POST /api/recordings/a/validate')[0]!.json).toEqual({ isValid: true });
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('UUndo last vote');
  });

  it('shows the empty state straight away when there is nothing to check', async () => {
    batches = [[]];
    renderWithPlatform(<ListenPage />);
    expect(
      await screen.findByText('No recordings available for validation at this time.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'YES' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the batch cannot be loaded', async () => {
    server.on('GET /api/recordings/validate', errorReply(502, 'The speech service did not answer.'));
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('The recordings could not be loaded');
    server.on('GET /api/recordings/validate', { body: [clip('c')] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sentence of c')).toBeInTheDocument();
  });
});

describe('Listen in the pseudo-locale', () => {
  useLocaleInTest(PSEUDO_LOCALE);

  it('shows only catalogue text: the card, its shortcuts and the report reasons', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    expectOnlyCatalogueText();
    await user.click(screen.getByRole('button', { name: /^\[Ŕéþöŕţ\]$/ }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expectOnlyCatalogueText();
  });

  it('shows the empty state in the chosen language', async () => {
    batches = [[]];
    renderWithPlatform(<ListenPage />);
    await screen.findByRole('heading', { level: 2 });
    expectOnlyCatalogueText();
  });
});
