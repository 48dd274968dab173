import { screen, within } from '@testing-library/react';
import type { Notification } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { useLocaleInTest } from '@platform/i18n/testing';
import type { FakeServer } from '@platform/store/testing';
import { fakeGateway, hex, lastQuery, people } from '../projects/testing';
import { DashboardPage } from './DashboardPage';
import {
  dashboardPage,
  languagesPage,
  pageUrl,
  projectsPage,
  speakPage,
  tasksPage,
} from '@platform/contracts/client';

const stats = {
  activeProjects: 3,
  pendingTasks: 7,
  completedTasks: 12,
  languagesCovered: 4,
  languages: ['yo', 'ha', 'ig', 'en'],
};
const figures = {
  recordings: { submitted: 120, validated: 90 },
  votes: 45,
  skips: 2,
  donations: { submitted: 6, approved: 4 },
  sentences: { written: 30, approved: 21 },
  textPairs: { added: 15, approved: 11 },
  reviews: 8,
};
const assignment: Notification = {
  id: hex(0x301),
  kind: 'assignment',
  project: { id: hex(0x101), name: 'Lagos News' },
  task: { id: hex(0x201), description: 'Record 50 sentences', dueDate: '2026-12-10' },
  by: people.alice,
  read: false,
  createdAt: '2026-11-25T10:00:00.000Z',
};

function renderDashboard(configure?: (server: FakeServer) => void) {
  const server = fakeGateway('contributor');
  server.on('GET /api/workspace/dashboard', { body: stats });
  server.on('GET /api/user/stats', { body: figures });
  server.on('GET /api/notifications', {
    body: { items: [assignment], total: 1, unread: 1, page: 1, pageSize: 20 },
  });
  server.on('POST /api/notifications/read', { body: { unread: 0 } });
  server.on('GET /api/user/preferences', { body: { language: 'ha' } });
  server.on('GET /api/sentences', {
    body: [{ id: hex(0x401), text: 'Ina kwana?', language: 'ha' }],
  });
  configure?.(server);
  return { ...renderWithPlatform(<DashboardPage />, { path: pageUrl(dashboardPage) }), server };
}

const card = (label: string) => screen.getByText(label).closest('a')!;

describe('Dashboard', () => {
  it('welcomes the person by name and shows the four cards from the answer, each a link', async () => {
    renderDashboard();
    expect(await screen.findByText('Welcome back, Adaeze')).toBeInTheDocument();
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(card('Active Projects')).toHaveAttribute('href', pageUrl(projectsPage));
    expect(within(card('Active Projects')).getByText('3')).toBeInTheDocument();
    expect(card('Pending Tasks')).toHaveAttribute('href', pageUrl(tasksPage));
    expect(within(card('Pending Tasks')).getByText('7')).toBeInTheDocument();
    expect(card('Completed Tasks')).toHaveAttribute('href', pageUrl(tasksPage, { status: 'completed' }));
    expect(within(card('Completed Tasks')).getByText('12')).toBeInTheDocument();
    expect(card('Languages Covered')).toHaveAttribute('href', pageUrl(languagesPage));
    expect(within(card('Languages Covered')).getByText('4')).toBeInTheDocument();
    expect(within(card('Languages Covered')).getByText('Yorùbá, Hausa, Igbo, English')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Record New Audio/ })).toHaveAttribute(
      'href',
      pageUrl(speakPage),
    );
  });

  it("shows the person's own figures", async () => {
    renderDashboard();
    const figuresCard = (await screen.findByRole('heading', { name: 'Your contributions' })).closest(
      'section',
    )!;
    expect(await within(figuresCard).findByText('120')).toBeInTheDocument();
    expect(within(figuresCard).getByText('90 validated')).toBeInTheDocument();
    expect(within(figuresCard).getByText('45')).toBeInTheDocument();
    expect(within(figuresCard).getByText('30')).toBeInTheDocument();
    expect(within(figuresCard).getByText('21 approved')).toBeInTheDocument();
  });

  it('lists the notifications and marks one read on the server', async () => {
    const { server, user } = renderDashboard();
    expect(
      await screen.findByText('Alice Bello assigned you “Record 50 sentences” in Lagos News.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    expect(server.calls('POST /api/notifications/read')[0]!.json).toEqual({ ids: [assignment.id] });
  });

  it('says so when there is no notification', async () => {
    renderDashboard((server) =>
      server.on('GET /api/notifications', {
        body: { items: [], total: 0, unread: 0, page: 1, pageSize: 20 },
      }),
    );
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it("View Available Prompts lists the sentences waiting in the person's language", async () => {
    const { server, user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'View Available Prompts' }));
    expect(await screen.findByText('Ina kwana?')).toHaveAttribute('lang', 'ha');
    expect(screen.getByRole('heading', { name: 'Sentences waiting for recordings in Hausa' })).toBeVisible();
    expect(lastQuery(server, 'GET /api/sentences')).toEqual({ lang: 'ha', count: '5' });
  });

  it('offers a retry when the cards cannot be loaded', async () => {
    const { server, user } = renderDashboard((s) =>
      s.on('GET /api/workspace/dashboard', { status: 500, body: { code: 'server.internal' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(server.calls('GET /api/workspace/dashboard').length).toBeGreaterThan(2);
  });

  describe('in Yorùbá', () => {
    useLocaleInTest('yo');
    it('speaks Yorùbá', async () => {
      renderDashboard();
      expect(await screen.findByText('Ẹ káàbọ̀ padà, Adaeze')).toBeInTheDocument();
      expect(screen.getByText('Àwọn Iṣẹ́ Àkànṣe Tó Ń Lọ')).toBeInTheDocument();
    });
  });
});
