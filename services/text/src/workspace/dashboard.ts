import type { DashboardStats, Identity } from '@platform/contracts';
import type { ServiceApp } from '@platform/service-kit';
import { projectFigures } from '../projects/project-view';
import type { TextStores } from '../stores';
import { countByStatusCompleting } from '../tasks/task-view';

/**
 * /dashboard's cards: visible projects not completed; the caller's open tasks (active and overdue) and
 * completed ones; the languages of their projects and of their own contributions.
 */
export async function dashboardStats(
  app: ServiceApp,
  stores: TextStores,
  identity: Identity,
): Promise<DashboardStats> {
  const now = app.now();
  const visibleProjects = stores.projects.forDashboard(identity);
  // The projects' figures are summed while the task counts and the person's languages are read.
  const [[visible, figures], counts, contributed] = await Promise.all([
    visibleProjects.then(async (found) => [found, await projectFigures(app.activity, found, now)] as const),
    countByStatusCompleting(stores.tasks, app.activity, { assigneeId: identity.id }, now),
    app.activity.languages(identity.id),
  ]);
  const languages = [...new Set([...visible.flatMap((p) => p.languages), ...contributed])].sort();
  return {
    activeProjects: visible.filter((p) => figures.get(p._id.toHexString())!.status !== 'completed').length,
    pendingTasks: counts.active + counts.overdue,
    completedTasks: counts.completed,
    languagesCovered: languages.length,
    languages,
  };
}
