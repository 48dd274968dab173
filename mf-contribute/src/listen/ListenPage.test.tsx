import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECORDING_MESSAGES } from '@platform/contracts';
import { ListenPage } from './ListenPage';
import { FakeAudio, installMedia } from '../testing/fakeMedia';
import { setOnline, withNetworkControl } from '../testing/network';
import { errorReply, installFakeServer, networkFailure, sessionAs, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { DATA_SAVER_KEY } from '../data-saver/dataSaver';
import { resetSessionBytes } from '../data-saver/sessionBytes';

const clip = (id: string) => ({ id, sentence: `Sentence of ${id}`, audioUrl: `/audio/${id}.webm` });

let server: FakeServer;
let batches: ReturnType<typeof clip>[][];

withNetworkControl();

beforeEach(() => {
  server = installFakeServer();
  sessionAs(server, testUser);
  installMedia();
  localStorage.removeItem(DATA_SAVER_KEY);
  resetSessionBytes();
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

    expect(await screen.findByText('Vote saved')).toBeInTheDocument();
    expect(screen.getByText('It is kept on this device until the server has it.')).toBeInTheDocument();
    expect(player.paused).toBe(true);
    await waitFor(() => expect(server.calls('POST /api/recordings/a/validate')).toHaveLength(1));
    expect(server.calls('POST /api/recordings/a/validate')[0]!.json).toEqual({ isValid: true });
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
    await waitFor(() => expect(server.calls('POST /api/recordings/a/validate')).toHaveLength(1));
    expect(server.calls('POST /api/recordings/a/validate')[0]!.json).toEqual({ isValid: false });
  });

  it('says when the server refuses a vote, and keeps it on the device, failed with the reason', async () => {
    server.on('POST /api/recordings/a/validate', errorReply(400, 'The vote could not be stored.'));
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.click(no());
    // The person has moved on; the refusal is said when it comes.
    expect(await screen.findByText('Sentence of b')).toBeInTheDocument();
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Vote not accepted');
    expect(toast).toHaveTextContent('The vote could not be stored.');
    const queue = within(screen.getByTestId('contribution-queue'));
    await user.click(await queue.findByRole('button', { name: '1 waiting · 1 not sent' }));
    const item = within(await screen.findByRole('dialog')).getByTestId('queued-contribution');
    expect(item).toHaveTextContent('Sentence of a');
    expect(item).toHaveTextContent('Your vote: NO');
    expect(item).toHaveTextContent('Not sent: The vote could not be stored.');
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
    // Every batch was asked for (the next one ahead, while the first was judged), and once more after the last.
    expect(batches).toEqual([]);
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
    await waitFor(() => expect(server.calls('POST /api/recordings/a/validate')).toHaveLength(1));
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

describe('Listen without a connection', () => {
  const served = (id: string) => server.calls(`GET /audio/${id}.webm`).length;

  function dropTheConnection() {
    setOnline(false);
    for (const route of ['GET /api/recordings/validate', 'GET /api/user/stats', 'GET /auth/session']) {
      server.on(route, networkFailure);
    }
    for (const id of ['a', 'b', 'c']) server.on(`POST /api/recordings/${id}/validate`, networkFailure);
  }

  it('plays the clips kept on the device, queues the votes, and sends them when the connection is back', async () => {
    batches = [[clip('a'), clip('b'), clip('c')], []];
    server.on('GET /audio/b.webm', { body: 'audio of b' });
    server.on('GET /audio/c.webm', { body: 'audio of c' });
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    // While online the audio of the clips after this one is kept on the device (this one is in its player).
    await waitFor(() => expect([served('b'), served('c')]).toEqual([1, 1]));
    expect(served('a')).toBe(0);

    dropTheConnection();
    await listenThrough(user, 'a');
    await user.click(yes());
    await screen.findByText('Sentence of b');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    // The kept audio, not the server's address.
    const kept = FakeAudio.instances.filter((a) => a.src.startsWith('blob:') && !a.paused);
    expect(kept).toHaveLength(1);
    act(() => kept[0]!.finish());
    await user.click(no());
    await screen.findByText('Sentence of c');
    const queue = within(screen.getByTestId('contribution-queue'));
    expect(await queue.findByRole('button', { name: '2 waiting' })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    for (const id of ['a', 'b']) {
      server.on(`POST /api/recordings/${id}/validate`, { body: { id, status: 'undecided', yes: 1, no: 0 } });
    }
    sessionAs(server, testUser);
    setOnline(true);
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.json])).toEqual([
        ['/api/recordings/a/validate', { isValid: true }],
        ['/api/recordings/b/validate', { isValid: false }],
      ]),
    );
    await waitFor(() => expect(queue.queryByRole('button')).not.toBeInTheDocument());
  });

  it('undoes a vote still on the device by taking it back from the queue', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ListenPage />);
    await screen.findByText('Sentence of a');
    dropTheConnection();
    await listenThrough(user, 'a');
    await user.click(yes());
    await screen.findByText('Sentence of b');
    const queue = within(screen.getByTestId('contribution-queue'));
    await queue.findByRole('button', { name: '1 waiting' });

    await user.click(screen.getByRole('button', { name: 'Undo last vote' }));
    expect(await screen.findByText('Sentence of a')).toBeInTheDocument();
    expect(screen.getByText('Vote undone')).toBeInTheDocument();
    await waitFor(() => expect(queue.queryByRole('button')).not.toBeInTheDocument());
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  describe('data saver', () => {
    const saverSwitch = () => screen.getByRole('switch', { name: /Data saver/ });
    const audioRequests = () =>
      server.requests.filter((r) => r.path.startsWith('/audio/')).map((r) => `${r.path}?${r.search}`);
    const withSaveDataHint = () =>
      Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    afterEach(() => {
      delete (navigator as { connection?: unknown }).connection;
    });

    it('is off by default, on by default with the Save-Data hint, and the choice is kept on the device', async () => {
      const user = userEvent.setup();
      const first = renderWithPlatform(<ListenPage />);
      await screen.findByText('Sentence of a');
      expect(saverSwitch()).not.toBeChecked();
      expect(screen.getByTestId('session-bytes')).toHaveTextContent('This session used 0 MB');
      first.unmount();

      withSaveDataHint();
      batches = [[clip('a')], []];
      const second = renderWithPlatform(<ListenPage />);
      await screen.findByText('Sentence of a');
      expect(saverSwitch()).toBeChecked();
      // The person's choice outweighs the hint, and outlives the page.
      await user.click(saverSwitch());
      expect(saverSwitch()).not.toBeChecked();
      expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');
      second.unmount();
      batches = [[clip('a')], []];
      renderWithPlatform(<ListenPage />);
      await screen.findByText('Sentence of a');
      expect(saverSwitch()).not.toBeChecked();
    });

    it('when on, fetches no audio ahead and plays the small rendition of each clip', async () => {
      withSaveDataHint();
      server.on('GET /audio/a.webm', (r) => ({
        body: `audio of a, ${r.search.get('rendition') ?? 'original'}`,
      }));
      server.on('GET /audio/b.webm', (r) => ({
        body: `audio of b, ${r.search.get('rendition') ?? 'original'}`,
      }));
      batches = [[clip('a'), clip('b'), clip('c')], []];
      const user = userEvent.setup();
      renderWithPlatform(<ListenPage />);
      await screen.findByText('Sentence of a');
      await waitFor(() => expect(batches).toEqual([]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The clip on screen only, as its small rendition: nothing of b or c yet.
      expect(audioRequests()).toEqual(['/audio/a.webm?rendition=small']);

      await user.click(screen.getByRole('button', { name: 'Play' }));
      const playing = FakeAudio.instances.filter((a) => !a.paused);
      expect(playing).toHaveLength(1);
      expect(playing[0]!.src).toMatch(/^blob:/);
      act(() => playing[0]!.finish());
      await user.click(yes());
      await screen.findByText('Sentence of b');
      await waitFor(() =>
        expect(audioRequests()).toEqual(['/audio/a.webm?rendition=small', '/audio/b.webm?rendition=small']),
      );
    });

    it('counts the bytes of audio this session moved: clips fetched ahead, and what the player streamed', async () => {
      // Bodies as the fake gateway sends them: the JSON of a string, two bytes longer than the string.
      server.on('GET /audio/b.webm', { body: 'b'.repeat(600_000 - 2) });
      server.on('GET /audio/c.webm', { body: 'c'.repeat(500_000 - 2) });
      batches = [[clip('a'), clip('b'), clip('c')], []];
      // The browser's own figure for the clip its player streamed.
      const realEntries = performance.getEntriesByName;
      performance.getEntriesByName = ((name: string) =>
        name === 'http://localhost/audio/a.webm'
          ? [{ transferSize: 300_000 }]
          : []) as unknown as typeof realEntries;
      try {
        const user = userEvent.setup();
        renderWithPlatform(<ListenPage />);
        await screen.findByText('Sentence of a');
        const used = screen.getByTestId('session-bytes');
        await waitFor(() => expect(used).toHaveTextContent('This session used 1.1 MB'));
        await listenThrough(user, 'a');
        await user.click(yes());
        await screen.findByText('Sentence of b');
        await waitFor(() => expect(used).toHaveTextContent('This session used 1.4 MB'));
      } finally {
        performance.getEntriesByName = realEntries;
      }
    });
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
