import type { ProjectDetail, PublicTask, Task, TaskCounts, TaskInput, TaskPage } from '@platform/contracts';
import { notifications } from '../src/notifications/store';
import { projects } from '../src/projects/store';
import { tasks } from '../src/tasks/store';
import { as, workspaceService } from './workspace-support';

const h = workspaceService('tasks');
const manager = as('m1', 'manager');
let projectId = '';

const createTask = async (over: Partial<TaskInput> = {}, who = manager) =>
  h.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: who,
    payload: {
      projectId,
      description: 'Record 50 Yoruba sentences',
      assigneeId: 'c1',
      priority: 'high',
      dueDate: '2026-11-20',
      ...over,
    },
  });

const state = (id: string, action: string, who = as('c1')) =>
  h.app.inject({ method: 'POST', url: `/api/tasks/${id}/state`, headers: who, payload: { action } });

beforeAll(async () => {
  h.accounts.set('m1', { name: 'Ada Manager', role: 'manager' });
  h.accounts.set('c1', { name: 'Chidi Contributor', role: 'contributor' });
  h.accounts.set('c2', { name: 'Dayo Contributor', role: 'contributor' });
  h.accounts.set('c3', { name: 'Emeka Outsider', role: 'contributor' });
});
beforeEach(async () => {
  await Promise.all([
    projects(h.db).deleteMany({}),
    tasks(h.db).deleteMany({}),
    notifications(h.db).deleteMany({}),
  ]);
  await h.clearActivity();
  h.setNow('2026-11-16T09:00:00Z');
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: manager,
    payload: {
      name: 'Yoruba Read Speech',
      client: 'Lagos University',
      languages: ['yo'],
      startDate: '2026-11-01',
      dueDate: '2026-11-30',
      targets: [{ kind: 'recordings', count: 100 }],
      memberIds: ['c1', 'c2'],
    },
  });
  projectId = res.json<ProjectDetail>().id;
  await notifications(h.db).deleteMany({});
});

describe('creating tasks', () => {
  test('a project manager assigns a member, who is told', async () => {
    const res = await createTask();
    expect(res.statusCode).toBe(201);
    expect(res.json<Task>()).toMatchObject({
      assignee: { id: 'c1', name: 'Chidi Contributor' },
      state: 'todo',
      overdue: false,
      quality: null,
      canManage: true,
      canAct: false,
    });
    const told = await notifications(h.db).find().toArray();
    expect(told).toMatchObject([{ userId: 'c1', kind: 'assignment', by: { id: 'm1' } }]);
  });

  test('the assignee must be a member; the project must be visible; only its managers create', async () => {
    const outsider = await createTask({ assigneeId: 'c3' });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json()).toMatchObject({ code: 'task.assignee_not_member' });
    const unseen = await createTask({}, as('m9', 'manager'));
    expect(unseen.statusCode).toBe(404);
    const contributor = await createTask({}, as('c1'));
    expect(contributor.statusCode).toBe(403);
    expect(await tasks(h.db).countDocuments()).toBe(0);
  });

  test('a blank or missing form field is SPEC’s “Please fill all fields.”, nothing stored', async () => {
    for (const over of [{ description: '   ' }, { assigneeId: undefined }, { dueDate: undefined }]) {
      const res = await createTask(over);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'task.fields_required', message: 'Please fill all fields.' });
    }
    const badPriority = await createTask({ priority: 'urgent' as never });
    expect(badPriority.json()).toMatchObject({ statusCode: 400, code: 'validation.failed' });
    expect(await tasks(h.db).countDocuments()).toBe(0);
  });
});

describe('who sees and acts on a task', () => {
  test('another person’s task is 404; its assignee and managers see it', async () => {
    const { id } = (await createTask()).json<Task>();
    expect((await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c1') })).json<Task>().canAct).toBe(
      true,
    );
    expect((await h.app.inject({ url: `/api/tasks/${id}`, headers: manager })).json<Task>().canManage).toBe(
      true,
    );
    const other = await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c2') });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'task.not_found' });
    expect((await h.app.inject({ url: '/api/tasks/nonsense', headers: as('c2') })).statusCode).toBe(404);
  });

  test('only the assignee starts it (403 for its manager); states move as allowed, else 409', async () => {
    const { id } = (await createTask()).json<Task>();
    const byManager = await state(id, 'start', manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ code: 'task.not_assignee' });
    expect((await state(id, 'pause')).statusCode).toBe(409);
    expect((await state(id, 'start')).json<Task>().state).toBe('active');
    expect((await state(id, 'start')).json()).toMatchObject({ code: 'task.state_conflict' });
    expect((await state(id, 'pause')).json<Task>().state).toBe('paused');
    expect((await state(id, 'start')).json<Task>().state).toBe('active');
    expect((await state(id, 'complete')).json<Task>().state).toBe('completed');
    expect((await tasks(h.db).findOne({}))!.completedAt).toEqual(new Date('2026-11-16T09:00:00Z'));
    expect((await state(id, 'complete')).statusCode).toBe(409);
    expect((await state(id, 'start')).statusCode).toBe(409);
  });

  test('managers edit it; reassigning tells the new assignee; others may not', async () => {
    const { id } = (await createTask()).json<Task>();
    await notifications(h.db).deleteMany({});
    const byContributor = await h.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      headers: as('c1'),
      payload: { priority: 'low' },
    });
    expect(byContributor.statusCode).toBe(403);
    const byOutsider = await h.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      headers: as('m9', 'manager'),
      payload: { priority: 'low' },
    });
    expect(byOutsider.statusCode).toBe(404);
    const notMember = await h.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      headers: manager,
      payload: { assigneeId: 'c3' },
    });
    expect(notMember.statusCode).toBe(422);
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      headers: manager,
      payload: { assigneeId: 'c2', priority: 'low' },
    });
    expect(res.json<Task>()).toMatchObject({
      assignee: { id: 'c2', name: 'Dayo Contributor' },
      priority: 'low',
    });
    expect(await notifications(h.db).find().toArray()).toMatchObject([{ userId: 'c2', kind: 'assignment' }]);
    expect((await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c1') })).statusCode).toBe(404);
  });

  test('a new due date earns a new reminder; a target can be dropped', async () => {
    const { id } = (await createTask({ target: { kind: 'sentences', count: 5 } })).json<Task>();
    await tasks(h.db).updateOne({}, { $set: { remindedAt: new Date('2026-11-19T01:00:00Z') } });
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      headers: manager,
      payload: { dueDate: '2026-11-25', target: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Task>().dueDate).toBe('2026-11-25');
    expect(res.json<Task>().target).toBeUndefined();
    const stored = await tasks(h.db).findOne({});
    expect(stored!.remindedAt).toBeUndefined();
    expect(stored!.target).toBeUndefined();
    const empty = await h.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      headers: manager,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('overdue, lists and counts', () => {
  test('a task is overdue from the midnight after its due date', async () => {
    const { id } = (await createTask({ dueDate: '2026-11-16' })).json<Task>();
    h.setNow('2026-11-16T23:59:59.999Z');
    expect((await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c1') })).json<Task>().overdue).toBe(
      false,
    );
    expect((await h.app.inject({ url: '/api/tasks/counts', headers: as('c1') })).json<TaskCounts>()).toEqual({
      active: 1,
      completed: 0,
      overdue: 0,
    });
    h.setNow('2026-11-17T00:00:00Z');
    expect((await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c1') })).json<Task>().overdue).toBe(
      true,
    );
    expect((await h.app.inject({ url: '/api/tasks/counts', headers: as('c1') })).json<TaskCounts>()).toEqual({
      active: 0,
      completed: 0,
      overdue: 1,
    });
    const overdue = await h.app.inject({ url: '/api/tasks?status=overdue', headers: as('c1') });
    expect(overdue.json<TaskPage>().items.map((t) => t.id)).toEqual([id]);
    expect(
      (await h.app.inject({ url: '/api/tasks?status=active', headers: as('c1') })).json<TaskPage>().total,
    ).toBe(0);
  });

  test('scopes, filters and pages on the server', async () => {
    await createTask({ description: 'Alpha recordings', priority: 'high', dueDate: '2026-11-18' });
    await createTask({ description: 'Beta review', priority: 'low', dueDate: '2026-11-19' });
    await createTask({ description: 'Gamma sentences', assigneeId: 'c2', dueDate: '2026-11-20' });
    const mine = (await h.app.inject({ url: '/api/tasks', headers: as('c1') })).json<TaskPage>();
    expect(mine.items.map((t) => t.description)).toEqual(['Alpha recordings', 'Beta review']);
    const managed = (
      await h.app.inject({ url: '/api/tasks?scope=managed', headers: manager })
    ).json<TaskPage>();
    expect(managed.total).toBe(3);
    expect(managed.items.every((t) => t.canManage)).toBe(true);
    const low = await h.app.inject({ url: '/api/tasks?scope=managed&priority=low', headers: manager });
    expect(low.json<TaskPage>().items.map((t) => t.description)).toEqual(['Beta review']);
    const q = await h.app.inject({ url: '/api/tasks?scope=managed&q=gAMMA', headers: manager });
    expect(q.json<TaskPage>().items.map((t) => t.description)).toEqual(['Gamma sentences']);
    const page2 = await h.app.inject({ url: '/api/tasks?scope=managed&pageSize=2&page=2', headers: manager });
    expect(page2.json<TaskPage>().items.map((t) => t.description)).toEqual(['Gamma sentences']);
    // A contributor manages nothing.
    expect(
      (await h.app.inject({ url: '/api/tasks?scope=managed', headers: as('c1') })).json<TaskPage>().total,
    ).toBe(0);
    const counts = await h.app.inject({ url: '/api/tasks/counts?scope=managed', headers: manager });
    expect(counts.json<TaskCounts>()).toEqual({ active: 3, completed: 0, overdue: 0 });
  });
});

describe('target progress and quality', () => {
  test('counts the assignee’s own decided items in the project’s languages; reached means completed', async () => {
    const { id } = (await createTask({ target: { kind: 'recordings', count: 10 } })).json<Task>();
    await h.record([
      { kind: 'recordings.validated', userId: 'c1', language: 'yo', at: '2026-11-16T10:00:00Z', count: 6 },
      { kind: 'recordings.rejected', userId: 'c1', language: 'yo', at: '2026-11-16T10:00:00Z', count: 2 },
      // Someone else's, another language, before the task existed: not counted.
      { kind: 'recordings.validated', userId: 'c2', language: 'yo', at: '2026-11-16T10:00:00Z', count: 50 },
      { kind: 'recordings.validated', userId: 'c1', language: 'en', at: '2026-11-16T10:00:00Z', count: 50 },
      { kind: 'recordings.validated', userId: 'c1', language: 'yo', at: '2026-11-15T10:00:00Z', count: 50 },
    ]);
    const read = async () =>
      (await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c1') })).json<Task>();
    expect(await read()).toMatchObject({
      target: { kind: 'recordings', count: 10, done: 6, percent: 60 },
      quality: 75,
      state: 'todo',
    });
    await h.record([
      { kind: 'recordings.validated', userId: 'c1', language: 'yo', at: '2026-11-17T10:00:00Z', count: 4 },
    ]);
    h.setNow('2026-11-17T11:00:00Z');
    expect(await read()).toMatchObject({ target: { done: 10, percent: 100 }, state: 'completed' });
    const stored = await tasks(h.db).findOne({});
    expect(stored).toMatchObject({ state: 'completed', completedAt: new Date('2026-11-17T11:00:00Z') });
  });

  test('without a target, quality weighs every kind; a reviews target has none', async () => {
    const plain = (await createTask()).json<Task>();
    const reviews = (await createTask({ target: { kind: 'reviews', count: 100 } })).json<Task>();
    await h.record([
      { kind: 'sentences.approved', userId: 'c1', language: 'yo', at: '2026-11-16T10:00:00Z', count: 3 },
      { kind: 'pairs.rejected', userId: 'c1', language: 'yo', at: '2026-11-16T10:00:00Z', count: 1 },
      { kind: 'reviews.given', userId: 'c1', language: 'yo', at: '2026-11-16T10:00:00Z', count: 7 },
      { kind: 'votes.given', userId: 'c1', language: 'yo', at: '2026-11-16T10:00:00Z', count: 5 },
    ]);
    const read = async (id: string) =>
      (await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c1') })).json<Task>();
    expect((await read(plain.id)).quality).toBe(75);
    expect(await read(reviews.id)).toMatchObject({ quality: null, target: { done: 12, percent: 12 } });
  });
});

describe('sharing', () => {
  test('Share with Team tells the project’s members but the sharer', async () => {
    const { id } = (await createTask()).json<Task>();
    await notifications(h.db).deleteMany({});
    const res = await h.app.inject({ method: 'POST', url: `/api/tasks/${id}/share/team`, headers: as('c1') });
    expect(res.json()).toEqual({ notified: 2 });
    const told = await notifications(h.db).find().toArray();
    expect(told.map((n) => [n.userId, n.kind, n.by?.id]).sort()).toEqual([
      ['c2', 'shared-task', 'c1'],
      ['m1', 'shared-task', 'c1'],
    ]);
    const stranger = await h.app.inject({
      method: 'POST',
      url: `/api/tasks/${id}/share/team`,
      headers: as('c2'),
    });
    expect(stranger.statusCode).toBe(404);
  });

  test('a public link works signed out, a new one replaces it, and revoking ends it', async () => {
    const { id } = (await createTask({ target: { kind: 'recordings', count: 10 } })).json<Task>();
    const first = await h.app.inject({
      method: 'POST',
      url: `/api/tasks/${id}/share/public`,
      headers: as('c1'),
    });
    const { token, url } = first.json<{ token: string; url: string }>();
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(url).toBe(`/shared/task?token=${token}`);
    expect(JSON.stringify(await tasks(h.db).findOne({}))).not.toContain(token);
    const seen = await h.app.inject({ url: `/api/public/tasks/${token}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<PublicTask>()).toMatchObject({
      description: 'Record 50 Yoruba sentences',
      project: 'Yoruba Read Speech',
      target: { done: 0, count: 10 },
    });
    expect(JSON.stringify(seen.json())).not.toContain('Chidi');
    expect((await h.app.inject({ url: `/api/tasks/${id}`, headers: as('c1') })).json<Task>().shared).toBe(
      true,
    );
    // Issued again: a fresh token; the old one stops working.
    const second = (
      await h.app.inject({ method: 'POST', url: `/api/tasks/${id}/share/public`, headers: manager })
    ).json<{ token: string }>();
    expect(second.token).not.toBe(token);
    expect((await h.app.inject({ url: `/api/public/tasks/${token}` })).statusCode).toBe(404);
    // Its creator (here the manager) or a manager revokes it; not the assignee who did not make this one.
    const byAssignee = await h.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${id}/share/public`,
      headers: as('c1'),
    });
    expect(byAssignee.statusCode).toBe(403);
    const revoked = await h.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${id}/share/public`,
      headers: manager,
    });
    expect(revoked.json()).toEqual({ revoked: true });
    const gone = await h.app.inject({ url: `/api/public/tasks/${second.token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'task.link_not_found' });
    expect((await h.app.inject({ url: `/api/public/tasks/${'x'.repeat(32)}` })).statusCode).toBe(404);
  });
});
