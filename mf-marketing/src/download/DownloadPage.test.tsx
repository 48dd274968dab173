import { screen, within } from '@testing-library/react';
import type { Dataset, DatasetsSummary, ReleaseSummary } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { DownloadPage } from './DownloadPage';
import { downloadPage, downloadsPage, pageUrl } from '@platform/contracts/client';

const release: ReleaseSummary = {
  version: 3,
  status: 'published',
  createdAt: '2026-11-01T09:00:00.000Z',
  publishedAt: '2026-11-02T09:05:00.000Z',
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
  sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
  artifacts: [],
  downloads: 5,
};

const dataset: Dataset = {
  id: '65f0000000000000000000d1',
  name: 'Yoruba Read Speech',
  description: 'Validated Yoruba sentences read aloud.',
  language: 'yo',
  category: 'conversational',
  tags: [],
  license: 'CC-BY-4.0',
  sources: release.sources,
  createdAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-11-02T09:05:00.000Z',
  latestRelease: release,
  building: null,
  downloads: 5,
  licenceAccepted: false,
};

const summary: DatasetsSummary = {
  availableDatasets: 7,
  totalDownloads: 4321,
  contributors: 93,
  audioHours: 57.5,
};

function renderPage({
  items = [dataset],
  total = items.length,
  configure,
}: { items?: Dataset[]; total?: number; configure?: (server: FakeServer) => void } = {}) {
  const server = installFakeServer();
  server.on('GET /api/datasets/summary', { body: summary });
  server.on('GET /api/datasets', { body: { items, total, page: 1, pageSize: 10 } });
  configure?.(server);
  return { ...renderWithPlatform(<DownloadPage />, { path: pageUrl(downloadPage) }), server };
}

const figure = (label: string) => screen.getByText(label).parentElement!;

describe(pageUrl(downloadPage), () => {
  it('shows the latest release figures from the datasets summary', async () => {
    renderPage();
    expect(await screen.findByText('4,321')).toBeInTheDocument();
    expect(figure('Available datasets')).toHaveTextContent('7');
    expect(figure('Audio hours')).toHaveTextContent('57.5 h');
    expect(figure('Contributors')).toHaveTextContent('93');
    expect(figure('Downloads')).toHaveTextContent('4,321');
  });

  it('lists each dataset with its latest release version, date, hours and size', async () => {
    const { server } = renderPage();
    const list = await screen.findByRole('list', { name: 'Published datasets' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Yoruba Read Speech' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Latest release3');
    expect(item).toHaveTextContent('PublishedNov 2, 2026');
    expect(item).toHaveTextContent('Audio1.5 h');
    expect(item).toHaveTextContent('Size1.2 GB');
    expect(item).toHaveTextContent('LicenseCC BY 4.0');
    expect(server.calls('GET /api/datasets')[0]!.search.get('page')).toBe('1');
  });

  it('points to the downloads page for the rest when there are more datasets than shown', async () => {
    renderPage({ total: 12 });
    expect(
      await screen.findByRole('link', { name: 'See all 12 datasets on the Dataset Downloads page' }),
    ).toHaveAttribute('href', pageUrl(downloadsPage));
  });

  it('says so when nothing has been released yet', async () => {
    renderPage({ items: [] });
    expect(await screen.findByText('No dataset has been released yet.')).toBeInTheDocument();
  });

  it('says when the datasets cannot be loaded', async () => {
    renderPage({
      configure: (server) =>
        server.on(
          'GET /api/datasets',
          errorReply(500, 'Something went wrong on our side. Please try again.'),
        ),
    });
    expect(await screen.findByText('The datasets could not be loaded.')).toBeInTheDocument();
  });

  it('shows how to call the API with a token, and links to the downloads page', async () => {
    renderPage();
    const example = screen.getByRole('region', { name: 'Example API call' });
    expect(example).toHaveTextContent('curl -H "Authorization: Bearer $TOKEN"');
    expect(example).toHaveTextContent(`${window.location.origin}/api/datasets?page=1`);
    expect(screen.getByRole('link', { name: 'Open Dataset Downloads' })).toHaveAttribute(
      'href',
      pageUrl(downloadsPage),
    );
    await screen.findByText('4,321');
  });
});
