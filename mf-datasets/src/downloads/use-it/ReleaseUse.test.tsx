import { screen, waitFor, within } from '@testing-library/react';
import type { Dataset, ReleaseDatasheet, ReleaseSummary } from '@platform/contracts';
import { downloadsPage, pageUrl } from '@platform/contracts/client';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { DatasetDetails } from '../DatasetDetails';
import { useItLines } from './useItLines';

const ID = 'd'.repeat(24);

function release(version: number, overrides: Partial<ReleaseSummary> = {}): ReleaseSummary {
  return {
    version,
    status: 'published',
    createdAt: '2026-11-01T09:00:00.000Z',
    publishedAt: '2026-11-01T09:05:00.000Z',
    progress: 1,
    figures: {
      clips: 3,
      audioSeconds: 12,
      contributors: 3,
      sentences: 2,
      textPairs: 0,
      files: 30,
      bytes: 9000,
    },
    audio: { format: 'WAV (16-bit PCM)', sampleRate: 16000, channels: 1, bitDepth: 16, meanSnrDb: 20 },
    sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
    artifacts: [],
    downloads: 0,
    ...overrides,
  };
}

function dataset(overrides: Partial<Dataset> = {}): Dataset {
  return {
    id: ID,
    name: 'Yoruba Read Speech',
    description: 'Read speech.',
    language: 'yo',
    category: 'conversational',
    tags: [],
    license: 'CC-BY-4.0',
    sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:05:00.000Z',
    latestRelease: release(2, { base: 1 }),
    building: null,
    downloads: 0,
    licenceAccepted: true,
    ...overrides,
  };
}

const CITATION =
  'The contributors of VoiceBank NG (2026). Yoruba Read Speech (version 2) [Data set]. VoiceBank NG. CC BY 4.0. http://localhost/api/datasets/x/releases/2';

/** What a release built now serves on its own, as the datasheet route lists it. */
const PARTS = [
  'data/train-00000-of-00002.parquet',
  'data/train-00001-of-00002.parquet',
  'data/test-00000-of-00001.parquet',
  'yo/validated.tsv',
  'yo/train.tsv',
  'yo/test.tsv',
];

function sheet(version: number, overrides: Partial<ReleaseDatasheet> = {}): ReleaseDatasheet {
  return {
    version,
    folder: `yoruba-read-speech-v${version}`,
    citation: CITATION,
    parquetSplits: ['train', 'test'],
    languages: ['yo'],
    parts: PARTS,
    base: version === 2 ? 1 : null,
    datasheets: [
      {
        language: 'yo',
        clips: 3,
        audioMs: 5_400_000,
        speakers: 2,
        readRecordings: 2,
        donatedSides: 1,
        invalidated: 4,
        other: 5,
        reported: 6,
        validatedSentences: 7,
        unvalidatedSentences: 8,
        voteRule: { minYes: 2, minNo: 2, margin: 1 },
        age: [{ value: 'thirties', clips: 2, speakers: 1 }],
        gender: [
          { value: 'female', clips: 2, speakers: 1 },
          { value: '', clips: 1, speakers: 1 },
        ],
        accent: [{ value: 'Ẹ̀kìtì', clips: 3, speakers: 2 }],
        splits: [
          { split: 'train', clips: 2, audioMs: 3_600_000, speakers: 1 },
          { split: 'dev', clips: 0, audioMs: 0, speakers: 0 },
          { split: 'test', clips: 1, audioMs: 1_800_000, speakers: 1 },
        ],
        toneMarks: {
          sentences: { sentences: 7, toneMarked: 6, underDotted: 5, bare: 1 },
          transcriptions: { sentences: 3, toneMarked: 3, underDotted: 3, bare: 0 },
        },
      },
    ],
    ...overrides,
  };
}

function renderDetails({
  role = 'researcher',
  stored = dataset(),
  configure,
}: {
  role?: 'contributor' | 'researcher' | null;
  stored?: Dataset;
  configure?: (s: FakeServer) => void;
} = {}) {
  const server = installFakeServer();
  server.on('GET /auth/session', () =>
    role ? { body: { user: { ...testUser, role } } } : errorReply(401, 'You are not signed in.'),
  );
  server.on(`GET /api/datasets/${ID}`, {
    body: { dataset: stored, releases: [stored.latestRelease!, release(1)] },
  });
  server.on(`GET /api/datasets/${ID}/releases/2/datasheet`, { body: sheet(2) });
  server.on(`GET /api/datasets/${ID}/releases/1/datasheet`, {
    body: sheet(1, { parquetSplits: [], datasheets: [], parts: [] }),
  });
  configure?.(server);
  const view = renderWithPlatform(
    <>
      <DatasetDetails dataset={stored} onDownload={() => undefined} />
      <div id="api-tokens" />
    </>,
    { path: pageUrl(downloadsPage) },
  );
  return { ...view, server };
}

const datasheetCalls = (server: FakeServer, version: number) =>
  server.calls(`GET /api/datasets/${ID}/releases/${version}/datasheet`);

describe('useItLines', () => {
  const facts = { origin: 'https://data.example.ng/', datasetId: ID, release: sheet(2) };

  it('downloads the release’s own number from the gateway’s download route, resuming, with the token as $TOKEN', () => {
    const lines = useItLines(facts);
    expect(lines.url).toBe(`https://data.example.ng/api/datasets/${ID}/releases/2/files/complete.zip`);
    expect(lines.curl).toBe(
      `curl -C - -H "Authorization: Bearer $TOKEN" -o yoruba-read-speech-v2.zip "${lines.url}"`,
    );
    expect(lines.unzip).toBe('unzip yoruba-read-speech-v2.zip');
  });

  it('loads each split’s Parquet shards and each language’s validated.tsv from their own addresses, with the token', () => {
    const lines = useItLines(facts);
    const file = (path: string) => `https://data.example.ng/api/datasets/${ID}/releases/2/files/${path}`;
    expect(lines.fromUrls).toBe(true);
    expect(lines.parquet).toBe(
      'import os, datasets; ds = datasets.load_dataset("parquet", data_files={' +
        `"train": ["${file('data/train-00000-of-00002.parquet')}", "${file('data/train-00001-of-00002.parquet')}"], ` +
        `"test": ["${file('data/test-00000-of-00001.parquet')}"]}, ` +
        'storage_options={"headers": {"Authorization": "Bearer " + os.environ["TOKEN"]}})',
    );
    expect(lines.pandas).toEqual([
      {
        language: 'yo',
        line:
          `import os, pandas; df = pandas.read_csv("${file('yo/validated.tsv')}", sep="\\t", quoting=3, ` +
          'storage_options={"Authorization": "Bearer " + os.environ["TOKEN"]})',
      },
    ]);
  });

  it('reads the unzipped folder for a release whose files have no addresses of their own, and says so', () => {
    const lines = useItLines({ ...facts, release: sheet(2, { parts: [] }) });
    expect(lines.fromUrls).toBe(false);
    expect(lines.parquet).toBe(
      'import datasets; ds = datasets.load_dataset("parquet", data_files={' +
        '"train": "yoruba-read-speech-v2/data/train-*.parquet", "test": "yoruba-read-speech-v2/data/test-*.parquet"})' +
        '  # after: unzip yoruba-read-speech-v2.zip',
    );
    expect(lines.pandas).toEqual([
      {
        language: 'yo',
        line:
          'import pandas; df = pandas.read_csv("yoruba-read-speech-v2/yo/validated.tsv", sep="\\t", quoting=3)' +
          '  # after: unzip yoruba-read-speech-v2.zip',
      },
    ]);
    expect(useItLines({ ...facts, release: sheet(1, { parquetSplits: [] }) }).parquet).toBeNull();
  });
});

describe('the details panel’s "Use it" box and datasheets', () => {
  it('shows the latest release’s lines with this site’s address, each copied with the page’s toast, and the citation', async () => {
    const { user } = renderDetails();
    const box = await screen.findByRole('region', { name: 'Use it: release 2' });
    const lines = within(box)
      .getAllByTestId('use-it-line')
      .map((l) => l.textContent);
    expect(lines[0]).toBe(
      `curl -C - -H "Authorization: Bearer $TOKEN" -o yoruba-read-speech-v2.zip "${window.location.origin}/api/datasets/${ID}/releases/2/files/complete.zip"`,
    );
    expect(lines).toContain(CITATION);
    expect(within(box).getByText(/load straight from their own addresses/)).toBeInTheDocument();
    expect(
      within(box).getByText(/holds only the clips, sentences and text pairs that are new since/),
    ).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Create or find an API token' })).toHaveAttribute(
      'href',
      '#api-tokens',
    );

    const write = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(
      within(box).getByRole('button', { name: 'Copy: Load the Parquet shards with Hugging Face datasets' }),
    );
    expect(write).toHaveBeenLastCalledWith(
      expect.stringMatching(
        new RegExp(
          `^import os, datasets; ds = datasets\\.load_dataset\\("parquet", data_files=\\{"train": \\["${window.location.origin}/api/datasets/${ID}/releases/2/files/data/train-00000-of-00002\\.parquet"`,
        ),
      ),
    );
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Copy: How to cite' }));
    expect(write).toHaveBeenLastCalledWith(CITATION);

    // No clipboard (a page not served over HTTPS): the toast says so.
    write.mockRejectedValue(new Error('not allowed'));
    await user.click(within(box).getByRole('button', { name: 'Copy: Unzip' }));
    expect(
      await screen.findByText('It could not be copied. Select the text and copy it yourself.'),
    ).toBeInTheDocument();
  });

  it('renders the datasheet figures the server sent, with tables a screen reader can name', async () => {
    renderDetails();
    const sheetRegion = await screen.findByRole('region', { name: 'Datasheet: Yoruba' });
    expect(within(sheetRegion).getByText('Validated clips').nextElementSibling).toHaveTextContent('3');
    expect(within(sheetRegion).getByText('Hours of validated audio').nextElementSibling).toHaveTextContent(
      '1.5',
    );
    expect(
      within(sheetRegion).getByText('Recordings votes have not decided').nextElementSibling,
    ).toHaveTextContent('5');
    expect(within(sheetRegion).getByText(/at least 2 listeners .* by at least 1/)).toBeInTheDocument();
    const gender = within(sheetRegion).getByRole('table', { name: 'Gender' });
    expect(within(gender).getByRole('rowheader', { name: 'Not given' })).toBeInTheDocument();
    const splits = within(sheetRegion).getByRole('table', { name: 'Splits (no speaker is in two)' });
    expect(within(splits).getByRole('row', { name: 'Training 2 1.0 1' })).toBeInTheDocument();
    const tones = within(sheetRegion).getByRole('table', { name: 'Tone marks' });
    expect(within(tones).getByRole('row', { name: 'Approved sentences 7 6 5 1' })).toBeInTheDocument();
  });

  it('shows an older release when it is chosen, saying honestly it has no Parquet shards nor datasheet figures', async () => {
    const { user, server } = renderDetails();
    await screen.findByRole('region', { name: 'Use it: release 2' });
    await user.click(await screen.findByRole('button', { name: 'Use release 1' }));
    const box = await screen.findByRole('region', { name: 'Use it: release 1' });
    expect(
      within(box).getByText('This release has no Parquet shards: read its TSV files with pandas.'),
    ).toBeInTheDocument();
    // Built before its files had addresses of their own: download, unzip, then read the folder.
    expect(within(box).getByText(/Download it, unzip it, then load it with one line/)).toBeInTheDocument();
    expect(within(box).getAllByTestId('use-it-line')[2]).toHaveTextContent(
      /^import pandas; df = pandas\.read_csv\("yoruba-read-speech-v1\/yo\/validated\.tsv"/,
    );
    expect(within(box).getAllByTestId('use-it-line')[0]).toHaveTextContent('/releases/1/files/complete.zip');
    expect(screen.getByText(/This release has no datasheet figures/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use release 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(datasheetCalls(server, 1)).toHaveLength(1);
  });

  it('says why the box is missing, without asking the server, to whoever may not download the release yet', async () => {
    const { server } = renderDetails({ stored: dataset({ licenceAccepted: false }) });
    expect(await screen.findByText(/Accept this dataset’s licence terms/)).toBeInTheDocument();
    expect(datasheetCalls(server, 2)).toHaveLength(0);
  });

  it('tells a contributor the box is for researchers and admins', async () => {
    const { server } = renderDetails({ role: 'contributor' });
    expect(await screen.findByText(/shown to researchers and admins/)).toBeInTheDocument();
    expect(datasheetCalls(server, 2)).toHaveLength(0);
  });

  it('says loading while it waits, and offers a retry when the server fails', async () => {
    let fail = true;
    const { user } = renderDetails({
      configure: (s) =>
        s.on(`GET /api/datasets/${ID}/releases/2/datasheet`, () =>
          fail ? errorReply(500, 'The server failed.') : { body: sheet(2) },
        ),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading how to use this release…');
    expect(await screen.findByText('How to use this release could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Use it: release 2' })).toBeInTheDocument();
  });

  describe('in Yorùbá', () => {
    useLocaleInTest('yo');

    it('speaks Yorùbá with its tone marks', async () => {
      renderDetails();
      expect(await screen.findByRole('region', { name: 'Lò ó: ẹ̀dà 2' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Ìwé àpèjúwe: Yorùbá' })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'Àmì ohùn' })).toBeInTheDocument();
    });
  });

  describe('in the pseudo-locale', () => {
    useLocaleInTest('en-XA');

    it('has no text outside the catalogues', async () => {
      renderDetails();
      await screen.findByTestId('use-it');
      await waitFor(() => expect(screen.getAllByTestId('datasheet')).toHaveLength(1));
      expectOnlyCatalogueText(document.body);
    });
  });
});
