import { ObjectId, type Db, type Document } from 'mongodb';
import type { Identity } from '@platform/contracts';
import { HttpError, type CollectionIndexes } from '@platform/service-kit';
import { projects, visibleProjectsFilter, type ProjectDoc } from '../projects/store';
import { REVIEW_JUDGEMENTS } from '../review/store';
import { SENTENCES } from '../sentences/store';
import { TASKS, tasks } from '../tasks/store';
import { TEXT_PAIRS } from '../text-pairs/store';
import { bucketIndexExpr, type Bucket, type CompletionRow } from './series';

/** The indexes analytics reads through, each naming the query it serves. */
export const ANALYTICS_INDEXES: CollectionIndexes[] = [
  {
    collection: TASKS,
    indexes: [
      // Task completion for one project or a manager's projects: projectId (∈ ids), dueDate in the period.
      { key: { projectId: 1, dueDate: 1 }, name: 'project_due' },
      // Task completion over every project (admins): dueDate in the period.
      { key: { dueDate: 1 }, name: 'due' },
    ],
  },
  // The quality figures' rebuild (activity/backfill.ts): the sentences and pairs decided before its cutoff.
  { collection: SENTENCES, indexes: [{ key: { status: 1, decidedAt: 1 }, name: 'status_decided_at' }] },
  { collection: TEXT_PAIRS, indexes: [{ key: { status: 1, decidedAt: 1 }, name: 'status_decided_at' }] },
  // The quality figures' rebuild: the reasons of the rejections given before its cutoff.
  { collection: REVIEW_JUDGEMENTS, indexes: [{ key: { verdict: 1, at: 1 }, name: 'verdict_at' }] },
];

const projectId = (id: string): ObjectId => {
  if (id.length !== 24 || !ObjectId.isValid(id)) throw new HttpError(404, 'project.not_found');
  return new ObjectId(id);
};

/** A project the caller may see, with its languages; 404 when there is none (or it is not theirs to see). */
export async function visibleProject(
  db: Db,
  caller: Identity,
  id: string,
): Promise<Pick<ProjectDoc, '_id' | 'languages'>> {
  const project = await projects(db).findOne(
    { _id: projectId(id), ...visibleProjectsFilter(caller) },
    { projection: { languages: 1 } },
  );
  if (!project) throw new HttpError(404, 'project.not_found');
  return project;
}

/**
 * Of the tasks due in each bucket (dueDate in [start, end)), how many there are and how many are completed:
 * one project's, or those of every project the caller may see. One aggregation: the period's range through
 * the (projectId, dueDate) or (dueDate) index, each task given its bucket by a $switch, then grouped.
 */
export async function taskCompletion(
  db: Db,
  caller: Identity,
  buckets: readonly Bucket[],
  project?: string,
): Promise<CompletionRow[]> {
  if (buckets.length === 0) return [];
  let scope: Document = {};
  if (project !== undefined) {
    scope = { projectId: (await visibleProject(db, caller, project))._id };
  } else if (caller.role !== 'admin') {
    const ids = await projects(db)
      .find(visibleProjectsFilter(caller), { projection: { _id: 1 } })
      .map((p) => p._id)
      .toArray();
    if (ids.length === 0) return [];
    scope = { projectId: { $in: ids } };
  }
  const rows = await tasks(db)
    .aggregate<{ _id: number; due: number; completed: number }>([
      { $match: { ...scope, dueDate: { $gte: buckets[0]!.start, $lt: buckets[buckets.length - 1]!.end } } },
      {
        $group: {
          _id: bucketIndexExpr('$dueDate', buckets),
          due: { $sum: 1 },
          completed: { $sum: { $cond: [{ $eq: ['$state', 'completed'] }, 1, 0] } },
        },
      },
    ])
    .toArray();
  return rows.filter((r) => r._id >= 0).map((r) => ({ bucket: r._id, due: r.due, completed: r.completed }));
}

export { textQuality, type TextQuality } from './quality-counts';
