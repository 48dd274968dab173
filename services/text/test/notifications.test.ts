import { ObjectId } from 'mongodb';
import { SERVICE_IDENTITIES, type DigestClaim, type NotificationPage } from '@platform/contracts';
import { signedAs } from '@platform/service-kit/testing';
import { sendReminders } from '../src/notifications/reminders';
import { notifications, notify } from '../src/notifications/store';
import { tasks, type TaskDoc } from '../src/tasks/store';
import { as, workspaceService } from './workspace-support';

const h = workspaceService('notifications');
const gateway = signedAs(SERVICE_IDENTITIES.gateway);
const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  await Promise.all([notifications(h.db).deleteMany({}), tasks(h.db).deleteMany({})]);
});

describe('in-app notifications', () => {
  test('one’s own, newest first, paged, with the unread count; marking read', async () => {
    const project = { id: 'p1', name: 'Yoruba Read Speech' };
    await notify(h.db, {
      userIds: ['u1', 'u2'],
      kind: 'project-update',
      project,
      now: at('2026-11-16T09:00:00Z'),
    });
    await notify(h.db, {
      userIds: ['u1'],
      kind: 'shared-task',
      project,
      by: { id: 'u3', name: 'Ife' },
      now: at('2026-11-16T10:00:00Z'),
    });
    await notify(h.db, { userIds: ['u1'], kind: 'assignment', project, now: at('2026-11-16T11:00:00Z') });
    const first = await h.app.inject({ url: '/api/notifications?pageSize=2', headers: as('u1') });
    const page = first.json<NotificationPage>();
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(page.items.map((n) => n.kind)).toEqual(['assignment', 'shared-task']);
    expect(page.items[1]).toMatchObject({ by: { id: 'u3', name: 'Ife' }, project, read: false });
    const read = await h.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: as('u1'),
      payload: { ids: [page.items[0]!.id] },
    });
    expect(read.json()).toEqual({ unread: 2 });
    // Someone else's ids touch nothing of theirs.
    const u2 = (
      await h.app.inject({ url: '/api/notifications', headers: as('u2') })
    ).json<NotificationPage>();
    await h.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: as('u1'),
      payload: { ids: [u2.items[0]!.id] },
    });
    expect(
      (await h.app.inject({ url: '/api/notifications', headers: as('u2') })).json<NotificationPage>().unread,
    ).toBe(1);
    const all = await h.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: as('u1'),
      payload: {},
    });
    expect(all.json()).toEqual({ unread: 0 });
  });

  test('signed out is 401', async () => {
    expect((await h.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('the digest’s internals', () => {
  test('recipients are those with unmailed notifications; a claim never returns an item twice', async () => {
    const now = at('2026-11-16T09:00:00Z');
    await notify(h.db, { userIds: ['u1', 'u2'], kind: 'assignment', now });
    await notify(h.db, { userIds: ['u1'], kind: 'project-update', now });
    const recipients = await h.app.inject({ url: '/internal/digest/recipients', headers: gateway });
    expect(recipients.json()).toEqual({ userIds: ['u1', 'u2'] });
    // Two gateways claim at once: each notification goes to exactly one of them.
    const claim = () =>
      h.app.inject({
        method: 'POST',
        url: '/internal/users/u1/digest',
        headers: gateway,
        payload: { kinds: ['assignment', 'project-update'] },
      });
    const [a, b] = await Promise.all([claim(), claim()]);
    const items = [...a.json<DigestClaim>().items, ...b.json<DigestClaim>().items];
    expect(items.map((n) => n.kind).sort()).toEqual(['assignment', 'project-update']);
    expect((await claim()).json()).toEqual({ items: [] });
    expect((await h.app.inject({ url: '/internal/digest/recipients', headers: gateway })).json()).toEqual({
      userIds: ['u2'],
    });
  });

  test('kinds not wanted by mail are passed over for good, not returned', async () => {
    const now = at('2026-11-16T09:00:00Z');
    await notify(h.db, { userIds: ['u1'], kind: 'assignment', now });
    await notify(h.db, { userIds: ['u1'], kind: 'reminder', now });
    const res = await h.app.inject({
      method: 'POST',
      url: '/internal/users/u1/digest',
      headers: gateway,
      payload: { kinds: ['reminder'] },
    });
    expect(res.json<DigestClaim>().items.map((n) => n.kind)).toEqual(['reminder']);
    expect((await h.app.inject({ url: '/internal/digest/recipients', headers: gateway })).json()).toEqual({
      userIds: [],
    });
  });

  test('a person may not call the internals', async () => {
    expect(
      (await h.app.inject({ url: '/internal/digest/recipients', headers: as('u1', 'admin') })).statusCode,
    ).toBe(403);
  });
});

describe('reminders', () => {
  const task = (over: Partial<TaskDoc>): TaskDoc => ({
    _id: new ObjectId(),
    projectId: new ObjectId(),
    projectName: 'Yoruba Read Speech',
    languages: ['yo'],
    description: 'Record',
    assigneeId: 'u1',
    assignee: { id: 'u1', name: 'One' },
    priority: 'high',
    dueDate: at('2026-11-16T00:00:00Z'),
    state: 'active',
    createdBy: { id: 'm1', name: 'Manager' },
    createdAt: at('2026-11-01T00:00:00Z'),
    updatedAt: at('2026-11-01T00:00:00Z'),
    ...over,
  });

  test('one reminder per open task whose due day ends within the window, however often the job runs', async () => {
    await tasks(h.db).insertMany([
      task({ description: 'due today' }),
      task({ description: 'due tomorrow', dueDate: at('2026-11-17T00:00:00Z') }),
      task({ description: 'overdue', dueDate: at('2026-11-15T00:00:00Z') }),
      task({ description: 'done', state: 'completed' }),
    ]);
    const now = at('2026-11-16T09:00:00Z');
    // Two processes at once, then again later: still one reminder.
    const [a, b] = await Promise.all([sendReminders(h.db, now), sendReminders(h.db, now)]);
    expect(a + b).toBe(1);
    expect(await sendReminders(h.db, at('2026-11-16T12:00:00Z'))).toBe(0);
    const sent = await notifications(h.db).find().toArray();
    expect(sent.map((n) => [n.userId, n.kind, n.task?.description])).toEqual([
      ['u1', 'reminder', 'due today'],
    ]);
    // The next day, tomorrow's task comes due.
    expect(await sendReminders(h.db, at('2026-11-17T00:30:00Z'))).toBe(1);
  });
});
