import type { ActivityQuery, ProjectStatus, ProjectSummary, TargetProgress } from '@platform/contracts';
import type { ActivityReader } from '../activity/activity-reader';
import { dateToDay } from '../workspace/common';
import { targetActivity } from '../workspace/target-kinds';
import { dueEnd, projectProgress, projectStatus, targetOutcome } from './progress';
import type { ProjectDoc } from './project-store';

export interface ProjectFigures {
  targets: TargetProgress[];
  progress: number;
  status: ProjectStatus;
}

const targetKey = (project: ProjectDoc, index: number) => `p:${project._id.toHexString()}:${index}`;

/**
 * Progress and status of several projects from ONE activity sums call: each target counts everyone's
 * decided-good items of its kind, in its language (or the project's), over [startDate, dueDate + 1 day).
 */
export async function projectFigures(
  activity: ActivityReader,
  list: readonly ProjectDoc[],
  now: Date,
): Promise<Map<string, ProjectFigures>> {
  const queries: ActivityQuery[] = list.flatMap((project) =>
    project.targets.map((target, i) => ({
      key: targetKey(project, i),
      kinds: targetActivity(target.kind),
      languages: target.language ? [target.language] : project.languages,
      from: project.startDate.toISOString(),
      to: dueEnd(project.dueDate).toISOString(),
    })),
  );
  const sums = queries.length > 0 ? await activity.sums(queries) : new Map<string, number>();
  const figures = new Map<string, ProjectFigures>();
  for (const project of list) {
    const period = { startDate: project.startDate, dueDate: project.dueDate, now };
    const counted = project.targets.map((t, i) => ({ ...t, done: sums.get(targetKey(project, i)) ?? 0 }));
    figures.set(project._id.toHexString(), {
      targets: counted.map((t) => ({
        kind: t.kind,
        ...(t.language ? { language: t.language } : {}),
        count: t.count,
        ...targetOutcome(t, period),
      })),
      progress: projectProgress(counted),
      status: projectStatus(counted, period),
    });
  }
  return figures;
}

export function projectSummary(project: ProjectDoc, figures: ProjectFigures): ProjectSummary {
  return {
    id: project._id.toHexString(),
    name: project.name,
    client: project.client,
    languages: project.languages,
    startDate: dateToDay(project.startDate),
    dueDate: dateToDay(project.dueDate),
    progress: figures.progress,
    status: figures.status,
    memberCount: project.memberIds.length,
    owner: project.owner,
  };
}
