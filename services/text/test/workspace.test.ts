import {
  type DashboardStats,
  type ProjectDetail,
  type Task,
  type WorkspaceSearchResults,
} from '@platform/contracts';
import { notifications } from '../src/notifications/store';
import { projects } from '../src/projects/store';
import { tasks } from '../src/tasks/store';
import { as, workspaceService } from './workspace-support';

const h = workspaceService('workspace');
const manager = as('m1', 'manager');

async function project(name: string, over: Record<string, unknown> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: manager,
    payload: {
      name,
      client: 'Lagos University',
      languages: ['yo'],
      startDate: '2026-11-01',
      dueDate: '2026-11-30',
      targets: [{ kind: 'sentences', count: 5 }],
      memberIds: ['c1'],
      ...over,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<ProjectDetail>();
}

async function task(projectId: string, description: string, over: Record<string, unknown> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: manager,
    payload: { projectId, description, assigneeId: 'c1', priority: 'medium', dueDate: '2026-11-20', ...over },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Task>();
}

beforeAll(() => {
  h.accounts.set('m1', { name: 'Ada Manager', role: 'manager' });
  h.accounts.set('c1', { name: 'Chidi Contributor', role: 'contributor' });
  h.accounts.set('c2', { name: 'Dayo Contributor', role: 'contributor' });
});
beforeEach(async () => {
  await Promise.all([
    projects(h.db).deleteMany({}),
    tasks(h.db).deleteMany({}),
    notifications(h.db).deleteMany({}),
  ]);
  await h.clearActivity();
  h.setNow('2026-11-16T09:00:00Z');
});

describe('dashboard', () => {
  test('active projects, pending and completed tasks, languages of projects and contributions', async () => {
    const open = await project('Open project');
    await project('Finished project', { languages: ['ha'], targets: [{ kind: 'donations', count: 1 }] });
    await project('Not mine', { languages: ['ig'], memberIds: ['c2'] });
    await h.record([
      { kind: 'donations.approved', userId: 'c2', language: 'ha', at: '2026-11-02T00:00:00Z' },
      // c1's own contributions add English (text) and Pidgin (speech).
      { kind: 'pairs.added', userId: 'c1', language: 'en', at: '2026-11-02T00:00:00Z' },
      { kind: 'recordings.submitted', userId: 'c1', language: 'pcm', at: '2026-11-02T00:00:00Z' },
    ]);
    await task(open.id, 'Due later');
    await task(open.id, 'Overdue one', { dueDate: '2026-11-10' });
    const done = await task(open.id, 'Done one');
    await h.app.inject({
      method: 'POST',
      url: `/api/tasks/${done.id}/state`,
      headers: as('c1'),
      payload: { action: 'complete' },
    });
    const res = await h.app.inject({ url: '/api/workspace/dashboard', headers: as('c1') });
    expect(res.json<DashboardStats>()).toEqual({
      activeProjects: 1,
      pendingTasks: 2,
      completedTasks: 1,
      languagesCovered: 4,
      languages: ['en', 'ha', 'pcm', 'yo'],
    });
  });

  test('a task whose target is reached counts as completed before anyone opens a task list', async () => {
    const open = await project('Recording drive', { targets: [{ kind: 'recordings', count: 5 }] });
    await task(open.id, 'Record one', { target: { kind: 'recordings', count: 1 } });
    const cards = async () =>
      (await h.app.inject({ url: '/api/workspace/dashboard', headers: as('c1') })).json<DashboardStats>();
    expect(await cards()).toMatchObject({ pendingTasks: 1, completedTasks: 0 });
    await h.record([
      { kind: 'recordings.validated', userId: 'c1', language: 'yo', at: '2026-11-16T10:00:00Z', count: 1 },
    ]);
    expect(await cards()).toMatchObject({ pendingTasks: 0, completedTasks: 1 });
    // The manager's task cards agree.
    const counts = await h.app.inject({ url: '/api/tasks/counts?scope=managed', headers: manager });
    expect(counts.json()).toMatchObject({ active: 0, completed: 1 });
  });
});

describe('search', () => {
  test('the caller’s projects and tasks, starting with the query first, then containing it', async () => {
    const a = await project('Market speech', { client: 'Ibadan Radio' });
    await project('Speech in the market', { client: 'Kano' });
    await project('Radio dramas', { client: 'Abuja' });
    await project('Speech secret', { memberIds: ['c2'] });
    await task(a.id, 'Transcribe market (a+b) [speech]');
    await task(a.id, 'Speech for the market');
    const search = async (q: string, who = as('c1')) =>
      (
        await h.app.inject({ url: `/api/workspace/search?q=${encodeURIComponent(q)}`, headers: who })
      ).json<WorkspaceSearchResults>();
    const speech = await search('SPEECH');
    expect(speech.projects.map((p) => p.name)).toEqual(['Speech in the market', 'Market speech']);
    expect(speech.tasks.map((t) => t.description)).toEqual([
      'Speech for the market',
      'Transcribe market (a+b) [speech]',
    ]);
    expect((await search('radio')).projects.map((p) => p.name)).toEqual(['Radio dramas', 'Market speech']);
    // What people type is text, not a pattern.
    expect((await search('(a+b) [')).tasks).toHaveLength(1);
    expect((await search('.*')).tasks).toHaveLength(0);
    // Someone else's task is not found by them.
    expect((await search('speech', as('c2'))).tasks).toEqual([]);
    expect((await h.app.inject({ url: '/api/workspace/search?q=', headers: as('c1') })).statusCode).toBe(400);
  });
});

