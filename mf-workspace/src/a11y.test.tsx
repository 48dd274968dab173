// axe-core on the dashboard, projects, project, tasks and shared task pages with answers in them (the e2e
// suite runs it on every route of the built platform; this one needs no services): no serious or critical
// violation. Colour contrast needs a real layout engine, so it stays with the e2e suite.
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import routes from './routes';
import { fakeGateway, hex, people, projectDetail, projectSummary, task } from './projects/testing';

const token = 'tok_abcdefghijklmnopqrstuv';

function answerEverything() {
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
const pages: Array<[string, string]> = [
  ['/dashboard', 'Active Projects'],
  ['/projects', 'Project 2'],
  [`/projects/view?id=${projectSummary(1).id}`, 'Read news sentences aloud.'],
  ['/tasks', 'Record 50 sentences, batch 2'],
  [`/shared/task?token=${token}`, 'Project 1'],
];

async function seriousViolations() {
  const results = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('accessibility (axe-core) of the workspace pages with their data', () => {
  it.each(pages)('%s: no serious or critical violation', async (path, shown) => {
    answerEverything();
    renderWithPlatform(routes, { path });
    expect((await screen.findAllByText(shown)).length).toBeGreaterThan(0);
    expect(await seriousViolations()).toEqual([]);
  });
});

it('would catch a violation: an unnamed button fails the check', async () => {
  answerEverything();
  renderWithPlatform(routes, { path: '/dashboard' });
  await screen.findAllByText('Active Projects');
  document.body.insertAdjacentHTML('beforeend', '<button data-probe></button>');
  expect((await seriousViolations()).join()).toMatch(/^button-name/);
  document.querySelector('[data-probe]')?.remove();
});

it('the New Project form passes the check too, with its errors shown', async () => {
  answerEverything();
  const { user } = renderWithPlatform(routes, { path: '/projects' });
  await user.click(await screen.findByRole('button', { name: 'New Project' }));
  await user.click(screen.getByRole('button', { name: 'Create Project' }));
  expect(await seriousViolations()).toEqual([]);
});
