import { screen, waitFor, within } from '@testing-library/react';
import type {
  Dataset,
  DatasetsSummary,
  DownloadEntry,
  ReleaseStatistics,
  ReleaseSummary,
} from '@platform/contracts';
import { useNavigate } from '@platform/router';
import { downloadsPage, pageUrl, signinPage } from '@platform/contracts/client';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer, testUser } from '@platform/store/testing';
import type { FakeServer, SeenRequest } from '@platform/store/testing';
import { DatasetDownloadsPage } from './DatasetDownloadsPage';

const hex = (n: number) => n.toString(16).padStart(24, '0');

function release(version: number, overrides: Partial<ReleaseSummary> = {}): ReleaseSummary {
  return {
    version,
    status: 'published',
    createdAt: '2026-11-01T09:00:00.000Z',
    publishedAt: '2026-11-01T09:05:00.000Z',
    progress: 1,
    figures: {
      clips: 1200,
      audioSeconds: 5400,
      contributors: 37,
      sentences: 900,
      textPairs: 0,
      files: 1214,
      bytes: 1_234_000_000,
    },
    audio: { format: 'WAV (16-bit PCM)', sampleRate: 48000, channels: 1, bitDepth: 16, meanSnrDb: 23.46 },
    sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
    artifacts: [
      { name: 'metadata.json', bytes: 12_000, sha256: 'a'.repeat(64), contentType: 'application/json' },
      { name: 'audio.zip', bytes: 1_100_000_000, sha256: 'b'.repeat(64), contentType: 'application/zip' },
      { name: 'complete.zip', bytes: 1_234_000_000, sha256: 'c'.repeat(64), contentType: 'application/zip' },
    ],
    downloads: 5,
    ...overrides,
  };
}

function dataset(n: number, overrides: Partial<Dataset> = {}): Dataset {
  return {
    id: hex(0xd000 + n),
    name: `Yoruba Read Speech ${n}`,
    description: `Validated Yoruba sentences read aloud, set ${n}.`,
    language: 'yo',
    category: 'conversational',
    tags: ['read speech', 'tone marks'],
    license: 'CC-BY-4.0',
    sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:05:00.000Z',
    latestRelease: release(1),
    building: null,
    downloads: 5,
    licenceAccepted: false,
    ...overrides,
  };
}

const summary: DatasetsSummary = {
  availableDatasets: 6,
  totalDownloads: 3120,
  contributors: 86,
  audioHours: 42.36,
};

type Role = 'contributor' | 'reviewer' | 'researcher' | 'admin';

/** A fake speech service behind the gateway: filters `stored` as GET /api/datasets does. */
function renderPage({
  role = 'researcher',
  stored = [dataset(1)],
  history = [],
  path = pageUrl(downloadsPage),
  configure,
  withNavigation = false,
}: {
  role?: Role | null;
  stored?: Dataset[];
  history?: DownloadEntry[];
  path?: string;
  configure?: (server: FakeServer) => void;
  /** Buttons for the browser's Back and for the top bar's search opening this page with a search. */
  withNavigation?: boolean;
} = {}) {
  const server = installFakeServer();
  server.on('GET /auth/session', () =>
    role ? { body: { user: { ...testUser, role } } } : errorReply(401, 'You are not signed in.'),
  );
  server.on('GET /api/datasets/summary', { body: summary });
  server.on('GET /api/datasets', (r: SeenRequest) => {
    const q = r.search.get('q')?.toLowerCase();
    const items = stored.filter(
      (d) =>
        (!q || d.name.toLowerCase().includes(q) || d.description.toLowerCase().includes(q)) &&
        (!r.search.get('language') || d.language === r.search.get('language')) &&
        (!r.search.get('category') || d.category === r.search.get('category')),
    );
    return {
      body: { items, total: items.length, page: Number(r.search.get('page') ?? 1), pageSize: 20 },
    };
  });
  for (const d of stored) {
    server.on(`GET /api/datasets/${d.id}`, {
      body: { dataset: d, releases: d.latestRelease ? [d.latestRelease] : [] },
    });
    server.on(`POST /api/datasets/${d.id}/licence`, () => {
      d.licenceAccepted = true;
      return { body: { datasetId: d.id, license: d.license, acceptedAt: '2026-11-26T10:00:00.000Z' } };
    });
  }
  server.on('GET /api/downloads', {
    body: { items: history, total: history.length, page: 1, pageSize: 20 },
  });
  configure?.(server);
  const view = renderWithPlatform(
    <>
      <DatasetDownloadsPage />
      {withNavigation ? <Navigation /> : null}
    </>,
    { path },
  );
  return { ...view, server };
}

function Navigation() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate(-1)}>Browser back</button>
      <button onClick={() => navigate(pageUrl(downloadsPage, { q: 'Hausa' }))}>Top bar search: Hausa</button>
    </>
  );
}

/** The links the page "clicked" to start downloads (jsdom does not navigate). */
function watchDownloads() {
  const started: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    started.push(this.getAttribute('href') ?? '');
  });
  return started;
}

const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 3 })).closest<HTMLElement>(
    '[data-testid="dataset-card"]',
  )!;
const lastListQuery = (server: FakeServer) =>
  Object.fromEntries(server.calls('GET /api/datasets').at(-1)?.search.entries() ?? []);

afterEach(() => jest.restoreAllMocks());

describe('Dataset Downloads', () => {
  it("shows the SPEC's title, the four stat cards from the server and the two tabs", async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dataset Downloads' })).toBeInTheDocument();
    expect(
      screen.getByText('Access and download high-quality speech datasets for research and development'),
    ).toBeInTheDocument();
    const cards = await screen.findByTestId('dataset-summary');
    // Figures other than the SPEC's placeholders (47, 12,847, 2,341, 1,254), so only the server's can pass.
    await within(cards).findByText('3,120');
    expect(within(cards).getByText('6')).toBeInTheDocument();
    expect(within(cards).getByText('86')).toBeInTheDocument();
    expect(within(cards).getByText('42.4')).toBeInTheDocument();
    for (const label of ['Available Datasets', 'Total Downloads', 'Contributors', 'Audio Hours']) {
      expect(within(cards).getByText(label)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Browse Datasets',
      'Download History',
    ]);
  });

  it("shows a card with the release's figures, badges, tags, licence and last updated date", async () => {
    renderPage();
    const card = await cardOf('Yoruba Read Speech 1');
    expect(within(card).getByText('Validated Yoruba sentences read aloud, set 1.')).toBeInTheDocument();
    expect(within(card).getByText('Yoruba')).toBeInTheDocument();
    expect(within(card).getByText('Conversational')).toBeInTheDocument();
    expect(within(card).getByText('CC BY 4.0')).toBeInTheDocument();
    expect(within(card).getByText('read speech')).toBeInTheDocument();
    expect(within(card).getByText('1.2 GB')).toBeInTheDocument();
    expect(within(card).getByText('1.5 h')).toBeInTheDocument();
    expect(within(card).getByText('37')).toBeInTheDocument();
    expect(within(card).getByText('Last updated Nov 1, 2026')).toBeInTheDocument();
  });

  it('sends the search (once typing pauses) and both filters to the server, from page 1', async () => {
    const { user, server } = renderPage({
      stored: [dataset(1), dataset(2, { name: 'Hausa Market Talk', language: 'ha', category: 'commercial' })],
    });
    await cardOf('Yoruba Read Speech 1');
    expect(lastListQuery(server)).toEqual({ page: '1', pageSize: '20' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by language' }), 'Hausa');
    await waitFor(() => expect(lastListQuery(server)).toEqual({ language: 'ha', page: '1', pageSize: '20' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by category' }), 'Commercial');
    await waitFor(() =>
      expect(lastListQuery(server)).toEqual({
        language: 'ha',
        category: 'commercial',
        page: '1',
        pageSize: '20',
      }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search datasets' }), 'MARKET');
    await waitFor(() =>
      expect(lastListQuery(server)).toEqual({
        q: 'MARKET',
        language: 'ha',
        category: 'commercial',
        page: '1',
        pageSize: '20',
      }),
    );
    // Typing sends one request once it pauses, not one per letter.
    expect(server.calls('GET /api/datasets').filter((r) => r.search.has('q'))).toHaveLength(1);
    expect(await cardOf('Hausa Market Talk')).toBeInTheDocument();
  });

  it("starts from a shared link's filters, and keeps the focus in the search box while sending", async () => {
    const { user, server } = renderPage({ path: pageUrl(downloadsPage, { q: 'yoruba', language: 'yo' }) });
    const box = screen.getByRole('searchbox', { name: 'Search datasets' });
    expect(box).toHaveValue('yoruba');
    expect(screen.getByRole('combobox', { name: 'Filter by language' })).toHaveValue('yo');
    await cardOf('Yoruba Read Speech 1');
    expect(lastListQuery(server)).toEqual({ q: 'yoruba', language: 'yo', page: '1', pageSize: '20' });
    await user.clear(box);
    await waitFor(() => expect(lastListQuery(server)).toEqual({ language: 'yo', page: '1', pageSize: '20' }));
    expect(screen.getByRole('searchbox', { name: 'Search datasets' })).toHaveFocus();
  });

  it('keeps the view in the address: Back returns to the view before, and a link with a search shows it', async () => {
    const { user, server, location } = renderPage({
      stored: [dataset(1), dataset(2, { name: 'Hausa Market Talk', language: 'ha', category: 'commercial' })],
      withNavigation: true,
    });
    await cardOf('Yoruba Read Speech 1');
    const language = screen.getByRole('combobox', { name: 'Filter by language' });
    await user.selectOptions(language, 'Hausa');
    expect(location()).toBe(pageUrl(downloadsPage, { language: 'ha' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Yoruba Read Speech 1' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe(pageUrl(downloadsPage));
    expect(language).toHaveValue('');
    expect(await cardOf('Yoruba Read Speech 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Top bar search: Hausa' }));
    expect(screen.getByRole('searchbox', { name: 'Search datasets' })).toHaveValue('Hausa');
    await waitFor(() => expect(lastListQuery(server)).toEqual({ q: 'Hausa', page: '1', pageSize: '20' }));
    expect(await cardOf('Hausa Market Talk')).toBeInTheDocument();
  });

  it('lists the languages of the SPEC plus Nigerian Pidgin, and its categories', async () => {
    renderPage();
    await cardOf('Yoruba Read Speech 1');
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Filter by language')).toEqual([
      'All Languages',
      'Yoruba',
      'English (Nigerian)',
      'Hausa',
      'Igbo',
      'Nigerian Pidgin',
      'Multiple',
    ]);
    expect(options('Filter by category')).toEqual([
      'All Categories',
      'Conversational',
      'Academic',
      'Commercial',
      'Cultural',
      'Linguistic',
    ]);
  });

  it("shows the SPEC's words when nothing matches", async () => {
    renderPage({ stored: [], path: pageUrl(downloadsPage, { q: 'nothing' }) });
    expect(await screen.findByText('No datasets found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
  });

  it('shows the error with Retry when the datasets cannot be read, and reads them again', async () => {
    let fail = true;
    const { user } = renderPage({
      configure: (server) => {
        const ok = { items: [dataset(1)], total: 1, page: 1, pageSize: 20 };
        server.on('GET /api/datasets', () => (fail ? errorReply(400, 'Bad query.') : { body: ok }));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await cardOf('Yoruba Read Speech 1')).toBeInTheDocument();
  });

  it('asks for the licence and the promise before the first download, then downloads by a plain link', async () => {
    const started = watchDownloads();
    const { user, server } = renderPage();
    const card = await cardOf('Yoruba Read Speech 1');
    await user.click(within(card).getByRole('button', { name: 'Download' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download Complete Dataset · 1.2 GB' }));

    const dialog = await screen.findByRole('dialog', { name: 'License terms' });
    expect(
      within(dialog).getByText('Please review the license terms before downloading and using this dataset.'),
    ).toBeInTheDocument();
    const accept = within(dialog).getByRole('button', { name: 'Accept and download' });
    expect(accept).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'I accept the license terms of this dataset.' }),
    );
    expect(accept).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'I will not try to find out who the speakers in this dataset are.',
      }),
    );
    expect(started).toEqual([]);
    await user.click(accept);

    await waitFor(() =>
      expect(started).toEqual([`/api/datasets/${hex(0xd001)}/releases/1/files/complete.zip`]),
    );
    expect(server.calls(`POST /api/datasets/${hex(0xd001)}/licence`).map((r) => r.json)).toEqual([
      { acceptLicence: true, noReidentification: true },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('downloads at once when the licence was accepted before', async () => {
    const started = watchDownloads();
    const { user, server } = renderPage({ stored: [dataset(1, { licenceAccepted: true })] });
    const card = await cardOf('Yoruba Read Speech 1');
    await user.click(within(card).getByRole('button', { name: 'Download' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download Metadata (JSON) · 12 kB' }));
    expect(started).toEqual([`/api/datasets/${hex(0xd001)}/releases/1/files/metadata.json`]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls(`POST /api/datasets/${hex(0xd001)}/licence`)).toHaveLength(0);
  });

  it('tells a signed-out visitor to sign in and another role why, instead of a download menu', async () => {
    const { unmount } = renderPage({ role: null });
    let card = await cardOf('Yoruba Read Speech 1');
    expect(
      await within(card).findByText(
        'Downloads are for signed-in researchers. Sign in to download this dataset.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      pageUrl(signinPage, { next: pageUrl(downloadsPage) }),
    );
    expect(within(card).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    unmount();

    renderPage({ role: 'contributor' });
    card = await cardOf('Yoruba Read Speech 1');
    expect(await within(card).findByText(/Datasets can be downloaded by researchers/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it("opens the 'Dataset Details' panel with facts measured from the release and the licence note", async () => {
    const { user } = renderPage({
      configure: (server) =>
        server.on(`GET /api/datasets/${hex(0xd001)}`, {
          body: { dataset: dataset(1), releases: [release(2), release(1, { downloads: 3 })] },
        }),
      // Edited after the release into a text-only definition: the panel describes what the release holds.
      stored: [
        dataset(1, {
          latestRelease: release(2),
          sources: { include: ['sentences'], languages: ['yo'], domains: [], categories: [] },
        }),
      ],
    });
    const card = await cardOf('Yoruba Read Speech 1');
    await user.click(within(card).getByRole('button', { name: 'Dataset Details' }));
    const panel = within(card).getByRole('region', { name: 'Dataset Details' });
    expect(within(panel).getByText('1,214')).toBeInTheDocument();
    expect(within(panel).getByText('WAV (16-bit PCM)')).toBeInTheDocument();
    expect(within(panel).getByText('48')).toBeInTheDocument();
    expect(within(panel).getByText('Mono')).toBeInTheDocument();
    expect(within(panel).getByText('16')).toBeInTheDocument();
    expect(within(panel).getByText('23.5')).toBeInTheDocument();
    expect(within(panel).getByText(/Read speech recorded by volunteers/)).toBeInTheDocument();
    expect(within(panel).queryByText(/Text only/)).not.toBeInTheDocument();
    expect(
      within(panel).getByText('Please review the license terms before downloading and using this dataset.'),
    ).toBeInTheDocument();
    const older = await within(panel).findAllByTestId('older-release');
    expect(older).toHaveLength(1);
    expect(within(older[0]!).getByText('Release 1')).toBeInTheDocument();
    expect(within(older[0]!).getByText('3 downloads')).toBeInTheDocument();
  });

  it('shows View Statistics as charts with a table summary of each', async () => {
    const stats: ReleaseStatistics = {
      version: 1,
      clips: 1200,
      audioSeconds: 5400,
      speakers: 37,
      validatedShare: 0.82,
      splits: [
        { split: 'train', clips: 960, seconds: 4320, speakers: 29 },
        { split: 'dev', clips: 120, seconds: 540, speakers: 4 },
        { split: 'test', clips: 120, seconds: 540, speakers: 4 },
      ],
      durations: [
        { from: 0, to: 2, clips: 100 },
        { from: 2, to: 4, clips: 700 },
      ],
      languages: [{ key: 'yo', clips: 1200, seconds: 5400, speakers: 37 }],
      dialects: [],
      sentences: 900,
      textPairs: 0,
    };
    const { user } = renderPage({
      configure: (server) =>
        server.on(`GET /api/datasets/${hex(0xd001)}/releases/1/statistics`, { body: stats }),
    });
    const card = await cardOf('Yoruba Read Speech 1');
    await user.click(within(card).getByRole('button', { name: 'View Statistics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statistics: Yoruba Read Speech 1' });
    const splits = await within(dialog).findByRole('table', { name: 'Clips per split' });
    expect(
      within(splits)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SplitClipsHoursSpeakers', 'Training9601.229', 'Development1200.24', 'Test1200.24']);
    const durations = within(dialog).getByRole('table', { name: 'Clip durations' });
    expect(within(durations).getByText('2–4 s')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Hours per language' })).toHaveTextContent('Yoruba');
    expect(within(dialog).getByText('82%')).toBeInTheDocument();
    expect(
      within(dialog).getByText('No dialect was given for the clips of this release.'),
    ).toBeInTheDocument();
  });

  it('says a text-only release has no audio instead of drawing empty split charts', async () => {
    const stats: ReleaseStatistics = {
      version: 1,
      clips: 0,
      audioSeconds: 0,
      speakers: 0,
      validatedShare: null,
      splits: [
        { split: 'train', clips: 0, seconds: 0, speakers: 0 },
        { split: 'dev', clips: 0, seconds: 0, speakers: 0 },
        { split: 'test', clips: 0, seconds: 0, speakers: 0 },
      ],
      durations: [],
      languages: [],
      dialects: [],
      sentences: 130,
      textPairs: 0,
    };
    const { user } = renderPage({
      configure: (server) =>
        server.on(`GET /api/datasets/${hex(0xd001)}/releases/1/statistics`, { body: stats }),
    });
    const card = await cardOf('Yoruba Read Speech 1');
    await user.click(within(card).getByRole('button', { name: 'View Statistics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statistics: Yoruba Read Speech 1' });
    await within(dialog).findByText('130');
    expect(within(dialog).queryByRole('table', { name: 'Clips per split' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByText('No audio in this release.')).toHaveLength(3);
  });

  it('shows admins the dataset controls and no one else', async () => {
    const { unmount } = renderPage({ role: 'admin' });
    const card = await cardOf('Yoruba Read Speech 1');
    expect(screen.getByRole('button', { name: 'New dataset' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Publish release' })).toBeInTheDocument();
    unmount();

    renderPage({ role: 'researcher' });
    const other = await cardOf('Yoruba Read Speech 1');
    expect(screen.queryByRole('button', { name: 'New dataset' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Publish release' })).not.toBeInTheDocument();
  });

  it('refuses an incomplete definition with clear messages, sending nothing, then creates a dataset', async () => {
    const { user, server } = renderPage({
      role: 'admin',
      configure: (s) =>
        s.on('POST /api/datasets', (r) => ({ status: 201, body: { ...dataset(9), ...(r.json as object) } })),
    });
    await cardOf('Yoruba Read Speech 1');
    await user.click(screen.getByRole('button', { name: 'New dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dataset' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Validated recordings' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Tags/ }), 'a, b, A');
    await user.click(screen.getByRole('button', { name: 'Create dataset' }));
    expect(within(dialog).getByText('Please enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a description.')).toBeInTheDocument();
    expect(within(dialog).getByText('Each tag may appear only once.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one kind of data.')).toBeInTheDocument();
    expect(server.calls('POST /api/datasets')).toHaveLength(0);
    // The first field that is wrong has the focus (the messages may be scrolled out of sight).
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Igbo Stories');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Stories told in Igbo.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'Igbo');
    await user.clear(within(dialog).getByRole('textbox', { name: /Tags/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Tags/ }), 'stories, folk');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Validated recordings' }));
    await user.click(screen.getByRole('button', { name: 'Create dataset' }));
    await waitFor(() => expect(server.calls('POST /api/datasets')).toHaveLength(1));
    expect(server.calls('POST /api/datasets')[0]!.json).toEqual({
      name: 'Igbo Stories',
      description: 'Stories told in Igbo.',
      language: 'ig',
      category: 'conversational',
      tags: ['stories', 'folk'],
      license: 'CC-BY-4.0',
      sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a name taken as the name field's problem", async () => {
    const { user } = renderPage({
      role: 'admin',
      configure: (s) =>
        s.on('POST /api/datasets', errorReply(409, 'A dataset with this name already exists.')),
    });
    await cardOf('Yoruba Read Speech 1');
    await user.click(screen.getByRole('button', { name: 'New dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dataset' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Yoruba Read Speech 1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Again.');
    await user.click(screen.getByRole('button', { name: 'Create dataset' }));
    expect(await within(dialog).findByText('A dataset with this name already exists.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('publishes a release and shows its progress and stage while it builds, and a failure', async () => {
    const { user, server } = renderPage({
      role: 'admin',
      configure: (s) => {
        s.on(`POST /api/datasets/${hex(0xd001)}/releases`, {
          status: 202,
          body: release(2, { status: 'building', progress: 0.4, stage: 'writing clips', artifacts: [] }),
        });
        s.on(`GET /api/datasets/${hex(0xd001)}/releases/2`, {
          body: release(2, { status: 'building', progress: 0.4, stage: 'writing clips', artifacts: [] }),
        });
        s.on(`GET /api/datasets/${hex(0xd002)}/releases/3`, {
          body: release(3, { status: 'failed', error: 'No audio could be decoded.', artifacts: [] }),
        });
      },
      stored: [
        dataset(1),
        dataset(2, {
          name: 'Hausa Market Talk',
          building: release(3, { status: 'building', progress: 0.1, artifacts: [] }),
        }),
      ],
    });
    const card = await cardOf('Yoruba Read Speech 1');
    await user.click(within(card).getByRole('button', { name: 'Publish release' }));
    await waitFor(() => expect(server.calls(`POST /api/datasets/${hex(0xd001)}/releases`)).toHaveLength(1));
    const bar = await within(card).findByRole('progressbar', { name: 'Building release 2' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(card).getByText('writing clips')).toBeInTheDocument();

    const failed = await cardOf('Hausa Market Talk');
    expect(await within(failed).findByRole('alert')).toHaveTextContent(
      'Release 3 failed: No audio could be decoded.',
    );
  });

  it('publishes a delta of the latest release: only what is new since it', async () => {
    const { user, server } = renderPage({
      role: 'admin',
      configure: (s) => {
        s.on(`POST /api/datasets/${hex(0xd001)}/releases`, {
          status: 202,
          body: release(2, { status: 'building', progress: 0, artifacts: [], base: 1 }),
        });
        s.on(`GET /api/datasets/${hex(0xd001)}/releases/2`, {
          body: release(2, { status: 'building', progress: 0, artifacts: [], base: 1 }),
        });
      },
    });
    const card = await cardOf('Yoruba Read Speech 1');
    await user.click(within(card).getByRole('button', { name: 'Publish what is new since release 1' }));
    await waitFor(() => expect(server.calls(`POST /api/datasets/${hex(0xd001)}/releases`)).toHaveLength(1));
    expect(server.calls(`POST /api/datasets/${hex(0xd001)}/releases`)[0]!.search.get('base')).toBe('1');
    expect(await within(card).findByRole('progressbar', { name: 'Building release 2' })).toBeInTheDocument();
  });

  describe('Download History', () => {
    const entry = (n: number, overrides: Partial<DownloadEntry> = {}): DownloadEntry => ({
      id: hex(0xe000 + n),
      datasetId: hex(0xd001),
      dataset: 'Yoruba Read Speech 1',
      version: 1,
      artifact: 'complete.zip',
      date: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-12-20T10:00:00.000Z',
      bytes: 1_234_000_000,
      status: 'completed',
      url: `/api/downloads/${hex(0xe000 + n)}/file`,
      ...overrides,
    });

    it('lists downloads with Download Again while available, and Request again once expired', async () => {
      const started = watchDownloads();
      const { user } = renderPage({
        history: [
          entry(1),
          entry(2, {
            date: '2026-09-01T10:00:00.000Z',
            expiresAt: '2026-10-01T10:00:00.000Z',
            status: 'expired',
            version: 1,
          }),
        ],
      });
      await user.click(screen.getByRole('tab', { name: 'Download History' }));
      const table = await screen.findByRole('table', { name: 'Your downloads' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Dataset', 'Date', 'Size', 'Status', 'Action']);
      const [available, expired] = within(table).getAllByRole('row').slice(1);
      expect(within(available!).getByText('Completed')).toBeInTheDocument();
      expect(within(available!).getByText('1.2 GB')).toBeInTheDocument();
      expect(within(available!).getByRole('link', { name: 'Download Again' })).toHaveAttribute(
        'href',
        `/api/downloads/${hex(0xe001)}/file`,
      );
      expect(within(expired!).getByText('Expired')).toBeInTheDocument();
      expect(within(expired!).queryByRole('link', { name: 'Download Again' })).not.toBeInTheDocument();
      await user.click(within(expired!).getByRole('button', { name: 'Request again' }));
      expect(started).toEqual([`/api/datasets/${hex(0xd001)}/releases/latest/files/complete.zip`]);
      expect(
        screen.getByText(
          "Downloads are available for 30 days. After that, you'll need to request the dataset again.",
        ),
      ).toBeInTheDocument();
    });

    it('tells a signed-out visitor to sign in', async () => {
      const { user, server } = renderPage({ role: null });
      await cardOf('Yoruba Read Speech 1');
      await user.click(screen.getByRole('tab', { name: 'Download History' }));
      expect(
        await screen.findByRole('heading', { name: 'Sign in to download datasets' }),
      ).toBeInTheDocument();
      expect(server.calls('GET /api/downloads')).toHaveLength(0);
    });

    it('moves between tabs with the arrow keys', async () => {
      const { user } = renderPage();
      await cardOf('Yoruba Read Speech 1');
      screen.getByRole('tab', { name: 'Browse Datasets' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Download History' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByRole('table', { name: 'Your downloads' })).toBeInTheDocument();
    });
  });
});
