import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, LANGUAGES } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import {
  errorReply,
  FakeXhr,
  installFakeServer,
  withFakeXhr,
  type FakeServer,
} from '@platform/store/testing';
import { PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { WritePage } from './WritePage';
import { IDEMPOTENCY_KEY_HEADER, pageUrl, writePage } from '@platform/contracts/client';
import { setOnline, withNetworkControl } from '../testing/network';

let server: FakeServer;
let written: number;

const stats = () => ({
  recordings: { submitted: 0, validated: 0 },
  votes: 0,
  skips: 0,
  sentences: { written, approved: 1 },
  textPairs: { added: 0, approved: 0 },
  reviews: 0,
});

beforeEach(() => {
  server = installFakeServer();
  written = 2;
  server.on('GET /api/user/preferences', { body: { language: 'ha' } });
  server.on('GET /api/user/stats', () => ({ body: stats() }));
});

const tab = (name: string) => screen.getByRole('tab', { name });
const toastAlert = () => within(screen.getByTestId('toast-viewport')).findByRole('alert');

async function renderWrite() {
  const view = renderWithPlatform(<WritePage />, { path: pageUrl(writePage) });
  await screen.findByText('2 sentences written');
  return view;
}

async function fillShared(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Citation/ }), 'Own work');
  await user.click(screen.getByRole('checkbox', { name: 'Health' }));
  await user.click(screen.getByRole('checkbox', { name: /I confirm that this text/ }));
}

describe('Write: the page', () => {
  it('offers the three modes as keyboard-operable tabs, with the rules beside them and tips for batches and files', async () => {
    const user = userEvent.setup();
    await renderWrite();
    expect(screen.getByRole('heading', { level: 1, name: 'Write' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'How to add sentences' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Single sentence', 'Small batch', 'Large bulk file']);
    expect(tab('Single sentence')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Sentence' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sentence rules' })).toHaveTextContent(
      'Fewer than 15 words per sentence.',
    );
    expect(screen.queryByRole('heading', { name: 'Tips for batches and files' })).not.toBeInTheDocument();

    tab('Single sentence').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Small batch')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Small batch')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Sentences, one per line' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tips for batches and files' })).toBeInTheDocument();
    expect(screen.getByText('Up to 20 sentences per batch.')).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(tab('Large bulk file')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('File of sentences')).toHaveAttribute('type', 'file');
  });

  it("starts in the person's Speak language and lists every language in its own name", async () => {
    await renderWrite();
    const select = screen.getByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toHaveValue('ha'));
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('value'))).toEqual(LANGUAGES.map((l) => l.code));
    expect(options.map((o) => o.textContent)).toEqual(['Yorùbá', 'English', 'Hausa', 'Asụsụ Igbo', 'Naijá']);
  });

  it('lets the person choose at most three domains', async () => {
    const user = userEvent.setup();
    await renderWrite();
    for (const name of ['Health', 'News', 'Religion'])
      await user.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByRole('checkbox', { name: 'General' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'News' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'News' }));
    expect(screen.getByRole('checkbox', { name: 'General' })).toBeEnabled();
  });

  it("opens 'How do I cite?' to show the formats for books, websites and academic papers", async () => {
    const user = userEvent.setup();
    await renderWrite();
    const summary = screen.getByText('How do I cite?');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('Books')).toBeVisible();
    expect(within(details).getByText('Websites')).toBeVisible();
    expect(within(details).getByText('Academic papers')).toBeVisible();
  });
});

describe('Write: a single sentence', () => {
  it("says 'Please enter a sentence' in an Error toast and sends nothing when the sentence is blank", async () => {
    const user = userEvent.setup();
    await renderWrite();
    await user.type(screen.getByRole('textbox', { name: 'Sentence' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await toastAlert();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Please enter a sentence');
    expect(screen.getByRole('textbox', { name: 'Sentence' })).toHaveAccessibleDescription(
      'Please enter a sentence',
    );
    expect(server.calls('POST /api/sentences')).toHaveLength(0);
  });

  it('sends the sentence with its language, domains, citation and CC0 confirmation, then clears the fields and refreshes the figures', async () => {
    server.on('POST /api/sentences', (r) => {
      written += 1;
      const body = r.json as { text: string; lang: string };
      return { status: 201, body: { id: 's1', text: body.text, language: body.lang, status: 'pending' } };
    });
    const user = userEvent.setup();
    await renderWrite();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'yo');
    await user.type(screen.getByRole('textbox', { name: 'Sentence' }), 'Ọmọ náà ń ka ìwé.');
    await fillShared(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Your sentence has been submitted!')).toBeInTheDocument();
    expect(server.calls('POST /api/sentences')[0]!.json).toEqual({
      text: 'Ọmọ náà ń ka ìwé.',
      citation: 'Own work',
      domain: ['health'],
      lang: 'yo',
      cc0Confirmed: true,
    });
    expect(screen.getByRole('textbox', { name: 'Sentence' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Citation/ })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Health' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /I confirm that this text/ })).not.toBeChecked();
    // The chosen language stays for the next sentence.
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('yo');
    expect(await screen.findByText('3 sentences written')).toBeInTheDocument();
  });

  it("shows the server's reason as the error toast's text and keeps what was typed", async () => {
    server.on('POST /api/sentences', errorReply(400, ERROR_MESSAGES['sentence.needs_tone_marks']));
    const user = userEvent.setup();
    await renderWrite();
    await user.type(screen.getByRole('textbox', { name: 'Sentence' }), 'Omo naa n ka iwe');
    await fillShared(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await toastAlert();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Yoruba sentences must carry tone marks');
    expect(screen.getByRole('textbox', { name: 'Sentence' })).toHaveValue('Omo naa n ka iwe');
    expect(server.calls('GET /api/user/stats')).toHaveLength(1);
  });

  it('shows a missing citation under the citation field', async () => {
    server.on('POST /api/sentences', errorReply(400, ERROR_MESSAGES['sentence.citation_required']));
    const user = userEvent.setup();
    await renderWrite();
    await user.type(screen.getByRole('textbox', { name: 'Sentence' }), 'A good sentence.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await toastAlert();
    expect(screen.getByRole('textbox', { name: /Citation/ })).toHaveAccessibleDescription(
      expect.stringContaining(ERROR_MESSAGES['sentence.citation_required']),
    );
  });
});

const batchReply = {
  accepted: 2,
  refused: 1,
  lines: [
    { line: 1, text: 'First good one.', accepted: true },
    { line: 3, text: 'Has 2 digits, "quoted"', accepted: false, code: 'sentence.has_digits' },
    { line: 4, text: 'Second good one.', accepted: true },
  ],
};

describe('Write: a small batch', () => {
  it("says 'Please enter batch sentences' when there are only blank lines", async () => {
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Small batch'));
    await user.type(screen.getByRole('textbox', { name: 'Sentences, one per line' }), '{Enter}  {Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastAlert()).toHaveTextContent('Please enter batch sentences');
    expect(server.calls('POST /api/sentences/batch')).toHaveLength(0);
  });

  it('refuses more than 20 sentences before sending', async () => {
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Small batch'));
    const box = screen.getByRole('textbox', { name: 'Sentences, one per line' });
    await user.click(box);
    await user.paste(Array.from({ length: 21 }, (_, i) => `Sentence ${i}`).join('\n'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastAlert()).toHaveTextContent('A batch may have at most 20 sentences.');
    expect(server.calls('POST /api/sentences/batch')).toHaveLength(0);
  });

  it('shows the accepted and refused counts and each refused line with its reason, and clears the box', async () => {
    server.on('POST /api/sentences/batch', { status: 201, body: batchReply });
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Small batch'));
    await user.click(screen.getByRole('textbox', { name: 'Sentences, one per line' }));
    await user.paste('First good one.\n\nHas 2 digits, "quoted"\nSecond good one.');
    await fillShared(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const outcome = await screen.findByRole('region', { name: 'Result' });
    expect(outcome).toHaveTextContent('2 sentences accepted');
    expect(outcome).toHaveTextContent('1 sentence refused');
    const rows = within(within(outcome).getByRole('table', { name: 'Refused lines' })).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([[], ['3', 'Has 2 digits, "quoted"', ERROR_MESSAGES['sentence.has_digits']]]);
    expect(server.calls('POST /api/sentences/batch')[0]!.json).toEqual({
      sentences: ['First good one.', '', 'Has 2 digits, "quoted"', 'Second good one.'],
      citation: 'Own work',
      domain: ['health'],
      lang: 'ha',
      cc0Confirmed: true,
    });
    expect(screen.getByText('Your batch sentences have been submitted!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sentences, one per line' })).toHaveValue('');
    await waitFor(() => expect(server.calls('GET /api/user/stats')).toHaveLength(2));
  });

  it('downloads the refused lines as CSV (sentence,line,reason) to fix and resubmit', async () => {
    server.on('POST /api/sentences/batch', { status: 201, body: batchReply });
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:refused';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Small batch'));
    await user.click(screen.getByRole('textbox', { name: 'Sentences, one per line' }));
    await user.paste('First good one.\n\nHas 2 digits, "quoted"\nSecond good one.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Download refused lines (CSV)' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('refused-sentences.csv');
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read the tone marks right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'sentence,line,reason\r\n' + `"Has 2 digits, ""quoted""",3,${ERROR_MESSAGES['sentence.has_digits']}`,
    );
    click.mockRestore();
  });

  it('shows every line refused, and keeps the text, when nothing could be accepted', async () => {
    server.on(
      'POST /api/sentences/batch',
      errorReply(422, ERROR_MESSAGES['sentence.none_accepted'], {
        accepted: 0,
        refused: 1,
        lines: [{ line: 1, text: 'Www.example.org', accepted: false, code: 'sentence.has_link' }],
      }),
    );
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Small batch'));
    await user.type(screen.getByRole('textbox', { name: 'Sentences, one per line' }), 'Www.example.org');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastAlert()).toHaveTextContent(ERROR_MESSAGES['sentence.none_accepted']);
    const outcome = await screen.findByRole('region', { name: 'Result' });
    expect(outcome).toHaveTextContent('0 sentences accepted');
    expect(outcome).toHaveTextContent(ERROR_MESSAGES['sentence.has_link']);
    expect(screen.getByRole('textbox', { name: 'Sentences, one per line' })).toHaveValue('Www.example.org');
  });
});

describe('Write: a large bulk file', () => {
  withFakeXhr();

  it("says 'Please select a file to upload' when no file is chosen", async () => {
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Large bulk file'));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect(await toastAlert()).toHaveTextContent('Please select a file to upload');
    expect(FakeXhr.last).toBeNull();
  });

  it('refuses a file that is not .txt or .csv before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderWrite();
    await user.click(tab('Large bulk file'));
    await user.upload(screen.getByLabelText('File of sentences'), new File(['x'], 'notes.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect(await toastAlert()).toHaveTextContent(ERROR_MESSAGES['sentence.file_type']);
    expect(FakeXhr.last).toBeNull();
  });

  it('shows a progress bar that follows the bytes sent, then the outcome of every line', async () => {
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Large bulk file'));
    const file = new File(['sentence\nFirst good one.\nHas 2 digits\n'], 'mine.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('File of sentences'), file);
    await fillShared(user);
    await user.click(screen.getByRole('button', { name: 'Upload file' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/sentences/bulk');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body!.get('citation')).toBe('Own work');
    expect(xhr.body!.get('domain')).toBe('health');
    expect(xhr.body!.get('lang')).toBe('ha');
    expect(xhr.body!.get('cc0Confirmed')).toBe('true');
    expect((xhr.body!.get('file') as File).name).toBe('mine.csv');
    expect(screen.getByRole('button', { name: /Uploading/ })).toBeDisabled();

    const bar = screen.getByRole('progressbar', { name: 'Uploading the file' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => xhr.progress(25, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25% uploaded');
    act(() => xhr.progress(100, 100));
    expect(screen.getByRole('progressbar', { name: 'Checking the sentences...' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    act(() =>
      xhr.respond(201, {
        accepted: 1,
        refused: 1,
        lines: [
          { line: 2, text: 'First good one.', accepted: true },
          { line: 3, text: 'Has 2 digits', accepted: false, code: 'sentence.has_digits' },
        ],
      }),
    );
    const outcome = await screen.findByRole('region', { name: 'Result' });
    expect(outcome).toHaveTextContent('1 sentence accepted');
    expect(outcome).toHaveTextContent('1 sentence refused');
    expect(within(outcome).getByRole('table', { name: 'Refused lines' })).toHaveTextContent('Has 2 digits');
    expect(screen.getByText('Your file has been uploaded and processed!')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('File of sentences')).toHaveValue('');
    await waitFor(() => expect(server.calls('GET /api/user/stats')).toHaveLength(2));
  });

  it("shows the server's refusal of the file in the error toast", async () => {
    const user = userEvent.setup();
    await renderWrite();
    await user.click(tab('Large bulk file'));
    await user.upload(screen.getByLabelText('File of sentences'), new File(['\xff'], 'latin.txt'));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    act(() =>
      FakeXhr.last!.respond(415, {
        error: 'Unsupported Media Type',
        code: 'sentence.file_not_utf8',
        message: ERROR_MESSAGES['sentence.file_not_utf8'],
        statusCode: 415,
      }),
    );
    expect(await toastAlert()).toHaveTextContent(ERROR_MESSAGES['sentence.file_not_utf8']);
    expect(screen.queryByRole('region', { name: 'Result' })).not.toBeInTheDocument();
  });
});

describe('Write without a connection', () => {
  withNetworkControl();
  withFakeXhr();

  const queue = () => within(screen.getByTestId('contribution-queue'));

  it('saves a sentence on the device, clears the form, and sends it with its key when the connection is back', async () => {
    server.on('POST /api/sentences', (r) => ({
      status: 201,
      body: { id: 's1', text: (r.json as { text: string }).text, language: 'ha', status: 'pending' },
    }));
    const user = userEvent.setup();
    await renderWrite();
    setOnline(false);
    await user.type(screen.getByRole('textbox', { name: 'Sentence' }), 'Yaro yana karatu.');
    await fillShared(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Saved on this device')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sentence' })).toHaveValue('');
    expect(await queue().findByRole('button', { name: '1 waiting' })).toBeInTheDocument();
    expect(server.calls('POST /api/sentences')).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(server.calls('POST /api/sentences')).toHaveLength(1));
    const [sent] = server.calls('POST /api/sentences');
    expect(sent!.json).toEqual({
      text: 'Yaro yana karatu.',
      citation: 'Own work',
      domain: ['health'],
      lang: 'ha',
      cc0Confirmed: true,
    });
    expect(sent!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(queue().queryByRole('button')).not.toBeInTheDocument());
  });

  it('saves a batch on the device too', async () => {
    const user = userEvent.setup();
    await renderWrite();
    setOnline(false);
    await user.click(tab('Small batch'));
    await user.type(screen.getByRole('textbox', { name: 'Sentences, one per line' }), 'One.{Enter}Two.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Saved on this device')).toBeInTheDocument();
    await user.click(await queue().findByRole('button', { name: '1 waiting' }));
    const item = within(await screen.findByRole('dialog')).getByTestId('queued-contribution');
    expect(item).toHaveTextContent('Batch of sentences');
    expect(item).toHaveTextContent('2 sentences');
    expect(item).toHaveTextContent('Waiting to be sent');
  });

  it('keeps nothing on the device of a sentence the server refused: the form has it, with the reason', async () => {
    server.on('POST /api/sentences', errorReply(400, ERROR_MESSAGES['sentence.needs_tone_marks']));
    const user = userEvent.setup();
    await renderWrite();
    await user.type(screen.getByRole('textbox', { name: 'Sentence' }), 'Omo naa n ka iwe');
    await fillShared(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastAlert()).toHaveTextContent('Yoruba sentences must carry tone marks');
    expect(screen.getByRole('textbox', { name: 'Sentence' })).toHaveValue('Omo naa n ka iwe');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queue().queryByRole('button')).not.toBeInTheDocument();
  });

  it('says that a file needs a connection, and sends nothing', async () => {
    const user = userEvent.setup();
    await renderWrite();
    setOnline(false);
    await user.click(tab('Large bulk file'));
    const message =
      'Uploading a file needs a connection. While you are offline, single sentences and batches are saved on this device.';
    expect(screen.getByText(message)).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('File of sentences'),
      new File(['One.'], 'one.txt', { type: 'text/plain' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect(await toastAlert()).toHaveTextContent(message);
    expect(FakeXhr.last).toBeNull();
  });
});

describe('Write in the pseudo-locale', () => {
  useLocaleInTest(PSEUDO_LOCALE);

  it('shows only catalogue text in every mode, with the citation help open', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<WritePage />, { path: pageUrl(writePage) });
    await screen.findByTestId('contribution-stats');
    await user.click(screen.getByText(/Ĥöŵ/));
    expectOnlyCatalogueText();
    for (const t of screen.getAllByRole('tab')) {
      await user.click(t);
      expectOnlyCatalogueText();
    }
  });
});
