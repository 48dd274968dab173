import type { ActivityQuery, ProjectStatus, ProjectSummary, TargetProgress } from '@platform/contracts';
import type { ActivityReader } from '../activity/activity-reader';
import { dateToDay } from '../workspace/common';
import { targetActivity } from '../workspace/target-kinds';
import { dueEnd, projectProgress, projectStatus, targetOutcome } from './progress';
import type { ProjectDoc, StoredTarget } from './store';

export interface ProjectFigures {
  targets: TargetProgress[];
  progress: number;
  status: ProjectStatus;
}

/**
 * Progress and status of several projects from ONE activity sums call: each target counts everyone's
 * decided-good items of its kind, in its language (or the project's), over [startDate, dueDate + 1 day).
 * Targets asking the same sum share one query; a project that has not started yet has nothing to count.
 */
export async function projectFigures(
  activity: ActivityReader,
  list: readonly ProjectDoc[],
  now: Date,
): Promise<Map<string, ProjectFigures>> {
  /** By what they ask. */
  const queries = new Map<string, ActivityQuery>();
  const keyOf = (project: ProjectDoc, target: StoredTarget): string | null => {
    if (project.startDate.getTime() > now.getTime()) return null;
    const query: Omit<ActivityQuery, 'key'> = {
      kinds: targetActivity(target.kind),
      languages: target.language ? [target.language] : [...project.languages].sort(),
      from: project.startDate.toISOString(),
      to: dueEnd(project.dueDate).toISOString(),
    };
    const signature = JSON.stringify(query);
    // Keys stay short (the speech service takes at most 100 characters).
    if (!queries.has(signature)) queries.set(signature, { key: `q${queries.size}`, ...query });
    return queries.get(signature)!.key;
  };
  const keys = new Map(list.map((p) => [p, p.targets.map((t) => keyOf(p, t))]));
  const sums = queries.size > 0 ? await activity.sums([...queries.values()]) : new Map<string, number>();
  const figures = new Map<string, ProjectFigures>();
  for (const project of list) {
    const period = { startDate: project.startDate, dueDate: project.dueDate, now };
    const targetKeys = keys.get(project)!;
    const counted = project.targets.map((t, i) => {
      const key = targetKeys[i];
      return { ...t, done: key ? (sums.get(key) ?? 0) : 0 };
    });
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
