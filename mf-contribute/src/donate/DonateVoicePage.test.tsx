import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, REPORT_DETAILS_REQUIRED_MESSAGE } from '@platform/contracts';
import type { DonateNextReply, TextPair } from '@platform/contracts';
import { errorReply, FakeXhr, installFakeServer, withFakeXhr } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { FakeAudio, installMedia } from '../testing/fakeMedia';
import { setOnline, withNetworkControl } from '../testing/network';
import { DonateVoicePage } from './DonateVoicePage';
import { CaptureError, startPcmCapture } from './pcmCapture';
import type { PcmCapture, PcmRecording } from './pcmCapture';
import { donatePage, pageUrl } from '@platform/contracts/client';
import { resetSessionBytes, sessionBytes } from '../data-saver/sessionBytes';

// The microphone is replaced: each Record press gets a fake capture whose recording the test decides.
jest.mock('./pcmCapture', () => {
  class CaptureError extends Error {
    constructor(readonly problem: string) {
      super(problem);
    }
  }
  return { CaptureError, startPcmCapture: jest.fn() };
});
const startCapture = startPcmCapture as jest.MockedFunction<typeof startPcmCapture>;

interface FakeCapture extends PcmCapture {
  stop: jest.Mock<Promise<PcmRecording>, []>;
  cancel: jest.Mock<void, []>;
}

let captures: FakeCapture[];
/** What the next recordings give when stopped: a second of a quiet tone at 16 kHz, unless told otherwise. */
let nextRecording: () => PcmRecording;
const second = (): PcmRecording => ({
  samples: Float32Array.from({ length: 16000 }, (_, i) => 0.25 * Math.sin(i / 10)),
  sampleRate: 16000,
});

const pair = (n: number): TextPair => ({
  text_id: `65f0000000000000000000${String(n).padStart(2, '0')}`,
  source_lang_text: `Good morning number ${n}`,
  target_lang_text: `Ẹ káàárọ̀ nọ́mbà ${n}`,
  text_category: 'conversational',
});

let server: FakeServer;
let queue: DonateNextReply[];

withFakeXhr();
withNetworkControl();

beforeEach(() => {
  installMedia();
  server = installFakeServer();
  captures = [];
  nextRecording = second;
  startCapture.mockReset();
  startCapture.mockImplementation(async () => {
    const capture: FakeCapture = {
      level: () => 0.6,
      stop: jest.fn(async () => nextRecording()),
      cancel: jest.fn(),
    };
    captures.push(capture);
    return capture;
  });
  queue = [
    { pair: pair(1), donated: 2, total: 10 },
    { pair: pair(2), donated: 3, total: 10 },
  ];
  server.on('GET /api/audio/next', () => ({ body: queue[0] }));
  server.on('GET /api/user/preferences', { body: { language: 'yo' } });
  server.on('PUT /api/user/preferences', (r) => ({ body: r.json }));
  server.on('GET /api/user/stats', {
    body: {
      recordings: { submitted: 0, validated: 0 },
      votes: 0,
      skips: 0,
      donations: { submitted: 2, approved: 1 },
    },
  });
});

/** The donation's upload, once the queue of contributions has sent it. */
async function sentUpload(count = 1): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(count));
  return FakeXhr.last!;
}

const advance = () => {
  queue.shift();
};

const side = (name: 'English' | 'Yoruba') => screen.getByRole('region', { name });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const toastIn = () => within(screen.getByTestId('toast-viewport'));
const dialectSelect = () => screen.getByRole('combobox', { name: /Dialect/ });

async function renderDonate() {
  const view = renderWithPlatform(<DonateVoicePage />, { path: pageUrl(donatePage) });
  await screen.findByText('Good morning number 1');
  return view;
}

async function record(user: ReturnType<typeof userEvent.setup>, language: 'English' | 'Yoruba') {
  await user.click(within(side(language)).getByRole('button', { name: `Record ${language}` }));
  await user.click(await within(side(language)).findByRole('button', { name: 'Stop' }));
}

async function recordBoth(user: ReturnType<typeof userEvent.setup>) {
  await record(user, 'English');
  await within(side('English')).findByRole('button', { name: 'Play' });
  await record(user, 'Yoruba');
  await within(side('Yoruba')).findByRole('button', { name: 'Play' });
}

describe('Donate Your Voice', () => {
  it('shows one pair with its category, the counter, the dialect choices, and Submit disabled', async () => {
    await renderDonate();
    expect(screen.getByRole('heading', { level: 1, name: 'Donate Your Voice' })).toBeInTheDocument();
    expect(within(side('English')).getByText('Good morning number 1')).toHaveAttribute('lang', 'en');
    expect(within(side('Yoruba')).getByText('Ẹ káàárọ̀ nọ́mbà 1')).toHaveAttribute('lang', 'yo');
    expect(screen.getByTestId('pair-category')).toHaveTextContent('Conversational');
    expect(screen.getByText('Contribution 3 of 10')).toBeInTheDocument();
    expect(
      within(dialectSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select your dialect', 'Standard Yoruba', 'Ekiti Yoruba', 'Ijebu Yoruba', 'Other']);
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(
      'Please record both English and Yoruba audio before submitting. Please select your dialect.',
    );
    expect(await screen.findByText('2 donations submitted')).toBeInTheDocument();
    expect(screen.getByTestId('waveform').children).toHaveLength(30);
  });

  it('records one side at a time: Stop while recording, Play and Re-record after, microphone released', async () => {
    const user = userEvent.setup();
    await renderDonate();
    await user.click(within(side('English')).getByRole('button', { name: 'Record English' }));
    const stop = await within(side('English')).findByRole('button', { name: 'Stop' });
    expect(within(side('Yoruba')).getByRole('button', { name: 'Record Yoruba' })).toBeDisabled();
    expect(screen.getByTestId('donate-status')).toHaveTextContent(/Recording English… 0:0\d \/ 0:30/);
    const waveform = screen.getByTestId('waveform');
    expect(waveform).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(Number(waveform.getAttribute('data-peak'))).toBeGreaterThan(0));

    await user.click(stop);
    expect(await within(side('English')).findByRole('button', { name: 'Play' })).toBeEnabled();
    expect(within(side('English')).getByRole('button', { name: 'Re-record English' })).toBeEnabled();
    expect(captures[0]!.stop).toHaveBeenCalledTimes(1);
    expect(within(side('Yoruba')).getByRole('button', { name: 'Record Yoruba' })).toBeEnabled();
    expect(submitButton()).toBeDisabled();

    await user.click(within(side('English')).getByRole('button', { name: 'Play' }));
    expect(within(side('English')).getByRole('button', { name: 'Stop playback' })).toBeInTheDocument();
    const played = FakeAudio.instances.find((a) => a.src.startsWith('blob:'))!;
    expect(played.paused).toBe(false);
  });

  it('records both sides as 16-bit WAV, remembers the dialect and submits the pair with progress', async () => {
    const user = userEvent.setup();
    await renderDonate();
    await recordBoth(user);
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('donate-missing')).toHaveTextContent('Please select your dialect.');

    await user.selectOptions(dialectSelect(), 'Ekiti Yoruba');
    await waitFor(() => expect(server.calls('PUT /api/user/preferences')).toHaveLength(1));
    expect(server.calls('PUT /api/user/preferences')[0]!.json).toEqual({
      language: 'yo',
      dialect: 'ekiti-yoruba',
    });
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByTestId('donate-missing')).not.toBeInTheDocument();

    await user.click(submitButton());
    const xhr = await sentUpload();
    expect(xhr.method).toBe('POST');
    expect(xhr.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(xhr.url).toBe('/api/audio/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body!.get('text_id')).toBe(pair(1).text_id);
    expect(xhr.body!.get('user_dialect')).toBe('ekiti-yoruba');
    expect(xhr.body!.has('user_id')).toBe(false);
    for (const field of ['source_audio_file', 'target_audio_file']) {
      const file = xhr.body!.get(field) as File;
      expect(file.type).toBe('audio/wav');
      expect(file.size).toBe(44 + 16000 * 2);
      const head = new TextDecoder().decode(await file.slice(0, 12).arrayBuffer());
      expect(head.slice(0, 4)).toBe('RIFF');
      expect(head.slice(8, 12)).toBe('WAVE');
    }
    expect((xhr.body!.get('source_audio_file') as File).name).toBe('english.wav');
    expect((xhr.body!.get('target_audio_file') as File).name).toBe('yoruba.wav');
    expect(screen.getByRole('button', { name: /Submitting/ })).toBeDisabled();

    act(() => xhr.progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Sending your recordings' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    advance();
    act(() => xhr.respond(201, { audio_id: 'a1' }));
    expect(await toastIn().findByText('Both audios submitted successfully!')).toBeInTheDocument();
    await screen.findByText('Good morning number 2');
    expect(screen.getByText('Contribution 4 of 10')).toBeInTheDocument();
    expect(within(side('English')).getByRole('button', { name: 'Record English' })).toBeInTheDocument();
    expect(within(side('Yoruba')).getByRole('button', { name: 'Record Yoruba' })).toBeInTheDocument();
    // The dialect stays chosen for the next pair; the figures are asked for again.
    expect(dialectSelect()).toHaveValue('ekiti-yoruba');
    await waitFor(() => expect(server.calls('GET /api/user/stats')).toHaveLength(2));
  });

  it('sends a pair of over 1 MB as two resumable uploads, the progress following the bytes of both', async () => {
    server.on('GET /api/user/preferences', { body: { language: 'yo', dialect: 'other' } });
    nextRecording = () => ({ samples: new Float32Array(30 * 16000).fill(0.2), sampleRate: 16000 });
    const size = 44 + 30 * 16000 * 2;
    const ids = ['65f0000000000000000000e1', '65f0000000000000000000e2'];
    const state = (id: string, received: number) => ({
      id,
      purpose: 'audio-pair-file',
      size,
      received,
      complete: received === size,
      chunkBytes: 256 * 1024,
      maxPutBytes: 1024 * 1024,
    });
    let begun = 0;
    server.on('POST /api/resumable-uploads', () => ({ status: 201, body: state(ids[begun++]!, 0) }));
    resetSessionBytes();
    server.on('POST /api/audio/from-uploads', () => {
      advance();
      return { status: 201, body: { audio_id: 'a1' } };
    });
    const user = userEvent.setup();
    await renderDonate();
    await recordBoth(user);
    await user.click(submitButton());
    const bar = () => screen.getByRole('progressbar', { name: 'Sending your recordings' });

    const english = await sentUpload(1);
    expect([english.method, english.url]).toEqual(['PUT', `/api/resumable-uploads/${ids[0]}`]);
    expect(english.headers['Content-Range']).toBe(`bytes 0-${size - 1}/${size}`);
    act(() => english.progress(size / 2, size));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '25'));
    act(() => english.respond(200, state(ids[0]!, size)));

    const yoruba = await sentUpload(2);
    expect(yoruba.url).toBe(`/api/resumable-uploads/${ids[1]}`);
    act(() => yoruba.progress(size / 2, size));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '75'));
    act(() => yoruba.respond(200, state(ids[1]!, size)));

    expect(await toastIn().findByText('Both audios submitted successfully!')).toBeInTheDocument();
    await screen.findByText('Good morning number 2');
    const [ask] = server.calls('POST /api/audio/from-uploads');
    expect(ask!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ask!.json).toEqual({
      text_id: pair(1).text_id,
      user_dialect: 'other',
      source_upload_id: ids[0],
      target_upload_id: ids[1],
    });
    expect(server.calls('POST /api/audio/upload')).toHaveLength(0);
    // Both files' bytes count towards what this page session used.
    expect(sessionBytes()).toBe(2 * size);
  });

  it('saves the pair on the device offline, and sends it with its key when the connection is back', async () => {
    server.on('GET /api/user/preferences', { body: { language: 'yo', dialect: 'other' } });
    const user = userEvent.setup();
    await renderDonate();
    await recordBoth(user);
    setOnline(false);
    await user.click(submitButton());
    expect(await toastIn().findByText('Recordings saved on this device')).toBeInTheDocument();
    expect(await screen.findByTestId('donation-saved')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);

    setOnline(true);
    const xhr = await sentUpload();
    expect(xhr.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(xhr.body!.get('text_id')).toBe(pair(1).text_id);
    expect((xhr.body!.get('source_audio_file') as File).size).toBe(44 + 16000 * 2);
    advance();
    act(() => xhr.respond(201, { audio_id: 'a1' }));
    await screen.findByText('Good morning number 2');
    expect(within(side('English')).getByRole('button', { name: 'Record English' })).toBeEnabled();
  });

  it('starts with the dialect the person chose before', async () => {
    server.on('GET /api/user/preferences', { body: { language: 'en', dialect: 'ijebu-yoruba' } });
    const user = userEvent.setup();
    await renderDonate();
    await waitFor(() => expect(dialectSelect()).toHaveValue('ijebu-yoruba'));
    await recordBoth(user);
    expect(submitButton()).toBeEnabled();
    expect(server.calls('PUT /api/user/preferences')).toHaveLength(0);
  });

  it("shows the server's refusal in the chosen words and keeps both clips", async () => {
    server.on('GET /api/user/preferences', { body: { language: 'yo', dialect: 'standard-yoruba' } });
    const user = userEvent.setup();
    await renderDonate();
    await recordBoth(user);
    await user.click(submitButton());
    const xhr = await sentUpload();
    act(() =>
      xhr.respond(422, {
        error: 'Unprocessable Entity',
        code: 'audio_pair.silent',
        message: ERROR_MESSAGES['audio_pair.silent'],
        statusCode: 422,
      }),
    );
    expect(await toastIn().findByRole('alert')).toHaveTextContent(ERROR_MESSAGES['audio_pair.silent']);
    expect(within(side('English')).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(side('Yoruba')).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(server.calls('GET /api/user/stats')).toHaveLength(1);
  });

  it('keeps the pair on the device when no answer came back, and says it will be sent', async () => {
    server.on('GET /api/user/preferences', { body: { language: 'yo', dialect: 'other' } });
    const user = userEvent.setup();
    await renderDonate();
    await recordBoth(user);
    await user.click(submitButton());
    const xhr = await sentUpload();
    act(() => xhr.fail());
    expect(await toastIn().findByText('Recordings saved on this device')).toBeInTheDocument();
    expect(toastIn().getByText('They will be sent as soon as the connection allows.')).toBeInTheDocument();
    // The pair stays until the server has the donation; it cannot be recorded twice meanwhile.
    expect(await screen.findByTestId('donation-saved')).toHaveTextContent(
      'Your recordings of this pair are saved on this device.',
    );
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('contribution-queue')).getByRole('button', { name: '1 waiting' }),
    ).toBeInTheDocument();
  });

  it('says when a recording has no audio, and keeps that side to record again', async () => {
    nextRecording = () => ({ samples: new Float32Array(0), sampleRate: 48000 });
    const user = userEvent.setup();
    await renderDonate();
    await record(user, 'Yoruba');
    expect(await toastIn().findByRole('alert')).toHaveTextContent(
      'No audio recorded for Yoruba. Please try again.',
    );
    expect(within(side('Yoruba')).getByRole('button', { name: 'Record Yoruba' })).toBeEnabled();
    expect(within(side('Yoruba')).queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
  });

  it('says at once when a recording is shorter than a second, and keeps no clip', async () => {
    nextRecording = () => ({ samples: new Float32Array(8000).fill(0.2), sampleRate: 16000 });
    const user = userEvent.setup();
    await renderDonate();
    await record(user, 'English');
    expect(await toastIn().findByRole('alert')).toHaveTextContent(
      'The English recording is too short: each recording must be between 1 and 30 seconds long. Please record it again.',
    );
    expect(within(side('English')).getByRole('button', { name: 'Record English' })).toBeEnabled();
  });

  it('never sends more than 30 seconds of a side', async () => {
    server.on('GET /api/user/preferences', { body: { language: 'yo', dialect: 'standard-yoruba' } });
    nextRecording = () => ({ samples: new Float32Array(31 * 8000).fill(0.2), sampleRate: 8000 });
    const user = userEvent.setup();
    await renderDonate();
    await recordBoth(user);
    await user.click(submitButton());
    expect(((await sentUpload()).body!.get('source_audio_file') as File).size).toBe(44 + 30 * 8000 * 2);
  });

  it('says when the microphone cannot be opened, or recording fails', async () => {
    startCapture.mockRejectedValueOnce(new CaptureError('microphone'));
    const user = userEvent.setup();
    await renderDonate();
    await user.click(screen.getByRole('button', { name: 'Record English' }));
    expect(await toastIn().findByRole('alert')).toHaveTextContent(
      'Failed to access microphone. Please check permissions.',
    );
    expect(screen.getByRole('button', { name: 'Record English' })).toBeEnabled();

    startCapture.mockRejectedValueOnce(new CaptureError('unsupported'));
    await user.click(screen.getByRole('button', { name: 'Record English' }));
    await waitFor(() =>
      expect(toastIn().getByRole('alert')).toHaveTextContent(
        'Recording error: this browser cannot record audio',
      ),
    );
  });

  it("says 'No active recording to stop.' when stopping with nothing recording", async () => {
    let finish: (capture: PcmCapture) => void = () => undefined;
    startCapture.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    await renderDonate();
    // E starts English; pressed again while the microphone is still opening, it has nothing to stop.
    await user.keyboard('e');
    expect(screen.getByTestId('donate-status')).toHaveTextContent('Starting the microphone…');
    await user.keyboard('e');
    expect(await toastIn().findByRole('alert')).toHaveTextContent('No active recording to stop.');
    expect(startCapture).toHaveBeenCalledTimes(1);
    act(() => finish({ level: () => 0, stop: jest.fn(async () => second()), cancel: jest.fn() }));
    await within(side('English')).findByRole('button', { name: 'Stop' });
    // Y does nothing while English records: one side at a time.
    await user.keyboard('y');
    expect(startCapture).toHaveBeenCalledTimes(1);
    await user.keyboard('e');
    await within(side('English')).findByRole('button', { name: 'Play' });
    await user.keyboard('e');
    expect(startCapture).toHaveBeenCalledTimes(2);
  });

  it('tells which side failed to play', async () => {
    const user = userEvent.setup();
    await renderDonate();
    await record(user, 'English');
    await within(side('English')).findByRole('button', { name: 'Play' });
    const audio = FakeAudio.instances.find((a) => a.src.startsWith('blob:'))!;
    act(() => void audio.dispatchEvent(new Event('error')));
    expect(await toastIn().findByRole('alert')).toHaveTextContent('Failed to play English audio.');
  });

  it('skips a pair: tells the server, drops the clips and shows the next pair', async () => {
    server.on(`POST /api/audio/pairs/${pair(1).text_id}/skip`, () => {
      queue[1] = { ...queue[1]!, donated: 2 };
      advance();
      return { body: { id: pair(1).text_id, ok: true } };
    });
    const user = userEvent.setup();
    await renderDonate();
    await record(user, 'English');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByText('Good morning number 2');
    expect(server.calls(`POST /api/audio/pairs/${pair(1).text_id}/skip`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Record English' })).toBeInTheDocument();
    expect(xhrCount()).toBe(0);
  });

  it('disables Skip at the last pair', async () => {
    queue = [{ pair: pair(9), donated: 9, total: 10 }];
    renderWithPlatform(<DonateVoicePage />, { path: pageUrl(donatePage) });
    await screen.findByText('Good morning number 9');
    expect(screen.getByText('Contribution 10 of 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeDisabled();
  });

  it('reports a pair with a reason; "other" needs a description', async () => {
    const route = `POST /api/audio/pairs/${pair(1).text_id}/report`;
    server.on(route, () => {
      advance();
      return { body: { id: pair(1).text_id, ok: true } };
    });
    const user = userEvent.setup();
    await renderDonate();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this text pair' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value') ?? ''),
    ).toHaveLength(4);
    for (const label of ['Offensive content', 'Wrong translation', 'Spelling mistake', 'Other']) {
      expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByText(REPORT_DETAILS_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(server.calls(route)).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Describe the problem/ }),
      'Two words swapped',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await screen.findByText('Good morning number 2');
    expect(server.calls(route)[0]!.json).toEqual({ reason: 'other', details: 'Two words swapped' });
    expect(toastIn().getByText('Text pair reported')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reports "wrong translation" without details', async () => {
    const route = `POST /api/audio/pairs/${pair(1).text_id}/report`;
    server.on(route, { body: { id: pair(1).text_id, ok: true } });
    const user = userEvent.setup();
    await renderDonate();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this text pair' });
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong translation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(server.calls(route)).toHaveLength(1));
    expect(server.calls(route)[0]!.json).toEqual({ reason: 'wrong-translation' });
  });

  it("says 'No more text pairs available.' when every pair is done", async () => {
    queue = [{ pair: null, donated: 10, total: 10 }];
    renderWithPlatform(<DonateVoicePage />, { path: pageUrl(donatePage) });
    expect(await screen.findByRole('heading', { name: 'No more text pairs available.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it("shows 'Loading text pairs...' until the pair arrives", async () => {
    renderWithPlatform(<DonateVoicePage />, { path: pageUrl(donatePage) });
    expect(screen.getByText('Loading text pairs...')).toBeInTheDocument();
    await screen.findByText('Good morning number 1');
    expect(screen.queryByText('Loading text pairs...')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch text pairs. Please try again.' and retries on request", async () => {
    let failing = true;
    server.on('GET /api/audio/next', () =>
      failing ? errorReply(500, 'Internal Server Error') : { body: queue[0] },
    );
    const user = userEvent.setup();
    renderWithPlatform(<DonateVoicePage />, { path: pageUrl(donatePage) });
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch text pairs. Please try again.' }),
    ).toBeInTheDocument();
    expect(toastIn().getByRole('alert')).toHaveTextContent('Failed to fetch text pairs. Please try again.');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Good morning number 1');
  });

  it('asks a signed-out person to sign in', async () => {
    server.on('GET /api/audio/next', errorReply(401, 'You are not signed in.'));
    renderWithPlatform(<DonateVoicePage />, { path: pageUrl(donatePage) });
    expect(await screen.findByRole('heading', { name: 'Sign in to donate your voice' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('lets the keyboard record both sides and submit', async () => {
    server.on('GET /api/user/preferences', { body: { language: 'yo', dialect: 'standard-yoruba' } });
    const user = userEvent.setup();
    await renderDonate();
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('ERecord English');
    await user.keyboard('e');
    await within(side('English')).findByRole('button', { name: 'Stop' });
    await user.keyboard('e');
    await within(side('English')).findByRole('button', { name: 'Play' });
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('ERe-record English');
    await user.keyboard('y');
    await within(side('Yoruba')).findByRole('button', { name: 'Stop' });
    await user.keyboard('y');
    await within(side('Yoruba')).findByRole('button', { name: 'Play' });
    await user.keyboard('s');
    expect((await sentUpload()).body!.get('user_dialect')).toBe('standard-yoruba');
  });

  it('stops the recording and releases the microphone when the person leaves the page', async () => {
    const user = userEvent.setup();
    const view = await renderDonate();
    await user.click(screen.getByRole('button', { name: 'Record English' }));
    await within(side('English')).findByRole('button', { name: 'Stop' });
    view.unmount();
    expect(captures[0]!.cancel).toHaveBeenCalled();
  });
});

const xhrCount = () => FakeXhr.sent.length;

describe('Donate Your Voice in the pseudo-locale', () => {
  useLocaleInTest(PSEUDO_LOCALE);

  it('shows only catalogue text: the pair card, the dialects, the recording and the report dialog', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<DonateVoicePage />, { path: pageUrl(donatePage) });
    await screen.findByText('Good morning number 1');
    expectOnlyCatalogueText();
    await user.keyboard('e');
    await screen.findByRole('button', { name: /Šţöþ/ });
    expectOnlyCatalogueText();
    await user.keyboard('e');
    await waitFor(() => expect(captures[0]!.stop).toHaveBeenCalled());
    expectOnlyCatalogueText();
    await user.click(screen.getByRole('button', { name: /^\[Ŕéþöŕţ\]$/ }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expectOnlyCatalogueText();
  });
});
