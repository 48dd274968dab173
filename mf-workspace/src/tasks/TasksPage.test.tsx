import { screen, waitFor, within } from '@testing-library/react';
import type { Task, TaskStateBody } from '@platform/contracts';
import { useNavigate } from '@platform/router';
import { pageUrl, sharedTaskPage, tasksPage } from '@platform/contracts/client';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { fakeGateway, lastQuery, projectDetail, projectSummary, task, type Role } from '../projects/testing';
import { TasksPage } from './TasksPage';

function renderTasks({
  role = 'manager',
  path = pageUrl(tasksPage),
  stored = [task(1), task(2, { state: 'active', priority: 'low', quality: null, target: undefined })],
  configure,
}: {
  role?: Role;
  path?: string;
  stored?: Task[];
  configure?: (server: FakeServer) => void;
} = {}) {
  const server = fakeGateway(role);
  server.on('GET /api/tasks', (r) => {
    const status = r.search.get('status');
    const items = stored.filter((t) => !status || (status === 'completed') === (t.state === 'completed'));
    return { body: { items, total: items.length, page: 1, pageSize: 20 } };
  });
  server.on('GET /api/tasks/counts', { body: { active: 5, completed: 20, overdue: 2 } });
  server.on('GET /api/projects', {
    body: { items: [projectSummary(1, { name: 'Lagos News' })], total: 1, page: 1, pageSize: 100 },
  });
  server.on(`GET /api/projects/${projectSummary(1).id}`, { body: projectDetail(1) });
  server.on('POST /api/tasks', (r) => ({ status: 201, body: task(9, r.json as Partial<Task>) }));
  for (const t of stored) {
    server.on(`POST /api/tasks/${t.id}/state`, (r) => {
      const { action } = r.json as TaskStateBody;
      t.state = action === 'start' ? 'active' : action === 'pause' ? 'paused' : 'completed';
      return { body: t };
    });
    server.on(`POST /api/tasks/${t.id}/share/team`, { body: { notified: 3 } });
    server.on(`POST /api/tasks/${t.id}/share/public`, () => {
      t.shared = true;
      return {
        body: {
          token: 'tok_abcdefghijklmnopqrstuv',
          url: pageUrl(sharedTaskPage, { token: 'tok_abcdefghijklmnopqrstuv' }),
        },
      };
    });
    server.on(`DELETE /api/tasks/${t.id}/share/public`, () => {
      t.shared = false;
      return { body: { revoked: true } };
    });
  }
  configure?.(server);
  return {
    ...renderWithPlatform(
      <>
        <TasksPage />
        <BrowserBack />
      </>,
      { path },
    ),
    server,
  };
}

function BrowserBack() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>Browser back</button>;
}

const table = () => screen.getByRole('table', { name: 'Tasks' });
const rowOf = (description: string) =>
  within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryByText(description))!;

describe('Tasks', () => {
  it('shows the summary cards from the server, not hard-coded figures', async () => {
    renderTasks();
    const cards = screen.getByRole('region', { name: 'Task summary' });
    expect(await within(cards).findByText('5')).toBeInTheDocument();
    expect(within(cards).getByText('20')).toBeInTheDocument();
    expect(within(cards).getByText('2')).toBeInTheDocument();
  });

  it('lists the tasks with project, assignee, priority, state, target progress and quality', async () => {
    renderTasks();
    const first = rowOf(await screen.findByText('Record 50 sentences, batch 1').then((n) => n.textContent!));
    expect(within(first).getByText('Project 1')).toBeInTheDocument();
    expect(within(first).getByText('Bayo Ade')).toBeInTheDocument();
    expect(within(first).getByText('High')).toBeInTheDocument();
    expect(within(first).getByText('To do')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    expect(within(first).getByText('85%')).toBeInTheDocument();
    const second = rowOf('Record 50 sentences, batch 2');
    expect(within(second).getByText('Nothing decided yet')).toBeInTheDocument();
    expect(within(second).getByText('Active')).toBeInTheDocument();
  });

  it('marks an overdue task', async () => {
    renderTasks({ stored: [task(1, { overdue: true, state: 'active' })] });
    const row = rowOf(await screen.findByText('Record 50 sentences, batch 1').then((n) => n.textContent!));
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
  });

  it('/tasks?status=completed asks the server for completed tasks', async () => {
    const { server } = renderTasks({ path: pageUrl(tasksPage, { status: 'completed' }) });
    await waitFor(() => expect(server.calls('GET /api/tasks').length).toBeGreaterThan(0));
    expect(lastQuery(server, 'GET /api/tasks')).toEqual({ status: 'completed', page: '1', pageSize: '20' });
    expect(screen.getByLabelText('Status')).toHaveValue('completed');
  });

  it('sends the filters to the server and into the URL; managers switch to the tasks they manage', async () => {
    const { server, user, location } = renderTasks();
    await screen.findByText('Record 50 sentences, batch 1');
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    const project = screen.getByLabelText('Project');
    await within(project).findByRole('option', { name: 'Lagos News' });
    await user.selectOptions(project, projectSummary(1).id);
    await user.click(screen.getByLabelText('Tasks I manage'));
    await user.type(screen.getByLabelText('Words'), 'batch{Enter}');
    expect(location()).toBe(`/tasks?priority=high&project=${projectSummary(1).id}&q=batch&scope=managed`);
    expect(lastQuery(server, 'GET /api/tasks')).toEqual({
      priority: 'high',
      projectId: projectSummary(1).id,
      q: 'batch',
      scope: 'managed',
      page: '1',
      pageSize: '20',
    });
    expect(lastQuery(server, 'GET /api/tasks/counts')).toEqual({ scope: 'managed' });
  });

  it('goes back to the view before, the search box showing its words again', async () => {
    const { user, location } = renderTasks({ path: pageUrl(tasksPage, { q: 'batch' }) });
    const words = screen.getByLabelText('Words');
    expect(words).toHaveValue('batch');
    await user.clear(words);
    await user.type(words, 'record{Enter}');
    expect(location()).toBe(pageUrl(tasksPage, { q: 'record' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(location()).toBe(pageUrl(tasksPage, { status: 'completed', q: 'record' }));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByLabelText('Status')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe(pageUrl(tasksPage, { q: 'batch' }));
    expect(words).toHaveValue('batch');
  });

  describe('the create-task form', () => {
    it("says 'Please fill all fields.' on an empty submit and sends nothing", async () => {
      const { server, user } = renderTasks();
      await user.click(await screen.findByRole('button', { name: 'Create Task' }));
      expect(await screen.findByText('Please fill all fields.')).toBeInTheDocument();
      expect(server.calls('POST /api/tasks')).toHaveLength(0);
    });

    it("sends the task, the assignee chosen from the project's members", async () => {
      const { server, user } = renderTasks();
      const form = (await screen.findByRole('heading', { name: 'Create a task' })).closest('section')!;
      await user.selectOptions(await within(form).findByLabelText(/^Project/), projectSummary(1).id);
      const assignee = within(form).getByLabelText(/^Assignee/);
      await within(assignee).findByRole('option', { name: 'Bayo Ade' });
      await user.selectOptions(assignee, projectDetail(1).members[1]!.id);
      await user.selectOptions(within(form).getByLabelText(/^Priority/), 'medium');
      await user.type(within(form).getByLabelText(/^Due date/), '2099-01-31');
      await user.type(within(form).getByLabelText(/^Description/), 'Validate 100 clips');
      await user.selectOptions(within(form).getByLabelText('Target (optional)'), 'reviews');
      await user.type(within(form).getByLabelText('Target count'), '100');
      await user.click(within(form).getByRole('button', { name: 'Create Task' }));
      expect(await screen.findByText('Task created.')).toBeInTheDocument();
      expect(server.calls('POST /api/tasks')[0]!.json).toEqual({
        projectId: projectSummary(1).id,
        description: 'Validate 100 clips',
        assigneeId: projectDetail(1).members[1]!.id,
        priority: 'medium',
        dueDate: '2099-01-31',
        target: { kind: 'reviews', count: 100 },
      });
    });

    it('reads Creating... while it sends', async () => {
      let answer: (value: { status: number; body: unknown }) => void = () => {};
      const { user } = renderTasks({
        configure: (server) =>
          server.on('POST /api/tasks', () => new Promise((resolve) => (answer = resolve))),
      });
      const form = (await screen.findByRole('heading', { name: 'Create a task' })).closest('section')!;
      await user.selectOptions(await within(form).findByLabelText(/^Project/), projectSummary(1).id);
      const assignee = within(form).getByLabelText(/^Assignee/);
      await within(assignee).findByRole('option', { name: 'Bayo Ade' });
      await user.selectOptions(assignee, projectDetail(1).members[1]!.id);
      await user.selectOptions(within(form).getByLabelText(/^Priority/), 'low');
      await user.type(within(form).getByLabelText(/^Due date/), '2099-01-31');
      await user.type(within(form).getByLabelText(/^Description/), 'Write sentences');
      await user.click(within(form).getByRole('button', { name: 'Create Task' }));
      expect(await within(form).findByRole('button', { name: 'Creating...' })).toBeDisabled();
      answer({ status: 201, body: task(9) });
      expect(await within(form).findByRole('button', { name: 'Create Task' })).toBeEnabled();
    });

    it('is not shown to a contributor', async () => {
      renderTasks({ role: 'contributor' });
      await screen.findByText('Record 50 sentences, batch 1');
      expect(screen.queryByRole('button', { name: 'Create Task' })).not.toBeInTheDocument();
    });
  });

  describe('row actions', () => {
    it('Start and Pause call the state endpoint', async () => {
      const { server, user } = renderTasks();
      await user.click(await screen.findByRole('button', { name: 'Start: “Record 50 sentences, batch 1”' }));
      expect(await screen.findByText('Task started.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Pause: “Record 50 sentences, batch 2”' }));
      expect(await screen.findByText('Task paused.')).toBeInTheDocument();
      expect(server.calls(`POST /api/tasks/${task(1).id}/state`)[0]!.json).toEqual({ action: 'start' });
      expect(server.calls(`POST /api/tasks/${task(2).id}/state`)[0]!.json).toEqual({ action: 'pause' });
    });

    it('the assignee marks a started task done', async () => {
      const { server, user } = renderTasks();
      await screen.findByText('Record 50 sentences, batch 1');
      expect(
        screen.queryByRole('button', { name: 'Mark done: “Record 50 sentences, batch 1”' }),
      ).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Mark done: “Record 50 sentences, batch 2”' }));
      expect(await screen.findByText('Task completed.')).toBeInTheDocument();
      expect(server.calls(`POST /api/tasks/${task(2).id}/state`)[0]!.json).toEqual({ action: 'complete' });
    });

    it("shows the server's refusal of a state change in words", async () => {
      const { user } = renderTasks({
        configure: (server) =>
          server.on(
            `POST /api/tasks/${task(1).id}/state`,
            errorReply(409, 'The task cannot do that from its current state.'),
          ),
      });
      await user.click(await screen.findByRole('button', { name: 'Start: “Record 50 sentences, batch 1”' }));
      expect(await screen.findByText('The task cannot do that from its current state.')).toBeInTheDocument();
    });

    it('offers Start or Pause only to the assignee; sharing to whoever sees the task', async () => {
      renderTasks({ stored: [task(1, { canAct: false, canManage: true })] });
      const row = rowOf(await screen.findByText('Record 50 sentences, batch 1').then((n) => n.textContent!));
      expect(within(row).queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: /^Pause/ })).not.toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /^Share with Team: / })).toBeInTheDocument();
    });

    it('Share with Team says how many were notified', async () => {
      const { server, user } = renderTasks();
      await user.click(
        await screen.findByRole('button', { name: 'Share with Team: “Record 50 sentences, batch 1”' }),
      );
      expect(await screen.findByText('3 team members were notified.')).toBeInTheDocument();
      expect(server.calls(`POST /api/tasks/${task(1).id}/share/team`)).toHaveLength(1);
    });

    it('Share Publicly shows the link to copy, and Revoke revokes it', async () => {
      const { server, user } = renderTasks();
      await user.click(
        await screen.findByRole('button', { name: 'Share Publicly: “Record 50 sentences, batch 1”' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Public link' });
      expect(within(dialog).getByLabelText('Link')).toHaveValue(
        'http://localhost/shared/task?token=tok_abcdefghijklmnopqrstuv',
      );
      const copied = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValueOnce(undefined);
      await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
      expect(copied).toHaveBeenCalledWith('http://localhost/shared/task?token=tok_abcdefghijklmnopqrstuv');
      expect(await screen.findByText('Link copied.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
      expect(await screen.findByText('The public link was revoked.')).toBeInTheDocument();
      expect(server.calls(`DELETE /api/tasks/${task(1).id}/share/public`)).toHaveLength(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
