import { ObjectId, type Db, type Document } from 'mongodb';
import { REVIEW_REJECT_REASONS, type Identity } from '@platform/contracts';
import { HttpError, utcDay, type CollectionIndexes } from '@platform/service-kit';
import { projects, visibleProjectsFilter, type ProjectDoc } from '../projects/store';
import { SENTENCES } from '../sentences/store';
import { TASKS, tasks } from '../tasks/store';
import { TEXT_PAIRS } from '../text-pairs/store';
import {
  decisionFigures,
  isRejectReason,
  QUALITY_FIGURES,
  REVIEW_QUALITY_DAILY,
  type ReviewQualityDayDoc,
  type TextQuality,
} from './quality-counts';
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

export const qualityDays = (db: Db) => db.collection<ReviewQualityDayDoc>(REVIEW_QUALITY_DAILY);

/** Counts a decision on its UTC day; called only by the update that settled the item, so once. */
export async function countDecision(
  db: Db,
  item: { status: 'validated' | 'rejected'; approvals?: number; rejections?: number },
  at: Date,
): Promise<void> {
  await qualityDays(db).updateOne(
    { _id: utcDay(at) },
    { $inc: { ...decisionFigures(item) } },
    { upsert: true },
  );
}

/** Counts a rejection's reason on its UTC day; called once the judgement is counted on its item. */
export async function countReason(db: Db, reason: string, at: Date): Promise<void> {
  if (!isRejectReason(reason)) return;
  await qualityDays(db).updateOne(
    { _id: utcDay(at) },
    { $inc: { [`reasons.${reason}`]: 1 } },
    { upsert: true },
  );
}

/**
 * The figures of the days in [start, end): one aggregation over the window's daily documents (by _id).
 * Reasons that were not given are left out.
 */
export async function textQuality(db: Db, window: { start: Date; end: Date }): Promise<TextQuality> {
  const sum = (field: string) => ({ $sum: { $ifNull: [`$${field}`, 0] } });
  const [row] = await qualityDays(db)
    .aggregate<Record<string, number>>([
      { $match: { _id: { $gte: window.start, $lt: window.end } } },
      {
        $group: {
          _id: null,
          ...Object.fromEntries(QUALITY_FIGURES.map((f) => [f, sum(f)])),
          ...Object.fromEntries(REVIEW_REJECT_REASONS.map((r) => [`reason_${r}`, sum(`reasons.${r}`)])),
        },
      },
    ])
    .toArray();
  const n = (field: string) => row?.[field] ?? 0;
  return {
    decided: n('decided'),
    approved: n('approved'),
    rejected: n('rejected'),
    votes: n('votes'),
    agreeing: n('agreeing'),
    reasons: REVIEW_REJECT_REASONS.map((reason) => ({ reason, count: n(`reason_${reason}`) })).filter(
      (r) => r.count > 0,
    ),
  };
}

/** What /analytics reads, built once per app (stores.ts). */
export function analyticsStore(db: Db) {
  return {
    visibleProject: (caller: Identity, id: string) => visibleProject(db, caller, id),
    taskCompletion: (caller: Identity, buckets: readonly Bucket[], project?: string) =>
      taskCompletion(db, caller, buckets, project),
    textQuality: (window: { start: Date; end: Date }) => textQuality(db, window),
  };
}

export type AnalyticsStore = ReturnType<typeof analyticsStore>;
