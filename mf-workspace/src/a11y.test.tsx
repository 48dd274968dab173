// axe-core on the dashboard, projects, project, tasks and shared task pages with answers in them (the e2e
// suite runs it on every route of the built platform; this one needs no services): no serious or critical
// violation. Colour contrast needs a real layout engine, so it stays with the e2e suite.
import { screen } from '@testing-library/react';
import { renderWithPlatform, seriousViolations } from '@platform/remote-kit/testing';
import routes from './routes';
import { answerEverything, pagesWithData } from './projects/testing';
import { dashboardPage, pageUrl, projectsPage } from '@platform/contracts/client';

describe('accessibility (axe-core) of the workspace pages with their data', () => {
  it.each(pagesWithData)('%s: no serious or critical violation', async (path, shown) => {
    answerEverything();
    renderWithPlatform(routes, { path });
    expect((await screen.findAllByText(shown)).length).toBeGreaterThan(0);
    expect(await seriousViolations()).toEqual([]);
  });
});

it('would catch a violation: an unnamed button fails the check', async () => {
  answerEverything();
  renderWithPlatform(routes, { path: pageUrl(dashboardPage) });
  await screen.findAllByText('Active Projects');
  document.body.insertAdjacentHTML('beforeend', '<button data-probe></button>');
  expect((await seriousViolations()).join()).toMatch(/^button-name/);
  document.querySelector('[data-probe]')?.remove();
});

it('the New Project form passes the check too, with its errors shown', async () => {
  answerEverything();
  const { user } = renderWithPlatform(routes, { path: pageUrl(projectsPage) });
  await user.click(await screen.findByRole('button', { name: 'New Project' }));
  await user.click(screen.getByRole('button', { name: 'Create Project' }));
  expect(await seriousViolations()).toEqual([]);
});
