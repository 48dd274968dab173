import type { DashboardStats, Identity } from '@platform/contracts';
import { databaseOf, type ServiceApp } from '@platform/service-kit';
import { projects, visibleProjectsFilter } from '../projects/store';
import { projectFigures } from '../projects/project-view';
import { countByStatusCompleting } from '../tasks/task-view';

/**
 * /dashboard's cards: visible projects not completed; the caller's open tasks (active and overdue) and
 * completed ones; the languages of their projects and of their own contributions.
 */
export async function dashboardStats(app: ServiceApp, identity: Identity): Promise<DashboardStats> {
  const db = databaseOf(app);
  const now = app.now();
  const visibleProjects = projects(db)
    .find(visibleProjectsFilter(identity), {
      projection: { _id: 1, languages: 1, startDate: 1, dueDate: 1, targets: 1 },
    })
    .toArray();
  // The projects' figures are summed while the task counts and the person's languages are read.
  const [[visible, figures], counts, contributed] = await Promise.all([
    visibleProjects.then(async (found) => [found, await projectFigures(app.activity, found, now)] as const),
    countByStatusCompleting(db, app.activity, { assigneeId: identity.id }, now),
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
