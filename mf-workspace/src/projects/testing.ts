// Answers of the workspace's calls as the services give them, for the screens' tests.
import type { ProjectDetail, ProjectSummary, Task } from '@platform/contracts';
import { installFakeServer, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { dashboardPage, pageUrl, projectsPage, tasksPage } from '@platform/contracts/client';

export const hex = (n: number) => n.toString(16).padStart(24, '0');

export type Role = 'contributor' | 'reviewer' | 'manager' | 'admin';

/** A fake gateway where the session is `testUser` with `role`. */
export function fakeGateway(role: Role = 'manager'): FakeServer {
  const server = installFakeServer();
  server.on('GET /auth/session', { body: { user: { ...testUser, role } } });
  return server;
}

const alice = { id: hex(0xa1), name: 'Alice Bello' };
const bayo = { id: hex(0xb2), name: 'Bayo Ade' };

export function projectSummary(n: number, overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: hex(0x100 + n),
    name: `Project ${n}`,
    client: `Client ${n}`,
    languages: ['yo', 'ha'],
    startDate: '2026-11-01',
    dueDate: '2026-12-31',
    progress: 40,
    status: 'active',
    memberCount: 2,
    owner: alice,
    ...overrides,
  };
}

export function projectDetail(n: number, overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    ...projectSummary(n),
    description: 'Read news sentences aloud.',
    targets: [{ kind: 'recordings', language: 'yo', count: 1000, done: 400, percent: 40, projected: 900 }],
    members: [alice, bayo],
    tasks: { active: 3, completed: 5, overdue: 1 },
    canManage: true,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function task(n: number, overrides: Partial<Task> = {}): Task {
  return {
    id: hex(0x200 + n),
    project: { id: hex(0x101), name: 'Project 1' },
    description: `Record 50 sentences, batch ${n}`,
    assignee: bayo,
    priority: 'high',
    dueDate: '2026-12-10',
    state: 'todo',
    overdue: false,
    target: { kind: 'recordings', count: 50, done: 10, percent: 20 },
    quality: 85,
    shared: false,
    createdBy: alice,
    createdAt: '2026-11-10T08:00:00.000Z',
    updatedAt: '2026-11-10T08:00:00.000Z',
    canAct: true,
    canManage: true,
    ...overrides,
  };
}

export const people = { alice, bayo };

/** The query string of the last request to `route`, as an object. */
export const lastQuery = (server: FakeServer, route: string) =>
  Object.fromEntries(server.calls(route).at(-1)?.search.entries() ?? []);

const token = 'tok_abcdefghijklmnopqrstuv';

/** Every call of the workspace pages answered, as a manager. */
export function answerEverything() {
  const server = fakeGateway('manager');
  server.on('GET /api/workspace/dashboard', {
    body: { activeProjects: 2, pendingTasks: 4, completedTasks: 9, languagesCovered: 3, languages: ['yo'] },
  });
  server.on('GET /api/user/stats', {
    body: {
      recordings: { submitted: 3, validated: 1 },
      votes: 2,
      skips: 0,
      donations: { submitted: 1, approved: 0 },
      sentences: { written: 4, approved: 2 },
      textPairs: { added: 1, approved: 1 },
      reviews: 0,
    },
  });
  server.on('GET /api/notifications', {
    body: {
      items: [
        {
          id: hex(0x301),
          kind: 'reminder',
          project: { id: hex(0x101), name: 'Project 1' },
          task: { id: hex(0x201), description: 'Record', dueDate: '2026-12-10' },
          read: false,
          createdAt: '2026-11-25T10:00:00.000Z',
        },
      ],
      total: 1,
      unread: 1,
      page: 1,
      pageSize: 20,
    },
  });
  server.on('GET /api/projects', {
    body: {
      items: [projectSummary(1), projectSummary(2, { status: 'delayed' })],
      total: 2,
      page: 1,
      pageSize: 20,
    },
  });
  server.on(`GET /api/projects/${projectSummary(1).id}`, { body: projectDetail(1) });
  server.on('GET /api/tasks', {
    body: {
      items: [task(1), task(2, { state: 'active', quality: null, target: undefined })],
      total: 2,
      page: 1,
      pageSize: 20,
    },
  });
  server.on('GET /api/tasks/counts', { body: { active: 1, completed: 2, overdue: 0 } });
  server.on(`GET /api/public/tasks/${token}`, {
    body: {
      description: 'Record',
      project: 'Project 1',
      languages: ['yo'],
      priority: 'low',
      dueDate: '2026-12-10',
      state: 'todo',
      overdue: false,
      target: { kind: 'sentences', count: 10, done: 1, percent: 10 },
      quality: null,
      updatedAt: '2026-11-25T10:00:00.000Z',
    },
  });
  server.on('GET /api/people', { body: { items: [{ ...people.bayo, username: null }] } });
}

/** What the page shows once its answers are in: a word of each page's data. */
export const pagesWithData: Array<[string, string]> = [
  [pageUrl(dashboardPage), '9'],
  [pageUrl(projectsPage), 'Project 2'],
  [`/projects/view?id=${projectSummary(1).id}`, 'Read news sentences aloud.'],
  [pageUrl(tasksPage), 'Record 50 sentences, batch 2'],
  [`/shared/task?token=${token}`, 'Project 1'],
];
