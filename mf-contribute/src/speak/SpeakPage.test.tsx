import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECORDING_MESSAGES, REPORT_DETAILS_REQUIRED_MESSAGE } from '@platform/contracts';
import { SpeakPage } from './SpeakPage';
import { errorReply, installFakeServer, networkFailure, sessionAs, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { FakeMediaRecorder, installMedia, removeMedia } from '../testing/fakeMedia';
import { withXhrOverFetch } from '../testing/xhrOverFetch';
import { setOnline, withNetworkControl } from '../testing/network';
import type { MediaFakes } from '../testing/fakeMedia';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { IDEMPOTENCY_KEY_HEADER, pageUrl, signinPage, speakPage } from '@platform/contracts/client';

const round = (prefix: string, lang = 'yo') =>
  [1, 2, 3, 4, 5].map((n) => ({ id: `${prefix}${n}`, text: `${prefix} sentence ${n}`, language: lang }));

let server: FakeServer;
let media: MediaFakes;
/** Rounds served per language: Yoruba's are r1-, r2-, ...; another language's en1-, en2-, ... */
let roundsServed: Record<string, number>;

withXhrOverFetch();
withNetworkControl();

beforeEach(() => {
  server = installFakeServer();
  sessionAs(server, testUser);
  media = installMedia();
  roundsServed = {};
  server.on('GET /api/user/preferences', { body: { language: 'yo' } });
  server.on('PUT /api/user/preferences', (r) => ({ body: r.json }));
  server.on('GET /api/user/stats', {
    body: { recordings: { submitted: 0, validated: 0 }, votes: 0, skips: 0 },
  });
  server.on('GET /api/sentences', (r) => {
    const lang = r.search.get('lang') ?? 'yo';
    const n = (roundsServed[lang] = (roundsServed[lang] ?? 0) + 1);
    return { body: round(lang === 'yo' ? `r${n}-` : `${lang}${n}-`, lang) };
  });
  server.on('POST /api/recordings', {
    status: 201,
    body: { id: 'rec1', status: 'undecided', durationSeconds: 2 },
  });
  server.on('POST /api/sentences/r1-1/skip', { body: { id: 'r1-1', ok: true } });
});

const circles = () => within(screen.getByRole('list', { name: 'Round progress' })).getAllByRole('listitem');
const circleStates = () => circles().map((c) => c.getAttribute('data-state'));
const submitButton = () => screen.getByRole('button', { name: 'SUBMIT' });

async function renderSpeak() {
  const view = renderWithPlatform(<SpeakPage />, { path: pageUrl(speakPage) });
  await screen.findByText('r1- sentence 1');
  return view;
}

async function recordTake(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Record' }));
  await screen.findByRole('button', { name: 'Stop recording' });
  await user.click(screen.getByRole('button', { name: 'Stop recording' }));
  await screen.findByRole('button', { name: 'Re-record' });
}

describe('Speak', () => {
  it('shows the instruction, the first sentence, five circles with the first current, and SUBMIT disabled', async () => {
    await renderSpeak();
    expect(screen.getByRole('heading', { level: 1, name: 'Speak' })).toBeInTheDocument();
    const instruction = screen.getByText(
      (_, el) =>
        el?.tagName === 'P' &&
        el.textContent?.replace(/\s+/g, ' ') === 'Click the microphone button then read the sentence aloud',
    );
    expect(within(instruction).getByRole('img', { name: 'the microphone button' })).toBeInTheDocument();
    expect(circleStates()).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(circles()[0]).toHaveAttribute('aria-label', 'Sentence 1 of 5: current');
    expect(circles()[0]).toHaveAttribute('aria-current', 'step');
    expect(submitButton()).toBeDisabled();
    expect(server.calls('GET /api/sentences')[0]!.search.get('lang')).toBe('yo');
    expect(server.calls('GET /api/sentences')[0]!.search.get('count')).toBe('5');
  });

  it('records, lets the person play the take back, and enables SUBMIT only once a take exists', async () => {
    const user = userEvent.setup();
    await renderSpeak();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await screen.findByText(/Recording… 0:0\d/);
    expect(submitButton()).toBeDisabled();
    // The waveform follows the analyser: 30 bars, and they move while recording.
    const waveform = screen.getByTestId('waveform');
    expect(waveform.children).toHaveLength(30);
    await waitFor(() => expect(Number(waveform.getAttribute('data-peak'))).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(submitButton()).toBeEnabled();
    expect(screen.getByText('Recorded. Play it back, record again, or submit it.')).toBeInTheDocument();
    // The microphone is released as soon as recording stops.
    expect(media.streams[0]!.tracks.every((t) => t.stopped)).toBe(true);
    expect(FakeMediaRecorder.instances[0]!.mimeType).toBe('audio/webm;codecs=opus');

    await user.click(screen.getByRole('button', { name: 'Play back' }));
    expect(screen.getByRole('button', { name: 'Stop playback' })).toBeInTheDocument();
  });

  it('saves the take on the device, moves on at once, sends it as multipart with its key, and refreshes the stats', async () => {
    const user = userEvent.setup();
    await renderSpeak();
    await recordTake(user);
    await user.click(submitButton());

    expect(await screen.findByText('Recording saved')).toBeInTheDocument();
    expect(screen.getByText('It is kept on this device until the server has it.')).toBeInTheDocument();
    await screen.findByText('r1- sentence 2');
    expect(circleStates()).toEqual(['done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(circles()[0]).toHaveAttribute('aria-label', 'Sentence 1 of 5: recorded');
    expect(submitButton()).toBeDisabled();

    await waitFor(() => expect(server.calls('POST /api/recordings')).toHaveLength(1));
    const [upload] = server.calls('POST /api/recordings');
    expect(upload!.form!.get('sentenceId')).toBe('r1-1');
    expect(upload!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const audio = upload!.form!.get('audio') as File;
    expect(audio.type).toBe('audio/webm;codecs=opus');
    expect(audio.size).toBeGreaterThan(0);
    await waitFor(() => expect(server.calls('GET /api/user/stats')).toHaveLength(2));
    // Sent and confirmed: nothing waits on the device.
    await waitFor(() =>
      expect(within(screen.getByTestId('contribution-queue')).queryByRole('button')).not.toBeInTheDocument(),
    );
  });

  it('says when the server refuses a take, and keeps it on the device, failed with the reason, to retry or delete', async () => {
    server.on('POST /api/recordings', errorReply(400, RECORDING_MESSAGES.silent));
    const user = userEvent.setup();
    await renderSpeak();
    await recordTake(user);
    await user.click(submitButton());
    await screen.findByText('r1- sentence 2');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Recording not accepted');
    expect(toast).toHaveTextContent(RECORDING_MESSAGES.silent);
    const queue = within(screen.getByTestId('contribution-queue'));
    await user.click(await queue.findByRole('button', { name: '1 waiting · 1 not sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved on this device' });
    const item = within(dialog).getByTestId('queued-contribution');
    expect(item).toHaveTextContent('r1- sentence 1');
    expect(item).toHaveTextContent(`Not sent: ${RECORDING_MESSAGES.silent}`);
    expect(server.calls('GET /api/user/stats')).toHaveLength(1);

    server.on('POST /api/recordings', { status: 201, body: { id: 'rec1', status: 'undecided' } });
    await user.click(within(dialog).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(server.calls('POST /api/recordings')).toHaveLength(2));
    expect(
      await within(dialog).findByText('Nothing is waiting: the server has everything you sent.'),
    ).toBeVisible();
    const [first, second] = server.calls('POST /api/recordings');
    expect(second!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(first!.headers[IDEMPOTENCY_KEY_HEADER]);
  });

  it('starts a new round at circle 1 after the fifth sentence', async () => {
    const user = userEvent.setup();
    await renderSpeak();
    for (let n = 1; n <= 5; n += 1) {
      await screen.findByText(`r1- sentence ${n}`);
      await recordTake(user);
      await user.click(submitButton());
    }
    await screen.findByText('r2- sentence 1');
    await waitFor(() => expect(server.calls('POST /api/recordings')).toHaveLength(5));
    expect(server.calls('POST /api/recordings').map((r) => r.form!.get('sentenceId'))).toEqual([
      'r1-1',
      'r1-2',
      'r1-3',
      'r1-4',
      'r1-5',
    ]);
    expect(circleStates()).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('skips: discards the take, tells the server and moves to the next circle', async () => {
    const user = userEvent.setup();
    await renderSpeak();
    await recordTake(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByText('r1- sentence 2');
    expect(server.calls('POST /api/sentences/r1-1/skip')).toHaveLength(1);
    expect(server.calls('POST /api/recordings')).toHaveLength(0);
    expect(circles()[0]).toHaveAttribute('aria-label', 'Sentence 1 of 5: skipped');
    expect(submitButton()).toBeDisabled();
  });

  it('reports a sentence with a reason; "other" needs a description', async () => {
    server.on('POST /api/sentences/r1-1/report', { body: { id: 'r1-1', ok: true } });
    const user = userEvent.setup();
    await renderSpeak();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this sentence' });
    for (const label of [
      'Offensive content',
      'Grammar or spelling mistake',
      'Wrong language',
      'Hard to pronounce',
      'Other',
    ]) {
      expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByText(REPORT_DETAILS_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(server.calls('POST /api/sentences/r1-1/report')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Describe the problem/ }),
      'Two words are swapped',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await screen.findByText('r1- sentence 2');
    expect(server.calls('POST /api/sentences/r1-1/report')[0]!.json).toEqual({
      reason: 'other',
      details: 'Two words are swapped',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(circles()[0]).toHaveAttribute('aria-label', 'Sentence 1 of 5: skipped');
  });

  it('works from the keyboard: R records and stops, S submits, K skips', async () => {
    server.on('POST /api/sentences/r1-2/skip', { body: { id: 'r1-2', ok: true } });
    await renderSpeak();
    const list = screen.getByLabelText('Keyboard shortcuts');
    expect(list).toHaveTextContent('RRecord');
    expect(list).toHaveTextContent('SSubmit');
    expect(list).toHaveTextContent('KSkip');

    fireEvent.keyDown(window, { key: 'r' });
    await screen.findByRole('button', { name: 'Stop recording' });
    fireEvent.keyDown(window, { key: 'R' });
    await screen.findByRole('button', { name: 'Re-record' });
    fireEvent.keyDown(window, { key: 's' });
    await screen.findByText('r1- sentence 2');
    await waitFor(() => expect(server.calls('POST /api/recordings')).toHaveLength(1));

    // S does nothing without a take; Ctrl+K belongs to the browser.
    fireEvent.keyDown(window, { key: 's' });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(server.calls('POST /api/recordings')).toHaveLength(1);
    fireEvent.keyDown(window, { key: 'k' });
    await screen.findByText('r1- sentence 3');
    expect(server.calls('POST /api/sentences/r1-2/skip')).toHaveLength(1);
  });

  it('shows the SPEC messages when the browser cannot record', async () => {
    removeMedia();
    await renderSpeak();
    expect(screen.getByText('Microphone access is not supported in your browser.')).toBeInTheDocument();
    expect(screen.getByText('Please try using a different browser or device.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('explains a refused microphone permission', async () => {
    media.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const user = userEvent.setup();
    await renderSpeak();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(/Microphone access was refused/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled();
    expect(submitButton()).toBeDisabled();
  });

  it('switches language, remembers it and asks for a round in that language', async () => {
    const user = userEvent.setup();
    await renderSpeak();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'en');
    await screen.findByText('en1- sentence 1');
    expect(server.calls('PUT /api/user/preferences')[0]!.json).toEqual({ language: 'en' });
    expect(server.calls('GET /api/sentences').some((r) => r.search.get('lang') === 'en')).toBe(true);
    expect(circleStates()[0]).toBe('current');
  });

  it('remembers a picked language only through PUT /api/user/preferences, and starts in it on coming back', async () => {
    const user = userEvent.setup();
    const view = await renderSpeak();
    // Opening Speak saves nothing: the round is only read.
    expect(server.calls('PUT /api/user/preferences')).toHaveLength(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ha');
    await screen.findByText('ha1- sentence 1');
    await waitFor(() => expect(server.calls('PUT /api/user/preferences')).toHaveLength(1));
    expect(server.calls('PUT /api/user/preferences')[0]!.json).toEqual({ language: 'ha' });

    // Leave Speak and come back in the same visit: it opens in the language picked, with the sentences
    // kept on the device that were not done with.
    view.unmount();
    renderWithPlatform(<SpeakPage />, { path: pageUrl(speakPage), store: view.store });
    await screen.findByText('ha1- sentence 1');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('ha');
  });

  it('starts in the remembered language', async () => {
    server.on('GET /api/user/preferences', { body: { language: 'ha' } });
    renderWithPlatform(<SpeakPage />);
    await screen.findByText('ha1- sentence 1');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('ha');
    expect(server.calls('GET /api/sentences')[0]!.search.get('lang')).toBe('ha');
  });

  it('starts in the language last used on this device without waiting for the preferences, then follows them', async () => {
    const user = userEvent.setup();
    const view = await renderSpeak();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ha');
    await screen.findByText('ha1- sentence 1');
    view.unmount();

    // A new visit on a slow link: the preferences have not answered yet.
    let answerPreferences: (value: { body: unknown }) => void = () => undefined;
    server.on('GET /api/user/preferences', () => new Promise((resolve) => (answerPreferences = resolve)));
    renderWithPlatform(<SpeakPage />, { path: pageUrl(speakPage) });
    await screen.findByText('ha1- sentence 1');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('ha');

    // Changed on another device meanwhile: the preferences win once they arrive.
    await act(async () => answerPreferences({ body: { language: 'yo' } }));
    await screen.findByText(/^r\d+- sentence 1$/);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('yo');
  });

  it('shows a skeleton while loading, then the empty state when no sentence is left', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    server.on('GET /api/sentences', () => new Promise((resolve) => (answer = resolve)));
    renderWithPlatform(<SpeakPage />);
    expect(await screen.findByLabelText('Loading sentences')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(server.calls('GET /api/sentences')).toHaveLength(1));
    await act(async () => answer({ body: [] }));
    expect(
      await screen.findByRole('heading', { name: 'No sentences left to record in Yoruba.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SUBMIT' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the round cannot be loaded', async () => {
    let fail = true;
    server.on('GET /api/sentences', () =>
      fail ? errorReply(503, 'The speech service is not available.') : { body: round('ok-') },
    );
    const user = userEvent.setup();
    renderWithPlatform(<SpeakPage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('The sentences could not be loaded');
    expect(alert).toHaveTextContent('The speech service is not available.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ok- sentence 1')).toBeInTheDocument();
  });

  it('asks the person to sign in when the API says 401', async () => {
    server.on('GET /api/sentences', errorReply(401, 'Sign in first.'));
    renderWithPlatform(<SpeakPage />);
    expect(await screen.findByRole('heading', { name: 'Sign in to record sentences' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', pageUrl(signinPage));
  });

  it('opens the recording guidelines', async () => {
    const user = userEvent.setup();
    await renderSpeak();
    await user.click(screen.getByRole('button', { name: 'Guidelines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recording guidelines' });
    expect(within(dialog).getByText(/Read exactly what is written/)).toBeInTheDocument();
    // Shortcuts are off while a dialog is open.
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Got it' }), { key: 'r' });
    expect(screen.queryByRole('button', { name: 'Stop recording' })).not.toBeInTheDocument();
  });

  it('shows the person their own figures', async () => {
    server.on('GET /api/user/stats', {
      body: { recordings: { submitted: 7, validated: 3 }, votes: 12, skips: 2 },
    });
    await renderSpeak();
    const stats = await screen.findByTestId('contribution-stats');
    expect(stats).toHaveTextContent('7 recordings submitted');
    expect(stats).toHaveTextContent('3 validated');
    expect(stats).toHaveTextContent('12 votes cast');
    expect(stats).toHaveTextContent('2 skipped');
  });
});

describe('Speak without a connection', () => {
  /** What the page can reach offline: nothing (fetch fails as it does with no network). */
  function dropTheConnection() {
    setOnline(false);
    for (const route of [
      'GET /api/sentences',
      'POST /api/recordings',
      'GET /api/user/preferences',
      'GET /api/user/stats',
      'GET /auth/session',
    ]) {
      server.on(route, networkFailure);
    }
  }

  it('goes on from the rounds kept on the device, queues every take, and sends them when the connection is back', async () => {
    const user = userEvent.setup();
    const view = await renderSpeak();
    // While online, the next three rounds are kept on the device.
    await waitFor(() => expect(server.calls('GET /api/sentences')).toHaveLength(4));
    const asked = server.calls('GET /api/sentences').length;

    dropTheConnection();
    for (let n = 1; n <= 5; n += 1) {
      await screen.findByText(`r1- sentence ${n}`);
      await recordTake(user);
      await user.click(submitButton());
    }
    // The next round comes from the device.
    await screen.findByText('r2- sentence 1');
    await recordTake(user);
    await user.click(submitButton());
    await screen.findByText('r2- sentence 2');
    const queue = within(screen.getByTestId('contribution-queue'));
    expect(await queue.findByRole('button', { name: '6 waiting' })).toBeInTheDocument();

    // A reload, still offline: the takes are still there, and the round goes on where it was.
    view.unmount();
    renderWithPlatform(<SpeakPage />, { path: pageUrl(speakPage) });
    await screen.findByText('r2- sentence 2');
    expect(
      await within(screen.getByTestId('contribution-queue')).findByRole('button', { name: '6 waiting' }),
    ).toBeInTheDocument();
    // Offline, nothing was asked of the server: no round, and no upload tried.
    expect(server.calls('GET /api/sentences')).toHaveLength(asked);
    expect(server.calls('POST /api/recordings')).toHaveLength(0);

    // Back online: every take is sent, in the order recorded, once.
    server.on('POST /api/recordings', { status: 201, body: { id: 'rec', status: 'undecided' } });
    sessionAs(server, testUser);
    setOnline(true);
    await waitFor(
      () =>
        expect(server.calls('POST /api/recordings').map((r) => r.form!.get('sentenceId'))).toEqual([
          'r1-1',
          'r1-2',
          'r1-3',
          'r1-4',
          'r1-5',
          'r2-1',
        ]),
      { timeout: 4000 },
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('contribution-queue')).queryByRole('button')).not.toBeInTheDocument(),
    );
  });

  it('says so when no kept sentence is left, and keeps the takes', async () => {
    server.on('GET /api/sentences', { body: round('only-').slice(0, 1) });
    const user = userEvent.setup();
    renderWithPlatform(<SpeakPage />, { path: pageUrl(speakPage) });
    await screen.findByText('only- sentence 1');
    dropTheConnection();
    await recordTake(user);
    await user.click(submitButton());
    expect(
      await screen.findByRole('heading', { name: 'You are offline and no saved sentences are left.' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('contribution-queue')).getByRole('button', { name: '1 waiting' }),
    ).toBeInTheDocument();
  });
});

describe('Speak in the pseudo-locale', () => {
  useLocaleInTest(PSEUDO_LOCALE);

  it('shows only catalogue text: the card, its shortcuts, the guidelines and the report reasons', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<SpeakPage />, { path: pageUrl(speakPage) });
    await screen.findByText('r1- sentence 1');
    await user.click(screen.getByRole('button', { name: /Ŕéçöŕð/ }));
    await user.click(await screen.findByRole('button', { name: /Šţöþ ŕéçöŕðîñĝ/ }));
    await screen.findByRole('button', { name: /Ŕé-ŕéçöŕð/ });
    expectOnlyCatalogueText();
    await user.click(screen.getByRole('button', { name: /Ĝûîðéļîñéš/ }));
    expectOnlyCatalogueText();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^\[Ŕéþöŕţ\]$/ }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expectOnlyCatalogueText();
  });

  it('shows the microphone problem in the chosen language', async () => {
    removeMedia();
    renderWithPlatform(<SpeakPage />, { path: pageUrl(speakPage) });
    await screen.findByText('r1- sentence 1');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expectOnlyCatalogueText();
  });
});
