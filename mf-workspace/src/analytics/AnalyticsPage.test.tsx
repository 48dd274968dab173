import { screen, waitFor, within } from '@testing-library/react';
import type {
  LanguageDistribution,
  ProgressChart,
  QualityMetrics,
  TaskCompletionChart,
} from '@platform/contracts';
import { analyticsPage, pageUrl } from '@platform/contracts/client';
import { renderWithPlatform, seriousViolations } from '@platform/remote-kit/testing';
import { installFakeServer, testUser } from '@platform/store/testing';
import type { FakeServer, SeenRequest } from '@platform/store/testing';
import { AnalyticsPage } from './AnalyticsPage';

type Role = 'contributor' | 'reviewer' | 'researcher' | 'manager' | 'admin';
const hex = (n: number) => n.toString(16).padStart(24, '0');
const projects = [
  { id: hex(0xa1), name: 'Yoruba News Corpus' },
  { id: hex(0xa2), name: 'Hausa Health Phrases' },
];

/** Three monthly buckets of a quarter, or seven days of a week, with figures that depend on the query. */
function progress(r: SeenRequest): ProgressChart {
  const period = r.search.get('period') as ProgressChart['period'];
  const scale = r.search.get('projectId') ? 1 : 10;
  const starts =
    period === 'quarter'
      ? ['2026-09-01', '2026-10-01', '2026-11-01']
      : ['2026-10-27', '2026-11-03', '2026-11-10', '2026-11-17'];
  return {
    period,
    points: starts.map((day, i) => ({
      name: day,
      start: `${day}T00:00:00.000Z`,
      end: `${day}T00:00:00.000Z`,
      translated: (i + 1) * scale,
      validated: (i + 2) * scale,
    })),
  };
}

const completion = (r: SeenRequest): TaskCompletionChart => ({
  period: r.search.get('period') as TaskCompletionChart['period'],
  points: [
    {
      name: 'W1',
      start: '2026-11-03T00:00:00.000Z',
      end: '2026-11-10T00:00:00.000Z',
      due: 4,
      completed: 3,
      rate: 75,
    },
    {
      name: 'W2',
      start: '2026-11-10T00:00:00.000Z',
      end: '2026-11-17T00:00:00.000Z',
      due: 0,
      completed: 0,
      rate: null,
    },
  ],
});

const languages: LanguageDistribution = {
  languages: [
    { language: 'yo', clips: 1200, hours: 1.5 },
    { language: 'ha', clips: 300, hours: 0.4 },
  ],
};

const quality: QualityMetrics = {
  recordings: { decided: 10, votes: 30, agreeing: 27, agreement: 90, approved: 8, rejected: 2 },
  text: { decided: 5, votes: 10, agreeing: 8, agreement: 80, approved: 4, rejected: 1 },
  rejectionReasons: [
    { reason: 'grammar', count: 2 },
    { reason: 'noise', count: 1 },
  ],
};

function renderPage(role: Role, configure?: (server: FakeServer) => void, path = pageUrl(analyticsPage)) {
  const server = installFakeServer();
  server.on('GET /auth/session', { body: { user: { ...testUser, role } } });
  server.on('GET /api/projects', {
    body: {
      items: projects.map((p) => ({ ...p, client: 'Client', languages: ['yo'] })),
      total: 2,
      page: 1,
      pageSize: 100,
    },
  });
  server.on('GET /api/analytics/progress', (r) => ({ body: progress(r) }));
  server.on('GET /api/analytics/task-completion', (r) => ({ body: completion(r) }));
  server.on('GET /api/analytics/languages', { body: languages });
  server.on('GET /api/analytics/quality', { body: quality });
  configure?.(server);
  const view = renderWithPlatform(<AnalyticsPage />, { path });
  return { ...view, server };
}

const cardNamed = async (name: string) => screen.findByRole('region', { name });
const lastQuery = (server: FakeServer, route: string) =>
  Object.fromEntries(server.calls(route).at(-1)?.search.entries() ?? []);

describe('Analytics', () => {
  it('requests Task Progress for the chosen project and period and lists its points as a table', async () => {
    const { server, user } = renderPage('manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    const card = await cardNamed('Task Progress');
    expect(
      await within(card).findByText('This Month: 100 translated and 140 validated.'),
    ).toBeInTheDocument();
    expect(lastQuery(server, 'GET /api/analytics/progress')).toEqual({ period: 'month' });

    const project = screen.getByRole('combobox', { name: 'Project' });
    expect(
      within(project)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Projects', 'Yoruba News Corpus', 'Hausa Health Phrases']);
    await user.selectOptions(project, 'Hausa Health Phrases');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'This Quarter');
    await waitFor(() =>
      expect(lastQuery(server, 'GET /api/analytics/progress')).toEqual({
        period: 'quarter',
        projectId: projects[1]!.id,
      }),
    );
    expect(lastQuery(server, 'GET /api/analytics/task-completion')).toEqual({
      period: 'quarter',
      projectId: projects[1]!.id,
    });
    expect(lastQuery(server, 'GET /api/analytics/quality')).toEqual({ period: 'quarter' });
    expect(await within(card).findByText('This Quarter: 6 translated and 9 validated.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Table view' }));
    const table = within(card).getByRole('table', { name: 'Task Progress' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    // The x labels come from each bucket's start, in the interface language: months for a quarter.
    expect(rows.slice(1)).toEqual([
      ['September', '1', '2'],
      ['October', '2', '3'],
      ['November', '3', '4'],
    ]);
  });

  it('opens the period and project a link gives, and puts a change into the address', async () => {
    const { server, user, location } = renderPage(
      'manager',
      undefined,
      pageUrl(analyticsPage, { period: 'week', project: projects[0]!.id }),
    );
    await cardNamed('Task Progress');
    await waitFor(() =>
      expect(lastQuery(server, 'GET /api/analytics/progress')).toEqual({
        period: 'week',
        projectId: projects[0]!.id,
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('week');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project' }), 'All Projects');
    expect(location()).toBe(pageUrl(analyticsPage, { period: 'week' }));
  });

  it('shows the language, completion and quality charts with their summaries and tables', async () => {
    renderPage('admin');
    const languagesCard = await cardNamed('Language Distribution');
    expect(
      await within(languagesCard).findByText(
        'Clips in 2 languages; the most in Yoruba: 1,200 clips, 1.5 hours.',
      ),
    ).toBeInTheDocument();
    const languageTable = within(languagesCard).getByRole('table', { name: 'Language Distribution' });
    expect(within(languageTable).getByRole('cell', { name: 'Hausa' })).toBeInTheDocument();

    const completionCard = await cardNamed('Task completion rate');
    expect(
      await within(completionCard).findByText('This Month: 3 of 4 tasks due were completed (75%).'),
    ).toBeInTheDocument();
    expect(within(completionCard).getByRole('cell', { name: 'none yet' })).toBeInTheDocument();

    const qualityCard = await cardNamed('Quality metrics');
    expect(
      await within(qualityCard).findByText(
        'This Month: agreement 90% on recordings and 80% on text; 3 items rejected.',
      ),
    ).toBeInTheDocument();
    expect(
      within(qualityCard).getByRole('cell', { name: 'Rejected: Grammar or spelling' }),
    ).toBeInTheDocument();
  });

  it("says 'No data yet' when nothing has been decided in the period", async () => {
    renderPage('manager', (server) => {
      server.on('GET /api/analytics/progress', (r) => ({
        body: {
          ...progress(r),
          points: progress(r).points.map((p) => ({ ...p, translated: 0, validated: 0 })),
        },
      }));
    });
    const card = await cardNamed('Task Progress');
    expect(await within(card).findByRole('heading', { name: 'No data yet' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Table view' })).not.toBeInTheDocument();
  });

  it('shows a failed chart with Retry, and the chart once Retry succeeds', async () => {
    let fail = true;
    const { user } = renderPage('manager', (server) => {
      server.on('GET /api/analytics/languages', () =>
        fail
          ? { status: 403, body: { code: 'access.forbidden', message: 'Forbidden', statusCode: 403 } }
          : { body: languages },
      );
    });
    const card = await cardNamed('Language Distribution');
    expect(await within(card).findByRole('alert')).toHaveTextContent('This chart could not be loaded');
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByRole('table', { name: 'Language Distribution' })).toBeInTheDocument();
  });

  it('explains the page to a contributor instead of showing an error, and asks for no chart', async () => {
    const { server } = renderPage('contributor');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Analytics is for project managers' }),
    ).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.startsWith('/api/analytics'))).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no serious accessibility violations', async () => {
    renderPage('manager');
    const card = await cardNamed('Task Progress');
    await within(card).findByText('This Month: 100 translated and 140 validated.');
    expect(await seriousViolations()).toEqual([]);
  });
});
