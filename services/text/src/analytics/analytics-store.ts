import { ObjectId, type Db, type Document } from 'mongodb';
import type { Identity, LanguageCode, ReviewKind, TaskState } from '@platform/contracts';
import { HttpError, type CollectionIndexes } from '@platform/service-kit';
import { REVIEW_JUDGEMENTS } from '../review/review-store';
import { SENTENCES } from '../sentences/sentence-store';
import { TEXT_PAIRS } from '../text-pairs/pair-store';
import { bucketIndexExpr, type Bucket, type CompletionRow, type ReasonCount } from './series';

/** The projects' and tasks' collections (the projects part of the service writes them; analytics only reads). */
export const PROJECTS = 'projects';
export const TASKS = 'tasks';

interface ProjectScopeDoc {
  _id: ObjectId;
  languages: LanguageCode[];
  memberIds: string[];
}

interface TaskDueDoc {
  _id: ObjectId;
  projectId: ObjectId;
  dueDate: Date;
  state: TaskState;
}

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
  // Quality: the sentences and pairs decided in the period (only decided items carry decidedAt).
  { collection: SENTENCES, indexes: [{ key: { decidedAt: 1 }, name: 'decided_at', sparse: true }] },
  { collection: TEXT_PAIRS, indexes: [{ key: { decidedAt: 1 }, name: 'decided_at', sparse: true }] },
  // Quality: the reviews on each decided item (the $lookup's foreign field).
  { collection: REVIEW_JUDGEMENTS, indexes: [{ key: { itemId: 1 }, name: 'item' }] },
];

const projectId = (id: string): ObjectId => {
  if (id.length !== 24 || !ObjectId.isValid(id)) throw new HttpError(404, 'project.not_found');
  return new ObjectId(id);
};

/** Every project for an admin; a manager's: those they are a member of. */
const visibleFilter = (caller: Identity): Document =>
  caller.role === 'admin' ? {} : { memberIds: caller.id };

/** A project the caller may see, with its languages; 404 when there is none (or it is not theirs to see). */
export async function visibleProject(db: Db, caller: Identity, id: string): Promise<ProjectScopeDoc> {
  const project = await db
    .collection<ProjectScopeDoc>(PROJECTS)
    .findOne(
      { _id: projectId(id), ...visibleFilter(caller) },
      { projection: { languages: 1, memberIds: 1 } },
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
    const ids = await db
      .collection<ProjectScopeDoc>(PROJECTS)
      .find(visibleFilter(caller), { projection: { _id: 1 } })
      .map((p) => p._id)
      .toArray();
    if (ids.length === 0) return [];
    scope = { projectId: { $in: ids } };
  }
  const rows = await db
    .collection<TaskDueDoc>(TASKS)
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

export interface TextQuality {
  decided: number;
  approved: number;
  rejected: number;
  votes: number;
  agreeing: number;
  reasons: ReasonCount[];
}

/**
 * Sentences and pairs decided in [start, end), the reviews given on them (approvals and rejections; skips
 * are not reviews), how many agreed with the decision (an approval of a validated item, a rejection of a
 * rejected one), and the reasons of the rejections. One aggregation per kind, in MongoDB.
 */
export async function textQuality(db: Db, window: { start: Date; end: Date }): Promise<TextQuality> {
  const total: TextQuality = { decided: 0, approved: 0, rejected: 0, votes: 0, agreeing: 0, reasons: [] };
  const reasons = new Map<string, number>();
  for (const kind of ['sentence', 'pair'] as ReviewKind[]) {
    const [row] = await db
      .collection(kind === 'sentence' ? SENTENCES : TEXT_PAIRS)
      .aggregate<{
        decisions: Array<{ _id: string; n: number }>;
        votes: Array<{ _id: { verdict: string; status: string; reason?: string }; n: number }>;
      }>([
        {
          $match: {
            decidedAt: { $gte: window.start, $lt: window.end },
            status: { $in: ['validated', 'rejected'] },
          },
        },
        { $project: { status: 1 } },
        { $lookup: { from: REVIEW_JUDGEMENTS, localField: '_id', foreignField: 'itemId', as: 'j' } },
        {
          $facet: {
            decisions: [{ $group: { _id: '$status', n: { $sum: 1 } } }],
            votes: [
              { $unwind: '$j' },
              { $match: { 'j.kind': kind, 'j.verdict': { $in: ['approve', 'reject'] } } },
              {
                $group: {
                  _id: { verdict: '$j.verdict', status: '$status', reason: '$j.reason' },
                  n: { $sum: 1 },
                },
              },
            ],
          },
        },
      ])
      .toArray();
    for (const d of row?.decisions ?? []) {
      total.decided += d.n;
      if (d._id === 'validated') total.approved += d.n;
      else total.rejected += d.n;
    }
    for (const v of row?.votes ?? []) {
      total.votes += v.n;
      const agrees =
        (v._id.verdict === 'approve' && v._id.status === 'validated') ||
        (v._id.verdict === 'reject' && v._id.status === 'rejected');
      if (agrees) total.agreeing += v.n;
      if (v._id.verdict === 'reject' && v._id.reason) {
        reasons.set(v._id.reason, (reasons.get(v._id.reason) ?? 0) + v.n);
      }
    }
  }
  total.reasons = [...reasons].map(([reason, count]) => ({ reason, count }));
  return total;
}
