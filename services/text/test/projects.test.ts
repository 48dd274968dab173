import type { ProjectDetail, ProjectInput, ProjectPage } from '@platform/contracts';
import { notifications } from '../src/notifications/store';
import { projects } from '../src/projects/store';
import { as, workspaceService } from './workspace-support';

const h = workspaceService('projects');

const input = (over: Partial<ProjectInput> = {}): ProjectInput => ({
  name: 'Yoruba Read Speech',
  client: 'Lagos University',
  description: 'Read speech for ASR',
  languages: ['yo', 'en'],
  startDate: '2026-11-01',
  dueDate: '2026-11-30',
  targets: [{ kind: 'recordings', language: 'yo', count: 100 }],
  memberIds: ['m1', 'c1'],
  ...over,
});

const create = async (over: Partial<ProjectInput> = {}, who = as('m1', 'manager')) =>
  h.app.inject({ method: 'POST', url: '/api/projects', headers: who, payload: input(over) });

beforeAll(() => {
  h.accounts.set('m1', { name: 'Ada Manager', role: 'manager' });
  h.accounts.set('m2', { name: 'Bola Manager', role: 'manager' });
  h.accounts.set('c1', { name: 'Chidi Contributor', role: 'contributor' });
  h.accounts.set('c2', { name: 'Dayo Contributor', role: 'contributor' });
});
beforeEach(async () => {
  await projects(h.db).deleteMany({});
  await notifications(h.db).deleteMany({});
  await h.clearActivity();
  h.setNow('2026-11-16T09:00:00Z');
});

describe('New Project', () => {
  test('a manager creates one: owner and member, members named by the directory, members told', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const project = res.json<ProjectDetail>();
    expect(project.owner).toEqual({ id: 'm1', name: 'Ada Manager' });
    expect(project.members).toEqual([
      { id: 'm1', name: 'Ada Manager' },
      { id: 'c1', name: 'Chidi Contributor' },
    ]);
    expect(project.canManage).toBe(true);
    expect(project.status).toBe('at-risk'); // 15 days run, nothing done
    const told = await notifications(h.db).find().toArray();
    expect(told.map((n) => [n.userId, n.kind])).toEqual([['c1', 'project-update']]);
  });

  test('a contributor may not create one', async () => {
    const res = await create({}, as('c1'));
    expect(res.statusCode).toBe(403);
    expect(await projects(h.db).countDocuments()).toBe(0);
  });

  test.each([
    [
      'a due date before the start',
      { startDate: '2026-11-10', dueDate: '2026-11-09' },
      'project.due_before_start',
    ],
    [
      'a target in another language',
      { targets: [{ kind: 'sentences' as const, language: 'ha' as const, count: 5 }] },
      'project.target_language',
    ],
    [
      'two targets of one kind and language',
      {
        targets: [
          { kind: 'sentences' as const, language: 'yo' as const, count: 5 },
          { kind: 'sentences' as const, language: 'yo' as const, count: 9 },
        ],
      },
      'project.target_repeated',
    ],
    ['a member without an account', { memberIds: ['c1', 'ghost'] }, 'project.member_unknown'],
  ])('refuses %s with 422, storing nothing', async (_label, over, code) => {
    const res = await create(over);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code });
    expect(await projects(h.db).countDocuments()).toBe(0);
  });

  test('names are unique whatever their case', async () => {
    expect((await create()).statusCode).toBe(201);
    const res = await create({ name: 'YORUBA read speech' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'project.name_taken' });
  });

  test('bad input is a 400', async () => {
    const res = await create({ languages: [] });
    expect(res.statusCode).toBe(400);
    expect((await create({ dueDate: '2026-02-30' })).statusCode).toBe(400);
    expect(await projects(h.db).countDocuments()).toBe(0);
  });
});

describe('reading and editing projects', () => {
  test('only members and admins see a project', async () => {
    const { id } = (await create()).json<ProjectDetail>();
    expect((await h.app.inject({ url: `/api/projects/${id}`, headers: as('c1') })).statusCode).toBe(200);
    const stranger = await h.app.inject({ url: `/api/projects/${id}`, headers: as('c2') });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'project.not_found' });
    expect((await h.app.inject({ url: `/api/projects/${id}`, headers: as('a1', 'admin') })).statusCode).toBe(
      200,
    );
    const list = await h.app.inject({ url: '/api/projects', headers: as('c2') });
    expect(list.json<ProjectPage>().total).toBe(0);
  });

  test('only its managers edit it; adding a member tells the members but not the editor', async () => {
    const { id } = (await create()).json<ProjectDetail>();
    const body = input({ memberIds: ['c1', 'c2', 'm2'] });
    const byMember = await h.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: as('m2', 'manager'),
      payload: body,
    });
    expect(byMember.statusCode).toBe(404); // not a member yet: not visible
    const byContributor = await h.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: as('c1'),
      payload: body,
    });
    expect(byContributor.statusCode).toBe(403);
    await notifications(h.db).deleteMany({});
    const res = await h.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: as('m1', 'manager'),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProjectDetail>().members.map((m) => m.id)).toEqual(['m1', 'c1', 'c2', 'm2']);
    const told = await notifications(h.db).find().toArray();
    expect(told.map((n) => n.userId).sort()).toEqual(['c1', 'c2', 'm2']);
    // A manager who is now a member manages it too.
    const detail = await h.app.inject({ url: `/api/projects/${id}`, headers: as('m2', 'manager') });
    expect(detail.json<ProjectDetail>().canManage).toBe(true);
    const asContributor = await h.app.inject({ url: `/api/projects/${id}`, headers: as('c1') });
    expect(asContributor.json<ProjectDetail>().canManage).toBe(false);
  });
});

describe('progress and status from activity counts', () => {
  test('targets count everyone’s decided items in the period and language; one sums call for a page', async () => {
    await create({
      targets: [
        { kind: 'recordings', language: 'yo', count: 100 },
        { kind: 'sentences', count: 10 },
      ],
    });
    await h.record([
      { kind: 'recordings.validated', userId: 'c1', language: 'yo', at: '2026-11-02T10:00:00Z', count: 30 },
      { kind: 'recordings.validated', userId: 'c2', language: 'yo', at: '2026-11-15T10:00:00Z', count: 20 },
      // Outside the language, or before the start: not counted.
      { kind: 'recordings.validated', userId: 'c1', language: 'en', at: '2026-11-02T10:00:00Z', count: 40 },
      { kind: 'recordings.validated', userId: 'c1', language: 'yo', at: '2026-10-31T10:00:00Z', count: 40 },
      { kind: 'sentences.approved', userId: 'c1', language: 'en', at: '2026-11-03T10:00:00Z', count: 10 },
    ]);
    const before = h.speechCalls();
    const page = (await h.app.inject({ url: '/api/projects', headers: as('c1') })).json<ProjectPage>();
    expect(h.speechCalls() - before).toBe(1);
    // (50% + 100%) / 2; 50 recordings in 15.375 days, 14.625 left: 97 projected, short of 100.
    expect(page.items[0]).toMatchObject({ progress: 75, status: 'at-risk' });
    const detail = await h.app.inject({ url: `/api/projects/${page.items[0]!.id}`, headers: as('c1') });
    expect(detail.json<ProjectDetail>().targets).toEqual([
      { kind: 'recordings', language: 'yo', count: 100, done: 50, percent: 50, projected: 97 },
      { kind: 'sentences', count: 10, done: 10, percent: 100, projected: 19 },
    ]);
    // Five more put the pace on track: 55 + 55 / 15.375 × 14.625 = 107.
    await h.record([
      { kind: 'recordings.validated', userId: 'c1', language: 'yo', at: '2026-11-16T08:00:00Z', count: 5 },
    ]);
    const again = (await h.app.inject({ url: '/api/projects', headers: as('c1') })).json<ProjectPage>();
    expect(again.items[0]).toMatchObject({ progress: 77, status: 'active' });
  });

  test('status on the list filter is computed, then filtered and paged', async () => {
    await create({ name: 'Done one', targets: [{ kind: 'donations', count: 1 }] });
    await create({
      name: 'Late one',
      startDate: '2026-10-01',
      dueDate: '2026-10-31',
      targets: [{ kind: 'donations', count: 1000 }],
    });
    await create({
      name: 'Future one',
      startDate: '2026-12-01',
      dueDate: '2026-12-31',
      targets: [{ kind: 'donations', count: 1000 }],
    });
    await h.record([
      { kind: 'donations.approved', userId: 'c1', language: 'yo', at: '2026-11-05T00:00:00Z' },
    ]);
    const status = async (s: string) =>
      (await h.app.inject({ url: `/api/projects?status=${s}`, headers: as('m1', 'manager') }))
        .json<ProjectPage>()
        .items.map((p) => p.name);
    expect(await status('completed')).toEqual(['Done one']);
    expect(await status('delayed')).toEqual(['Late one']);
    expect(await status('active')).toEqual(['Future one']);
    const q = await h.app.inject({ url: '/api/projects?q=LATE&language=yo', headers: as('m1', 'manager') });
    expect(q.json<ProjectPage>().items.map((p) => p.name)).toEqual(['Late one']);
    const paged = await h.app.inject({
      url: '/api/projects?pageSize=2&page=2',
      headers: as('m1', 'manager'),
    });
    expect(paged.json<ProjectPage>()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.json<ProjectPage>().items.map((p) => p.name)).toEqual(['Future one']);
  });
});
