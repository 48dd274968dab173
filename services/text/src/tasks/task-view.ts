import type { ActivityKind, ActivityQuery, Identity, PublicTask, Task } from '@platform/contracts';
import { utcDay } from '@platform/service-kit';
import type { ActivityReader } from '../activity/activity-reader';
import { dueEnd, percentOf } from '../projects/progress';
import { dateToDay } from '../workspace/common';
import { ALL_REJECTED, ALL_VALIDATED, targetActivity, targetRejected } from '../workspace/target-kinds';
import { isOverdue, type TaskDoc, type TaskScope, type TaskStore } from './store';

export interface TaskFigures {
  target?: { kind: NonNullable<TaskDoc['target']>['kind']; count: number; done: number; percent: number };
  quality: number | null;
}

/** The kinds a task's quality weighs: its target's kind, every contribution kind without one, none for reviews. */
function qualityKinds(task: TaskDoc): { good: ActivityKind[]; bad: ActivityKind[] } | null {
  if (!task.target) return { good: ALL_VALIDATED, bad: ALL_REJECTED };
  const bad = targetRejected(task.target.kind);
  return bad ? { good: targetActivity(task.target.kind), bad } : null;
}

/**
 * Target progress and quality of several tasks from ONE activity sums call: the assignee's own counts, in the
 * project's languages, from the task's creation day to its due date + 1 day. A task whose target is reached is
 * completed here (stored, completedAt = now), so every screen that reads it agrees.
 */
export async function taskFigures(
  tasks: TaskStore,
  activity: ActivityReader,
  list: TaskDoc[],
  now: Date,
): Promise<Map<string, TaskFigures>> {
  const queries: ActivityQuery[] = [];
  for (const task of list) {
    const id = task._id.toHexString();
    const base = {
      userId: task.assigneeId,
      languages: task.languages,
      from: utcDay(task.createdAt).toISOString(),
      to: dueEnd(task.dueDate).toISOString(),
    };
    const quality = qualityKinds(task);
    if (quality) {
      queries.push({ key: `${id}:good`, kinds: quality.good, ...base });
      queries.push({ key: `${id}:bad`, kinds: quality.bad, ...base });
    }
    // A contribution target's count is its quality's good side; only reviews need their own sum.
    if (task.target?.kind === 'reviews') {
      queries.push({ key: `${id}:done`, kinds: targetActivity('reviews'), ...base });
    }
  }
  const sums = queries.length > 0 ? await activity.sums(queries) : new Map<string, number>();
  const figures = new Map<string, TaskFigures>();
  const reached: TaskDoc[] = [];
  for (const task of list) {
    const id = task._id.toHexString();
    const good = sums.get(`${id}:good`) ?? 0;
    const bad = sums.get(`${id}:bad`) ?? 0;
    const decided = good + bad;
    const quality = qualityKinds(task) && decided > 0 ? Math.floor((good * 100) / decided) : null;
    let target: TaskFigures['target'];
    if (task.target) {
      const done = task.target.kind === 'reviews' ? (sums.get(`${id}:done`) ?? 0) : good;
      target = { ...task.target, done, percent: percentOf(done, task.target.count) };
      if (done >= task.target.count && task.state !== 'completed') reached.push(task);
    }
    figures.set(id, { ...(target ? { target } : {}), quality });
  }
  if (reached.length > 0) {
    await tasks.completeReached(
      reached.map((t) => t._id),
      now,
    );
    for (const task of reached) Object.assign(task, { state: 'completed', completedAt: now, updatedAt: now });
  }
  return figures;
}

/** How many open tasks with a target one count looks at before counting (the oldest due first). */
const REACHED_CHECK_MAX = 200;

/**
 * Active, completed and overdue counts that agree with the lists: the open tasks with a target that the
 * scope selects are first checked (taskFigures completes those whose target is reached), so a card does
 * not say 'pending' for a task its list would show completed.
 */
export async function countByStatusCompleting(
  tasks: TaskStore,
  activity: ActivityReader,
  scope: TaskScope,
  now: Date,
): Promise<{ active: number; completed: number; overdue: number }> {
  const open = await tasks.openWithTarget(scope, REACHED_CHECK_MAX);
  if (open.length > 0) await taskFigures(tasks, activity, open, now);
  return tasks.countByStatus(scope, now);
}

export function toTask(
  task: TaskDoc,
  figures: TaskFigures,
  identity: Identity,
  canManage: boolean,
  now: Date,
): Task {
  return {
    id: task._id.toHexString(),
    project: { id: task.projectId.toHexString(), name: task.projectName },
    description: task.description,
    assignee: task.assignee,
    priority: task.priority,
    dueDate: dateToDay(task.dueDate),
    state: task.state,
    overdue: isOverdue(task, now),
    ...(figures.target ? { target: figures.target } : {}),
    quality: figures.quality,
    shared: !!task.publicLink,
    createdBy: task.createdBy,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    canAct: task.assigneeId === identity.id,
    canManage,
  };
}

/** What the public link shows: the task's progress, no person's name. */
export function toPublicTask(task: TaskDoc, figures: TaskFigures, now: Date): PublicTask {
  return {
    description: task.description,
    project: task.projectName,
    languages: task.languages,
    priority: task.priority,
    dueDate: dateToDay(task.dueDate),
    state: task.state,
    overdue: isOverdue(task, now),
    ...(figures.target ? { target: figures.target } : {}),
    quality: figures.quality,
    updatedAt: task.updatedAt.toISOString(),
  };
}
