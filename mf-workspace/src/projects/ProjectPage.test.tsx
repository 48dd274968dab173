import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply } from '@platform/store/testing';
import type { FakeReply } from '@platform/store/testing';
import { ProjectPage } from './ProjectPage';
import { fakeGateway, lastQuery, projectDetail, task } from './testing';
import { pageUrl, projectsPage } from '@platform/contracts/client';

const project = projectDetail(1, { name: 'Lagos News', client: 'Radio Lagos', status: 'at-risk' });

function renderProject(reply: FakeReply = { body: project }, role: 'manager' | 'contributor' = 'manager') {
  const server = fakeGateway(role);
  server.on(`GET /api/projects/${project.id}`, reply);
  server.on('GET /api/tasks', { body: { items: [task(1)], total: 1, page: 1, pageSize: 20 } });
  server.on('GET /api/projects', { body: { items: [], total: 0, page: 1, pageSize: 100 } });
  return { ...renderWithPlatform(<ProjectPage />, { path: `/projects/view?id=${project.id}` }), server };
}

describe('Project page', () => {
  it('shows the project, its targets, members, task counts and its tasks', async () => {
    const { server } = renderProject();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lagos News' })).toBeInTheDocument();
    expect(screen.getByText('For Radio Lagos')).toBeInTheDocument();
    expect(screen.getByText('At Risk')).toBeInTheDocument();
    const targets = screen.getByRole('table', { name: 'Targets' });
    expect(within(targets).getByText('Recordings')).toBeInTheDocument();
    expect(within(targets).getByText('400 of 1,000')).toBeInTheDocument();
    expect(within(targets).getByText('900')).toBeInTheDocument();
    expect(screen.getByText('Alice Bello')).toBeInTheDocument();
    const counts = screen.getByLabelText('Tasks of this project');
    expect(within(counts).getByText('3')).toBeInTheDocument();
    expect(await screen.findByText('Record 50 sentences, batch 1')).toBeInTheDocument();
    expect(lastQuery(server, 'GET /api/tasks')).toEqual({
      projectId: project.id,
      scope: 'managed',
      page: '1',
      pageSize: '20',
    });
  });

  it('offers Edit (the same form, filled in) and New Task to those who manage it', async () => {
    const { user } = renderProject();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Project' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Lagos News');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'New Task' }));
    expect(screen.getByRole('heading', { name: 'Create a task' })).toBeInTheDocument();
  });

  it('offers neither to a member who does not manage it', async () => {
    renderProject({ body: { ...project, canManage: false } }, 'contributor');
    await screen.findByRole('heading', { level: 1, name: 'Lagos News' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Task' })).not.toBeInTheDocument();
  });

  it('says there is no such project on a 404', async () => {
    renderProject(errorReply(404, 'There is no such project.'));
    expect(await screen.findByText('There is no such project.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toHaveAttribute(
      'href',
      pageUrl(projectsPage),
    );
  });
});
