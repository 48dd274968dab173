import { act, screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@platform/contracts';
import { api } from '@platform/store';
import { installFakeServer, sessionAs, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { renderShell, testManifest, serveTestRemotes } from '../../test/renderShell';
import { seriousViolations } from '@platform/remote-kit/testing';
import {
  dashboardPage,
  downloadsPage,
  pageUrl,
  projectPage,
  textToSpeechPage,
} from '@platform/contracts/client';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

serveTestRemotes();

const hex = (n: number) => n.toString(16).padStart(24, '0');

const profile: Profile = {
  id: testUser.id,
  email: testUser.email,
  role: 'manager',
  fullName: 'Adaeze N. Okafor',
  username: null,
  bio: '',
  languages: [],
  pendingEmail: null,
  avatarUrl: null,
  createdAt: '2026-10-01T09:00:00.000Z',
};

/** A gateway where the person is a manager with `counts` of their own tasks. */
function gateway(counts = { active: 2, completed: 5, overdue: 1 }) {
  const server = installFakeServer();
  sessionAs(server, { ...testUser, role: 'manager' as 'reviewer' });
  server.on('POST /auth/signout', { body: { ok: true } });
  server.on('GET /api/settings/profile', { body: profile });
  let current = counts;
  server.on('GET /api/tasks/counts', () => ({ body: current }));
  return { server, setCounts: (next: typeof counts) => (current = next) };
}

function searchAnswers(server: FakeServer) {
  server.on('GET /api/workspace/search', (r) => {
    const q = (r.search.get('q') ?? '').toLowerCase();
    return {
      body: q.startsWith('yo')
        ? {
            tasks: [{ id: hex(1), description: 'Record 50 Yoruba sentences', project: 'Yoruba News Corpus' }],
            projects: [{ id: hex(2), name: 'Yoruba News Corpus', client: 'Lagos University' }],
          }
        : { tasks: [], projects: [] },
    };
  });
  server.on('GET /api/datasets', (r) => ({
    body: {
      items: (r.search.get('q') ?? '').toLowerCase().startsWith('yo')
        ? [{ id: hex(3), name: 'Yoruba Read Speech', description: 'Validated Yoruba sentences read aloud.' }]
        : [],
      total: 1,
      page: 1,
      pageSize: 5,
    },
  }));
}

const navTasksLink = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Tasks/ });

describe('sidebar', () => {
  it("shows the person's open tasks on Tasks and their name, role and initials from their profile", async () => {
    const { server } = gateway();
    renderShell(pageUrl(dashboardPage), testManifest, { server });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(navTasksLink()).toHaveAccessibleName('Tasks Open tasks: 3'));
    expect(server.calls('GET /api/tasks/counts')[0]?.search.get('scope')).toBe('mine');

    const footer = document.querySelector('[data-session-user]') as HTMLElement;
    expect(await within(footer).findByText('Adaeze N. Okafor')).toBeInTheDocument();
    expect(within(footer).getByText('Project manager')).toBeInTheDocument();
    expect(footer.querySelector('[data-initials]')).toHaveTextContent('AN');
  });

  it('shows the avatar when the person has one', async () => {
    const { server } = gateway();
    server.on('GET /api/settings/profile', { body: { ...profile, avatarUrl: '/api/avatars/abc?v=2' } });
    renderShell(pageUrl(dashboardPage), testManifest, { server });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() =>
      expect(document.querySelector('[data-session-user] img[data-avatar]')).toHaveAttribute(
        'src',
        '/api/avatars/abc?v=2',
      ),
    );
  });

  it('shows no badge at zero, and follows task changes made elsewhere in the page', async () => {
    const { server, setCounts } = gateway({ active: 0, completed: 4, overdue: 0 });
    const { store } = renderShell(pageUrl(dashboardPage), testManifest, { server });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(server.calls('GET /api/tasks/counts')).toHaveLength(1));
    expect(navTasksLink()).toHaveAccessibleName('Tasks');

    // A task started on /tasks invalidates the 'Task' tag the workspace remote's endpoints share.
    setCounts({ active: 1, completed: 4, overdue: 0 });
    act(() => void store.dispatch(api.util.invalidateTags(['Task'])));
    await waitFor(() => expect(navTasksLink()).toHaveAccessibleName('Tasks Open tasks: 1'));
  });
});

describe('top bar search', () => {
  it('searches from two characters and lists tasks, projects and datasets by kind', async () => {
    const { server } = gateway();
    searchAnswers(server);
    const { user } = renderShell(pageUrl(dashboardPage), testManifest, { server });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(box).toHaveAttribute('placeholder', 'Search tasks, projects, or data');

    await user.type(box, 'y');
    expect(server.calls('GET /api/workspace/search')).toEqual([]);
    await user.type(box, 'o');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(server.calls('GET /api/workspace/search').at(-1)?.search.get('q')).toBe('yo');
    expect(server.calls('GET /api/datasets').at(-1)?.search.get('q')).toBe('yo');
    const groups = within(list).getAllByRole('group');
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['Tasks', 'Projects', 'Datasets']);
    expect(within(groups[1]!).getByRole('option', { name: /Yoruba News Corpus/ })).toHaveAttribute(
      'href',
      pageUrl(projectPage, { id: hex(2) }),
    );
    expect(within(groups[2]!).getByRole('option', { name: /Yoruba Read Speech/ })).toHaveAttribute(
      'href',
      pageUrl(downloadsPage, { q: 'Yoruba Read Speech' }),
    );
  });

  it('moves through the results with the arrow keys, opens one with Enter and closes with Escape', async () => {
    const { server } = gateway();
    searchAnswers(server);
    const { user, location } = renderShell(pageUrl(dashboardPage), testManifest, { server });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'yor');
    await screen.findByRole('listbox', { name: 'Search results' });

    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('yor');

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(location()).toBe(pageUrl(projectPage, { id: hex(2) }));
    expect(box).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    const { server } = gateway();
    searchAnswers(server);
    const { user } = renderShell(pageUrl(dashboardPage), testManifest, { server });
    await user.type(await screen.findByRole('combobox', { name: 'Search' }), 'zz');
    expect(await screen.findByText('No results for “zz”')).toHaveAttribute('role', 'status');
  });
});

it('the app layout as a visitor sees it on an open page has no serious accessibility violations', async () => {
  renderShell(pageUrl(textToSpeechPage), testManifest, { user: null });
  await screen.findByRole('heading', { level: 1, name: 'Text-to-Speech Model' });
  await waitFor(() => expect(screen.getAllByRole('link', { name: 'Sign in' })).toHaveLength(2));
  expect(await seriousViolations()).toEqual([]);
});

it('the app layout with its badge, person and search results has no serious accessibility violations', async () => {
  const { server } = gateway();
  searchAnswers(server);
  const { user } = renderShell(pageUrl(dashboardPage), testManifest, { server });
  await waitFor(() => expect(navTasksLink()).toHaveAccessibleName('Tasks Open tasks: 3'));
  await user.type(screen.getByRole('combobox', { name: 'Search' }), 'yo');
  await screen.findByRole('listbox', { name: 'Search results' });
  expect(await seriousViolations()).toEqual([]);
});
