import { ObjectId, type Collection, type Db, type Document, type Filter, type UpdateFilter } from 'mongodb';
import type {
  LanguageCode,
  Person,
  TargetKind,
  TaskPriority,
  TaskState,
  TaskStatusFilter,
} from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';
import { DAY_MS } from '../projects/progress';
import { containsPattern, objectIdOrNull } from '../workspace/common';
import { prefixThenContains } from '../workspace/search-order';

export const TASKS = 'tasks';

export interface TaskDoc {
  _id: ObjectId;
  projectId: ObjectId;
  projectName: string;
  /** The project's languages, copied: a task's target counts contributions in them. */
  languages: LanguageCode[];
  description: string;
  assigneeId: string;
  assignee: Person;
  priority: TaskPriority;
  /** UTC midnight; open and past dueDate + 1 day = overdue. */
  dueDate: Date;
  state: TaskState;
  target?: { kind: TargetKind; count: number };
  createdBy: Person;
  createdAt: Date;
  updatedAt: Date;
  completedAt?: Date;
  /** Only the SHA-256 of the public link's token is kept. */
  publicLink?: { tokenHash: string; createdBy: string; createdAt: Date };
  /** When the due-soon reminder went out (once per task and due date). */
  remindedAt?: Date | null;
}

export const tasks = (db: Db): Collection<TaskDoc> => db.collection<TaskDoc>(TASKS);

export const TASK_INDEXES: CollectionIndexes = {
  collection: TASKS,
  indexes: [
    // A person's tasks (/tasks mine, counts, the dashboard), by state and due date.
    { key: { assigneeId: 1, state: 1, dueDate: 1 }, name: 'assignee_state_due' },
    // A project's tasks (/tasks managed, a project's counts), by state and due date.
    { key: { projectId: 1, state: 1, dueDate: 1 }, name: 'project_state_due' },
    // The reminder job: open tasks coming due that have not been reminded.
    { key: { state: 1, dueDate: 1, remindedAt: 1 }, name: 'state_due_reminded' },
    // A public link's task.
    { key: { 'publicLink.tokenHash': 1 }, name: 'public_link', sparse: true },
    // Erase: the tasks a person created.
    { key: { 'createdBy.id': 1 }, name: 'created_by' },
  ],
};

/** The last due date whose task is overdue at `now`: now ≥ dueDate + 1 day. */
const lastOverdueDay = (now: Date) => new Date(now.getTime() - DAY_MS);

export const isOverdue = (task: Pick<TaskDoc, 'state' | 'dueDate'>, now: Date) =>
  task.state !== 'completed' && now.getTime() >= task.dueDate.getTime() + DAY_MS;

/** The tasks a status filter means (SPEC's Active, Completed, Overdue), as a query. */
export function statusFilter(status: TaskStatusFilter, now: Date): Filter<TaskDoc> {
  switch (status) {
    case 'completed':
      return { state: 'completed' };
    case 'overdue':
      return { state: { $ne: 'completed' }, dueDate: { $lte: lastOverdueDay(now) } };
    default: // 'active'
      return { state: { $ne: 'completed' }, dueDate: { $gt: lastOverdueDay(now) } };
  }
}

/** Active, completed and overdue counts of the tasks a filter selects, in one aggregation. */
export async function countByStatus(
  db: Db,
  filter: Filter<TaskDoc>,
  now: Date,
): Promise<{ active: number; completed: number; overdue: number }> {
  const [row] = await tasks(db)
    .aggregate<{ active: number; completed: number; overdue: number }>([
      { $match: filter as Document },
      {
        $group: {
          _id: null,
          completed: { $sum: { $cond: [{ $eq: ['$state', 'completed'] }, 1, 0] } },
          overdue: {
            $sum: {
              $cond: [
                { $and: [{ $ne: ['$state', 'completed'] }, { $lte: ['$dueDate', lastOverdueDay(now)] }] },
                1,
                0,
              ],
            },
          },
          total: { $sum: 1 },
        },
      },
      {
        $project: {
          _id: 0,
          completed: 1,
          overdue: 1,
          active: { $subtract: ['$total', { $add: ['$completed', '$overdue'] }] },
        },
      },
    ])
    .toArray();
  return { active: row?.active ?? 0, completed: row?.completed ?? 0, overdue: row?.overdue ?? 0 };
}

/**
 * Whose tasks: every one, or those assigned to `assigneeId` and those of `projectIds` (either, when both are
 * given).
 */
export type TaskScope = 'all' | { assigneeId?: string; projectIds?: readonly ObjectId[] };

function scopeFilter(scope: TaskScope): Filter<TaskDoc> {
  if (scope === 'all') return {};
  const ofProjects: Filter<TaskDoc> | null = scope.projectIds
    ? { projectId: { $in: [...scope.projectIds] } }
    : null;
  if (scope.assigneeId === undefined) return ofProjects ?? {};
  if (!ofProjects || scope.projectIds!.length === 0) return { assigneeId: scope.assigneeId };
  return { $or: [{ assigneeId: scope.assigneeId }, ofProjects] };
}

/** What an id that cannot be a project's stands for: it matches no task. */
const NO_PROJECT = new ObjectId('000000000000000000000000');

/** The /tasks list's filters. */
export interface TaskListQuery {
  status?: TaskStatusFilter;
  priority?: TaskPriority;
  projectId?: string;
  q?: string;
}

/** Tasks: the lists and counts, one task, its edits and state, its public link, reminders, the top bar's search. */
export function taskStore(db: Db) {
  const collection = tasks(db);
  return {
    /** A page of a scope's tasks that match the list's filters, by due date, with how many match. */
    async listPage(
      scope: TaskScope,
      query: TaskListQuery,
      now: Date,
      skip: number,
      limit: number,
    ): Promise<{ total: number; items: TaskDoc[] }> {
      const parts: Filter<TaskDoc>[] = [scopeFilter(scope)];
      if (query.status) parts.push(statusFilter(query.status, now));
      if (query.priority) parts.push({ priority: query.priority });
      if (query.projectId) parts.push({ projectId: objectIdOrNull(query.projectId) ?? NO_PROJECT });
      if (query.q && query.q.trim()) {
        const pattern = containsPattern(query.q);
        parts.push({ $or: [{ description: pattern }, { projectName: pattern }] });
      }
      const filter: Filter<TaskDoc> = parts.length === 1 ? parts[0]! : { $and: parts };
      const [total, items] = await Promise.all([
        collection.countDocuments(filter),
        collection.find(filter).sort({ dueDate: 1, _id: 1 }).skip(skip).limit(limit).toArray(),
      ]);
      return { total, items };
    },

    /** A task by its id; null when there is none (or `id` cannot be one). */
    async get(id: string): Promise<TaskDoc | null> {
      const _id = objectIdOrNull(id);
      return _id ? collection.findOne({ _id }) : null;
    },

    /** The task a public link's token opens (by its hash: tokens are not stored). */
    byPublicLink: (tokenHash: string) => collection.findOne({ 'publicLink.tokenHash': tokenHash }),

    async create(fields: Omit<TaskDoc, '_id'>): Promise<TaskDoc> {
      const task: TaskDoc = { _id: new ObjectId(), ...fields };
      await collection.insertOne(task);
      return task;
    },

    /** Fields set and unset; the task after, or null when it is gone. */
    edit(id: ObjectId, set: Partial<TaskDoc>, unset: readonly (keyof TaskDoc)[]): Promise<TaskDoc | null> {
      const update: UpdateFilter<TaskDoc> = { $set: set };
      if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
      return collection.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' });
    },

    /**
     * Moves a task to `to`, only from one of `from`, so two clicks at once cannot both apply. The task after,
     * or null when it was not in one of them.
     */
    moveState: (
      id: ObjectId,
      from: readonly TaskState[],
      to: TaskState,
      now: Date,
    ): Promise<TaskDoc | null> =>
      collection.findOneAndUpdate(
        { _id: id, state: { $in: [...from] } },
        { $set: { state: to, updatedAt: now, ...(to === 'completed' ? { completedAt: now } : {}) } },
        { returnDocument: 'after' },
      ),

    async setPublicLink(id: ObjectId, link: NonNullable<TaskDoc['publicLink']>): Promise<void> {
      await collection.updateOne({ _id: id }, { $set: { publicLink: link } });
    },

    /** Revokes the link of this token hash; false when another link (or none) is there by now. */
    async revokePublicLink(id: ObjectId, tokenHash: string): Promise<boolean> {
      const result = await collection.updateOne(
        { _id: id, 'publicLink.tokenHash': tokenHash },
        { $unset: { publicLink: '' } },
      );
      return result.modifiedCount === 1;
    },

    /** Completes the tasks whose target is reached (those not completed meanwhile). */
    async completeReached(ids: readonly ObjectId[], now: Date): Promise<void> {
      await collection.updateMany(
        { _id: { $in: [...ids] }, state: { $ne: 'completed' } },
        { $set: { state: 'completed', completedAt: now, updatedAt: now } },
      );
    },

    /** A scope's open tasks with a target, the oldest due first. */
    openWithTarget: (scope: TaskScope, limit: number) =>
      collection
        .find({
          ...scopeFilter(scope),
          state: { $ne: 'completed' },
          target: { $exists: true },
        } as Filter<TaskDoc>)
        .sort({ dueDate: 1 })
        .limit(limit)
        .toArray(),

    /** See countByStatus. */
    countByStatus: (scope: TaskScope, now: Date) => countByStatus(db, scopeFilter(scope), now),

    /** Tasks keep their project's name and languages (lists and targets read them without a join). */
    async followProject(project: { _id: ObjectId; name: string; languages: LanguageCode[] }): Promise<void> {
      await collection.updateMany(
        { projectId: project._id },
        { $set: { projectName: project.name, languages: project.languages } },
      );
    },

    /** The top bar: a scope's tasks whose description matches, those starting with it first. */
    search: (scope: TaskScope, q: string) =>
      prefixThenContains(collection, scopeFilter(scope), ['description'], q, {
        projection: { _id: 1, description: 1, projectName: 1 },
        sort: { dueDate: 1, _id: 1 },
      }),

    /** A deleted account stays on its tasks as its pseudonym and DELETED_ACCOUNT_NAME. */
    async renamePerson(userId: string, pseudonym: string, name: string): Promise<void> {
      await Promise.all([
        collection.updateMany(
          { assigneeId: userId },
          { $set: { assigneeId: pseudonym, 'assignee.id': pseudonym, 'assignee.name': name } },
        ),
        collection.updateMany(
          { 'createdBy.id': userId },
          { $set: { 'createdBy.id': pseudonym, 'createdBy.name': name } },
        ),
        collection.updateMany(
          { 'publicLink.createdBy': userId },
          { $set: { 'publicLink.createdBy': pseudonym } },
        ),
      ]);
    },
  };
}

export type TaskStore = ReturnType<typeof taskStore>;
