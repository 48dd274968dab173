import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DatasetUpload } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, FakeXhr, testUser, withFakeXhr } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { DatasetUploadsPage } from './DatasetUploadsPage';

withFakeXhr();

const upload = (over: Partial<DatasetUpload> = {}): DatasetUpload => ({
  id: '65f0000000000000000000a1',
  fileName: 'notebook.csv',
  type: 'csv',
  description: 'Sentences from my notebook',
  status: 'completed',
  bytes: 120,
  sha256: 'a'.repeat(64),
  importable: 'sentences',
  import: null,
  quality: null,
  uploadedBy: 'Adaeze Okafor',
  uploadDate: '2026-11-20T10:00:00.000Z',
  ...over,
});

let stored: DatasetUpload[];
/** What the person stores besides the uploads listed (recordings, donations), and their quota. */
let storedElsewhere: number;
let quota: number;

function renderPage(configure?: (server: FakeServer) => void) {
  stored = [];
  storedElsewhere = 0;
  quota = 2_000_000_000;
  const view = renderWithPlatform(<DatasetUploadsPage />, { path: '/data/uploads', signedInAs: testUser });
  view.server.on('GET /api/storage/usage', () => ({
    body: { usedBytes: storedElsewhere + stored.reduce((sum, u) => sum + u.bytes, 0), quotaBytes: quota },
  }));
  view.server.on('GET /api/uploads/summary', () => ({
    body: {
      total: stored.length,
      successful: stored.filter((u) => u.status === 'completed').length,
      pending: stored.filter((u) => u.importable && !u.import).length,
    },
  }));
  view.server.on('GET /api/uploads', (r) => {
    const q = (r.search.get('q') ?? '').toLowerCase();
    const items = stored.filter((u) => !q || u.fileName.toLowerCase().includes(q));
    return { body: { items, total: items.length, page: 1, pageSize: 10 } };
  });
  configure?.(view.server);
  return view;
}

const fileInput = () => screen.getByLabelText(/^File$/) as HTMLInputElement;
const typeSelect = () => screen.getByRole('combobox', { name: /File Type/ });
const description = () => screen.getByRole('textbox', { name: /Description/ });
const submit = () => screen.getByRole('button', { name: 'Upload File' });

describe('Dataset Uploads', () => {
  it('shows the summary cards from the stored uploads, and the empty history', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dataset Uploads' })).toBeInTheDocument();
    const summary = screen.getByTestId('upload-summary');
    await waitFor(() => expect(within(summary).getAllByText('0')).toHaveLength(3));
    expect(within(summary).getByText('Total Uploads')).toBeInTheDocument();
    expect(within(summary).getByText('Successful')).toBeInTheDocument();
    expect(within(summary).getByText('Pending')).toBeInTheDocument();
    expect(
      await screen.findByText('No uploads yet. Upload a file above to see it here.'),
    ).toBeInTheDocument();
  });

  it("asks for every field with the SPEC's words, and refuses a file that is not CSV, JSON or DICOM", async () => {
    const { user } = renderPage();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill all fields and select a file.');
    // Dropped past the dialog's filter (the accept attribute only guides the dialog).
    fireEvent.change(fileInput(), {
      target: { files: [new File(['PNG'], 'photo.png', { type: 'image/png' })] },
    });
    await user.selectOptions(typeSelect(), 'csv');
    await user.type(description(), 'A photo');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unsupported file type. Please upload CSV, JSON, or DICOM files.',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads with a real progress bar, resets the form and shows the upload in the history', async () => {
    const { user } = renderPage();
    await user.upload(
      fileInput(),
      new File(['text,language,citation\n'], 'notebook.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(typeSelect(), 'csv');
    await user.type(description(), 'Sentences from my notebook');
    await user.click(submit());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.body!.get('type')).toBe('csv');
    expect(xhr.body!.get('description')).toBe('Sentences from my notebook');
    expect((xhr.body!.get('file') as File).name).toBe('notebook.csv');
    act(() => xhr.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    stored = [upload()];
    act(() => xhr.respond(201, stored[0]));
    expect(await screen.findByText('notebook.csv was uploaded.')).toBeInTheDocument();
    expect(description()).toHaveValue('');
    expect(typeSelect()).toHaveValue('');
    expect(fileInput().files).toHaveLength(0);
    const row = (await screen.findByText('notebook.csv', { selector: 'span' })).closest('tr')!;
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByText('Adaeze Okafor')).toBeInTheDocument();
    expect(within(row).getByText('Not imported yet')).toBeInTheDocument();
    const summary = screen.getByTestId('upload-summary');
    await waitFor(() => expect(within(summary).getAllByText('1')).toHaveLength(3));
  });

  it("shows the service's refusal in the person's language", async () => {
    const { user } = renderPage();
    await user.upload(fileInput(), new File(['x'], 'scan.dcm', { type: 'application/dicom' }));
    await user.selectOptions(typeSelect(), 'dicom');
    await user.type(description(), 'A scan');
    await user.click(submit());
    act(() =>
      FakeXhr.last!.respond(
        415,
        errorReply(415, 'Unsupported file type. Please upload CSV, JSON, or DICOM files.').body,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unsupported file type. Please upload CSV, JSON, or DICOM files.',
    );
    expect(description()).toHaveValue('A scan');
  });

  it('imports an importable upload into review and shows each refused row and the quality', async () => {
    const imported = upload({
      import: {
        kind: 'sentences',
        rows: 4,
        accepted: 3,
        refused: [
          {
            row: 2,
            code: 'sentence.has_digits',
            message: 'Write numbers out in words: a sentence may not contain digits.',
          },
        ],
        importedAt: '2026-11-20T10:05:00.000Z',
      },
      quality: 0.75,
    });
    const { user, server } = renderPage((s) =>
      s.on('POST /api/uploads/65f0000000000000000000a1/import', () => {
        stored = [imported];
        return { body: imported };
      }),
    );
    stored = [upload()];
    await user.click(await screen.findByRole('button', { name: 'Import notebook.csv into review' }));
    expect(server.calls('POST /api/uploads/65f0000000000000000000a1/import')).toHaveLength(1);
    const outcome = await screen.findByTestId('import-outcome');
    expect(within(outcome).getByRole('heading', { name: 'Import of notebook.csv' })).toBeInTheDocument();
    expect(within(outcome).getByText('75%')).toBeInTheDocument();
    expect(within(outcome).getByText('3 rows wait for review.')).toBeInTheDocument();
    expect(
      within(within(outcome).getByRole('list', { name: 'Refused rows' })).getByRole('listitem'),
    ).toHaveTextContent('Row 2: Write numbers out in words: a sentence may not contain digits.');
    const row = (await screen.findByText('75%', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Import result of notebook.csv' })).toBeInTheDocument();
  });

  it('filters the history on the server', async () => {
    const { user, server } = renderPage();
    stored = [upload(), upload({ id: '65f0000000000000000000a2', fileName: 'pairs.json', type: 'json' })];
    await screen.findByText('pairs.json', { selector: 'span' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pairs');
    await waitFor(() =>
      expect(screen.queryByText('notebook.csv', { selector: 'span' })).not.toBeInTheDocument(),
    );
    expect(server.calls('GET /api/uploads').some((c) => c.search.get('q') === 'pairs')).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() =>
      expect(server.calls('GET /api/uploads').some((c) => c.search.get('status') === 'failed')).toBe(true),
    );
  });

  it('asks a signed-out person to sign in', async () => {
    renderPage((s) => s.on('GET /api/uploads/summary', errorReply(401, 'You are not signed in.')));
    expect(await screen.findByRole('heading', { name: 'Sign in to upload datasets' })).toBeInTheDocument();
  });

  describe('storage', () => {
    const meter = () => screen.getByTestId('storage-usage');

    it('shows what the person stores of their quota, as words and as a named bar', async () => {
      renderPage();
      storedElsewhere = 1_500_000_000;
      expect(await within(meter()).findByText('1.5 GB of 2 GB used')).toBeInTheDocument();
      const bar = within(meter()).getByRole('progressbar', { name: 'Storage used' });
      expect(bar).toHaveAttribute('aria-valuetext', '1.5 GB of 2 GB used');
      expect(bar).toHaveAttribute('aria-valuenow', '1500000000');
      expect(bar).toHaveAttribute('aria-valuemax', '2000000000');
      expect(
        within(meter()).getByText('Your dataset uploads, recordings and voice donations all count.'),
      ).toBeInTheDocument();
    });

    it('reads it again after an upload', async () => {
      const { user, server } = renderPage();
      expect(await within(meter()).findByText('0 byte of 2 GB used')).toBeInTheDocument();
      await user.upload(fileInput(), new File(['text,language\n'], 'notebook.csv', { type: 'text/csv' }));
      await user.selectOptions(typeSelect(), 'csv');
      await user.type(description(), 'Sentences from my notebook');
      await user.click(submit());
      stored = [upload({ bytes: 3_400_000 })];
      act(() => FakeXhr.last!.respond(201, stored[0]));
      expect(await within(meter()).findByText('3.4 MB of 2 GB used')).toBeInTheDocument();
      expect(server.calls('GET /api/storage/usage').length).toBeGreaterThanOrEqual(2);
    });

    it('refuses a file larger than the room left before sending it', async () => {
      const { user } = renderPage();
      storedElsewhere = 1_999_999_990;
      expect(await within(meter()).findByText('2 GB of 2 GB used')).toBeInTheDocument();
      await user.upload(fileInput(), new File(['x'.repeat(20)], 'notebook.csv', { type: 'text/csv' }));
      await user.selectOptions(typeSelect(), 'csv');
      await user.type(description(), 'Too much');
      await user.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This upload would take your stored files past your storage quota.',
      );
      expect(FakeXhr.sent).toHaveLength(0);
    });

    it('says when the storage is full', async () => {
      renderPage();
      storedElsewhere = 2_000_000_000;
      expect(
        await within(meter()).findByText(
          'Your storage is full: new uploads, recordings and donations are refused.',
        ),
      ).toBeInTheDocument();
    });

    it("shows the gateway's refusals: over the quota, the disk full", async () => {
      const { user } = renderPage();
      await within(meter()).findByText('0 byte of 2 GB used');
      for (const [status, message] of [
        [413, 'This upload would take your stored files past your storage quota.'],
        [507, 'The platform is short of storage space right now. Please try again later.'],
      ] as const) {
        await user.upload(fileInput(), new File(['text\n'], 'notebook.csv', { type: 'text/csv' }));
        await user.selectOptions(typeSelect(), 'csv');
        await user.clear(description());
        await user.type(description(), 'Refused');
        await user.click(submit());
        act(() => FakeXhr.last!.respond(status, errorReply(status, message).body));
        expect(await screen.findByRole('alert')).toHaveTextContent(message);
      }
    });

    it('says when the storage use cannot be read, and tries again on request', async () => {
      let failing = true;
      const { user } = renderPage((s) =>
        s.on('GET /api/storage/usage', () =>
          failing
            ? errorReply(503, 'A service is unavailable. Please try again later.')
            : { body: { usedBytes: 1_000, quotaBytes: quota } },
        ),
      );
      expect(await within(meter()).findByText('Your storage use could not be loaded.')).toBeInTheDocument();
      expect(within(meter()).queryByRole('progressbar')).not.toBeInTheDocument();
      failing = false;
      await user.click(within(meter()).getByRole('button', { name: 'Try again' }));
      expect(await within(meter()).findByText('1 kB of 2 GB used')).toBeInTheDocument();
    });
  });
});
