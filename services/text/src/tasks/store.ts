import type { Collection, Db, Document, Filter, ObjectId } from 'mongodb';
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
