import { screen, waitFor, within } from '@testing-library/react';
import type { ProjectInput, ProjectSummary } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { ProjectsPage } from './ProjectsPage';
import { fakeGateway, lastQuery, people, projectDetail, projectSummary, type Role } from './testing';
import { pageUrl, projectsPage } from '@platform/contracts/client';

function renderProjects({
  role = 'manager',
  path = pageUrl(projectsPage),
  stored = [
    projectSummary(1, { name: 'Lagos News', status: 'active', progress: 40 }),
    projectSummary(2, { name: 'Kano Radio', status: 'at-risk', progress: 10 }),
    projectSummary(3, { name: 'Enugu Stories', status: 'delayed', progress: 5 }),
    projectSummary(4, { name: 'Ibadan Market', status: 'completed', progress: 100 }),
  ],
  configure,
}: {
  role?: Role;
  path?: string;
  stored?: ProjectSummary[];
  configure?: (server: FakeServer) => void;
} = {}) {
  const server = fakeGateway(role);
  server.on('GET /api/projects', (r) => {
    const status = r.search.get('status');
    const items = stored.filter((p) => !status || p.status === status);
    return { body: { items, total: items.length, page: 1, pageSize: 20 } };
  });
  server.on('GET /api/people', (r) => ({
    body: {
      items: [people.alice, people.bayo]
        .filter((p) => p.name.toLowerCase().includes((r.search.get('q') ?? '').toLowerCase()))
        .map((p) => ({ ...p, username: null })),
    },
  }));
  server.on('POST /api/projects', (r) => ({
    status: 201,
    body: projectDetail(9, { name: (r.json as ProjectInput).name }),
  }));
  server.on(`GET /api/projects/${projectDetail(9).id}`, { body: projectDetail(9) });
  configure?.(server);
  return { ...renderWithPlatform(<ProjectsPage />, { path }), server };
}

const table = () => screen.getByRole('table', { name: 'Projects' });
const rowOf = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryByText(name))!;

describe('Projects', () => {
  it("shows the SPEC's columns, each row's progress bar and the status badge words", async () => {
    const { server } = renderProjects();
    await screen.findByText('Lagos News');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Project', 'Languages', 'Progress', 'Status', 'Due Date', 'View']);
    const lagos = rowOf('Lagos News');
    expect(within(lagos).getByText('On Track')).toBeInTheDocument();
    expect(within(lagos).getByText('Yorùbá, Hausa')).toBeInTheDocument();
    expect(within(lagos).getByRole('progressbar', { name: 'Progress of Lagos News' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(lagos).getByRole('link', { name: 'View Lagos News' })).toHaveAttribute(
      'href',
      `/projects/view?id=${projectSummary(1).id}`,
    );
    expect(within(rowOf('Kano Radio')).getByText('At Risk')).toBeInTheDocument();
    expect(within(rowOf('Enugu Stories')).getByText('Delayed')).toBeInTheDocument();
    expect(within(rowOf('Ibadan Market')).getByText('Completed')).toBeInTheDocument();
    expect(lastQuery(server, 'GET /api/projects')).toEqual({ page: '1', pageSize: '20' });
  });

  it('sends the filters to the server and keeps them in the URL', async () => {
    const { server, user, location } = renderProjects();
    await screen.findByText('Lagos News');
    await user.selectOptions(screen.getByLabelText('Status'), 'at-risk');
    await user.selectOptions(screen.getByLabelText('Language'), 'ig');
    await user.type(screen.getByLabelText('Words'), 'radio');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(location()).toBe(pageUrl(projectsPage, { q: 'radio', status: 'at-risk', language: 'ig' }));
    expect(lastQuery(server, 'GET /api/projects')).toEqual({
      q: 'radio',
      status: 'at-risk',
      language: 'ig',
      page: '1',
      pageSize: '20',
    });
  });

  it('opens filtered from the URL', async () => {
    const { server } = renderProjects({ path: pageUrl(projectsPage, { status: 'delayed' }) });
    expect(await screen.findByText('Enugu Stories')).toBeInTheDocument();
    expect(screen.queryByText('Lagos News')).not.toBeInTheDocument();
    expect(lastQuery(server, 'GET /api/projects')).toMatchObject({ status: 'delayed' });
  });

  it('hides New Project from a contributor, and says who may create one', async () => {
    renderProjects({ role: 'contributor' });
    expect(await screen.findByText('Only managers and admins can create projects.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Project' })).not.toBeInTheDocument();
  });

  it('says so when there are no projects', async () => {
    renderProjects({ stored: [] });
    expect(await screen.findByText('No projects yet.')).toBeInTheDocument();
  });

  describe('New Project', () => {
    async function fillIn(user: ReturnType<typeof renderProjects>['user']) {
      await user.click(await screen.findByRole('button', { name: 'New Project' }));
      const dialog = screen.getByRole('dialog', { name: 'New Project' });
      await user.type(within(dialog).getByLabelText(/^Name/), 'Abuja Voices');
      await user.type(within(dialog).getByLabelText(/^Client/), 'Radio Nigeria');
      await user.type(within(dialog).getByLabelText('Description'), 'Everyday speech.');
      await user.click(within(dialog).getByLabelText('Yorùbá'));
      await user.click(within(dialog).getByLabelText('Hausa'));
      const start = within(dialog).getByLabelText(/^Start date/);
      await user.clear(start);
      await user.type(start, '2026-12-01');
      await user.type(within(dialog).getByLabelText(/^Due date/), '2027-03-31');
      const target = within(dialog).getByRole('group', { name: 'Target 1' });
      await user.selectOptions(within(target).getByLabelText('Kind'), 'sentences');
      await user.selectOptions(within(target).getByLabelText('Language'), 'ha');
      await user.type(within(target).getByLabelText('Count'), '500');
      await user.type(within(dialog).getByLabelText(/^Find people/), 'bay');
      await user.click(await within(dialog).findByRole('button', { name: 'Add Bayo Ade' }));
      return dialog;
    }

    it('sends the form as the declared body and opens the new project', async () => {
      const { server, user, location } = renderProjects();
      const dialog = await fillIn(user);
      expect(within(dialog).getByText('Bayo Ade')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
      expect(await screen.findByText('Project created.')).toBeInTheDocument();
      expect(server.calls('POST /api/projects')[0]!.json).toEqual({
        name: 'Abuja Voices',
        client: 'Radio Nigeria',
        description: 'Everyday speech.',
        languages: ['yo', 'ha'],
        startDate: '2026-12-01',
        dueDate: '2027-03-31',
        targets: [{ kind: 'sentences', language: 'ha', count: 500 }],
        memberIds: [people.bayo.id],
      });
      await waitFor(() => expect(location()).toBe(`/projects/view?id=${projectDetail(9).id}`));
    });

    it("shows the server's refusal of a taken name at the name", async () => {
      const { user } = renderProjects({
        configure: (server) =>
          server.on('POST /api/projects', errorReply(409, 'A project with this name already exists.')),
      });
      const dialog = await fillIn(user);
      await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
      expect(await within(dialog).findByText('A project with this name already exists.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    });

    it("shows the server's 422 in words", async () => {
      const { user } = renderProjects({
        configure: (server) =>
          server.on(
            'POST /api/projects',
            errorReply(422, 'A target’s language must be one of the project’s languages.'),
          ),
      });
      const dialog = await fillIn(user);
      await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'A target’s language must be one of the project’s languages.',
      );
    });

    it('refuses a due date before the start and a form without a target, sending nothing', async () => {
      const { server, user } = renderProjects();
      const dialog = await fillIn(user);
      const due = within(dialog).getByLabelText(/^Due date/);
      await user.clear(due);
      await user.type(due, '2026-11-15');
      await user.click(within(dialog).getByRole('button', { name: 'Remove target 1' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
      expect(within(dialog).getByText('The due date must not be before the start date.')).toBeInTheDocument();
      expect(within(dialog).getByText('Please add at least one target.')).toBeInTheDocument();
      expect(server.calls('POST /api/projects')).toHaveLength(0);
    });
  });
});
