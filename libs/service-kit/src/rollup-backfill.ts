import { randomUUID } from 'node:crypto';
import type { AnyBulkWriteOperation, Db, Document } from 'mongodb';
import { ACTIVE_CONTRIBUTOR_DAYS } from '@platform/contracts';
import {
  ACTIVE_PEOPLE_COLLECTION,
  ACTIVITY_TOTALS_COLLECTION,
  activityCollection,
  ALL_PEOPLE,
  CONTRIBUTION_KINDS,
  utcDay,
  utcMonth,
  type ActivityDoc,
  type ActivityGranularity,
} from './activity';
import { ignoreDuplicateKey } from './duplicate-key';
import { takeLease } from './lease';

/**
 * The one-off rebuild of roll-ups (the activity counts and a service's daily quality figures) from what was
 * stored before they were kept live. A marker document per rebuild holds its cutoff: everything before it is
 * counted here, everything at or after it by the live counting, never both. Of several processes one at a time
 * holds the marker's lease and none rebuilds once the marker is done. Each roll-up document records the share
 * the rebuild added to it (`backfilled`) and a later run adds only the difference, so a rebuild taken over
 * after its process stopped half-way counts nothing twice, and what was counted live in the same documents is
 * kept.
 */
export const BACKFILL_MARKERS = 'activity_backfill';
/** A rebuild that stops renewing its lease for this long is taken over by another process. */
export const BACKFILL_LEASE_MS = 10 * 60_000;
const WRITE_BATCH = 1000;
const READY_POLL_MS = 200;

export interface BackfillMarkerDoc {
  _id: string;
  cutoff: Date;
  /** Absent on markers written before it was kept: those are done once they have `doneAt`. */
  state?: 'pending' | 'done';
  owner?: string;
  leaseUntil?: Date;
  doneAt?: Date;
  /** Roll-up documents written. */
  written?: number;
}

/** A marker still to rebuild (older markers have no state: done means `doneAt`). */
const PENDING = {
  state: { $ne: 'done' as const },
  $nor: [{ state: { $exists: false }, doneAt: { $exists: true } }],
};

/** A stored collection and the aggregation turning what it held before `cutoff` into roll-up rows. */
export interface RollupSource {
  collection: string;
  pipeline: (cutoff: Date) => Document[];
}

/** The activity rows an activity source's pipeline yields (activityRows builds its last stages). */
export type ActivityRow = Omit<ActivityDoc, 'seconds'> & { seconds?: number };

export interface RollupPlan {
  /** The marker's _id: a later rebuild of another kind takes another one. */
  marker: string;
  /** Run once the lease is held, before the sources are read (e.g. dating past decisions). Must be repeatable. */
  prepare?: (db: Db) => Promise<void>;
  /** Sources of ActivityRow, counted daily and monthly, under their person and under ALL_PEOPLE. */
  activity?: readonly RollupSource[];
  /**
   * Daily figures kept in `collection`, one document per UTC day (`_id`). Each source yields rows shaped as
   * those documents (`_id` the day, numbers, or objects of numbers such as `reasons`); rows of one day add up.
   * `figures` declares every field (dotted, `reasons.noise`) a row may hold: each is written, zeros included.
   */
  quality?: { collection: string; figures: readonly string[]; sources: readonly RollupSource[] };
  /**
   * Sources of ActivityRow (as `activity`) counted into the people's documents: each person's lifetime totals,
   * and the active people of the days a window of ACTIVE_CONTRIBUTOR_DAYS can still reach from the cutoff on
   * (older days are never read). A plan of its own where the activity rows were rebuilt before these were kept.
   */
  people?: readonly RollupSource[];
}

/** The UTC midnight of a date field, in an aggregation. */
export const utcDayOf = (field: string) => ({
  $dateFromParts: { year: { $year: field }, month: { $month: field }, day: { $dayOfMonth: field } },
});

/** The last stages of an activity source: its documents grouped into ActivityRow by these expressions. */
export const activityRows = (
  key: { kind: unknown; userId: unknown; language: unknown; day: unknown },
  seconds: unknown = 0,
): Document[] => [
  { $group: { _id: key, count: { $sum: 1 }, seconds: { $sum: seconds } } },
  {
    $project: {
      _id: 0,
      kind: '$_id.kind',
      userId: '$_id.userId',
      language: '$_id.language',
      day: '$_id.day',
      count: 1,
      seconds: 1,
    },
  },
];

/**
 * The last stages of a quality source counting reasons: `{ _id: day, [field]: { [reason]: n } }` rows. The
 * object is built from a [key, value] pair: the embedded test server reads the `{ k, v }` form as empty.
 */
export const reasonDays = (day: unknown, reason: unknown, field = 'reasons'): Document[] => [
  { $group: { _id: { day, reason }, n: { $sum: 1 } } },
  { $project: { _id: '$_id.day', [field]: { $arrayToObject: [[['$_id.reason', '$n']]] } } },
];

/**
 * What an earlier run added to a document's field: its `backfilled` share; on documents written before the
 * share was kept as an object, a number there is the count's share, and a `backfill` tag naming this
 * marker means the whole row was added.
 */
const earlierShare = (marker: string, path: string, n: number) => ({
  $switch: {
    branches: [
      { case: { $eq: [{ $type: '$backfilled' }, 'object'] }, then: { $ifNull: [`$backfilled.${path}`, 0] } },
      { case: { $isNumber: '$backfilled' }, then: path === 'count' ? '$backfilled' : 0 },
      { case: { $eq: ['$backfill', marker] }, then: n },
    ],
    default: 0,
  },
});

/** Each field becomes what it holds, plus this run's share, minus an earlier run's; the share is recorded. */
function shareUpdate(marker: string, share: ReadonlyMap<string, number>): Document[] {
  const set: Document = {};
  const recorded: Document = {};
  for (const [path, n] of share) {
    set[path] = {
      $add: [{ $ifNull: [`$${path}`, 0] }, n, { $multiply: [-1, earlierShare(marker, path, n)] }],
    };
    const parts = path.split('.');
    let at = recorded;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Document;
    at[parts[parts.length - 1]!] = n;
  }
  // Recorded in a second stage, so the first reads the earlier share whatever the order of evaluation.
  return [{ $set: set }, { $set: { backfilled: { $literal: recorded } } }];
}

const keyOf = (r: Pick<ActivityDoc, 'kind' | 'userId' | 'language' | 'day'>) =>
  `${r.kind}\u0000${r.userId}\u0000${r.language}\u0000${r.day.getTime()}`;

/** Every row under its person and under ALL_PEOPLE, on its day and in its month. */
async function activityTotals(db: Db, plan: RollupPlan, cutoff: Date, renew: () => Promise<void>) {
  const totals: Record<ActivityGranularity, Map<string, ActivityDoc>> = { day: new Map(), month: new Map() };
  const add = (granularity: ActivityGranularity, row: ActivityDoc) => {
    const key = keyOf(row);
    const sum = totals[granularity].get(key);
    if (sum) {
      sum.count += row.count;
      sum.seconds += row.seconds;
    } else totals[granularity].set(key, { ...row });
  };
  for (const { collection, pipeline } of plan.activity ?? []) {
    const rows = db.collection(collection).aggregate<ActivityRow>(pipeline(cutoff), { allowDiskUse: true });
    for await (const row of rows) {
      for (const userId of [row.userId, ALL_PEOPLE]) {
        const counted = { ...row, userId, seconds: row.seconds ?? 0 };
        add('day', counted);
        add('month', { ...counted, day: utcMonth(row.day) });
      }
    }
    await renew();
  }
  return totals;
}

/** A quality row's figures by dotted path; a figure the plan did not declare is a mistake in the pipeline. */
function figuresOf(row: Document, declared: ReadonlySet<string>): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'number') {
      if (!declared.has(path)) throw new Error(`rollup backfill: undeclared quality figure ${path}`);
      out.push([path, value]);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
    }
  };
  for (const [k, v] of Object.entries(row)) if (k !== '_id') walk(v, k);
  return out;
}

async function qualityDays(db: Db, plan: RollupPlan, cutoff: Date, renew: () => Promise<void>) {
  const days = new Map<number, { day: Date; share: Map<string, number> }>();
  const quality = plan.quality;
  if (!quality) return days;
  const declared = new Set(quality.figures);
  for (const { collection, pipeline } of quality.sources) {
    const rows = db.collection(collection).aggregate<Document>(pipeline(cutoff), { allowDiskUse: true });
    for await (const row of rows) {
      const day = row._id as Date;
      const entry = days.get(day.getTime()) ?? {
        day,
        share: new Map(quality.figures.map((f) => [f, 0])),
      };
      days.set(day.getTime(), entry);
      for (const [path, n] of figuresOf(row, declared)) entry.share.set(path, entry.share.get(path)! + n);
    }
    await renew();
  }
  return days;
}

const DAY_MS = 86_400_000;

/** Each person's lifetime totals, and the recent days' active people, from the plan's people sources. */
async function peopleShares(db: Db, plan: RollupPlan, cutoff: Date, renew: () => Promise<void>) {
  const totals = new Map<
    string,
    { key: Omit<ActivityDoc, 'day' | 'count' | 'seconds'>; share: Map<string, number> }
  >();
  const days = new Map<number, Map<string, number>>();
  const firstDay = utcDay(new Date(cutoff.getTime() - (ACTIVE_CONTRIBUTOR_DAYS + 1) * DAY_MS)).getTime();
  for (const { collection, pipeline } of plan.people ?? []) {
    const rows = db.collection(collection).aggregate<ActivityRow>(pipeline(cutoff), { allowDiskUse: true });
    for await (const row of rows) {
      if (row.userId === ALL_PEOPLE) continue;
      const key = `${row.kind}\u0000${row.userId}\u0000${row.language}`;
      const total = totals.get(key) ?? {
        key: { kind: row.kind, userId: row.userId, language: row.language },
        share: new Map([
          ['count', 0],
          ['seconds', 0],
        ]),
      };
      total.share.set('count', total.share.get('count')! + row.count);
      total.share.set('seconds', total.share.get('seconds')! + (row.seconds ?? 0));
      totals.set(key, total);
      if (CONTRIBUTION_KINDS.includes(row.kind) && row.day.getTime() >= firstDay) {
        const day = days.get(row.day.getTime()) ?? new Map<string, number>();
        const path = `people.${row.userId}`;
        day.set(path, (day.get(path) ?? 0) + row.count);
        days.set(row.day.getTime(), day);
      }
    }
    await renew();
  }
  return { totals, days };
}

async function writeInBatches(
  db: Db,
  collection: string,
  ops: AnyBulkWriteOperation<Document>[],
  renew: () => Promise<void>,
) {
  for (let i = 0; i < ops.length; i += WRITE_BATCH) {
    // A failed write fails the run: the next run adds only what is missing.
    await db.collection(collection).bulkWrite(ops.slice(i, i + WRITE_BATCH), { ordered: false });
    await renew();
  }
}

/**
 * The rebuild itself, without marker or lease (a process holding the lease calls it; tests call it again to
 * show a repeat adds nothing): everything before `cutoff` added to the roll-ups. `renew` is called between
 * steps. Answers the roll-up documents written.
 */
export async function rebuildRollups(
  db: Db,
  plan: RollupPlan,
  cutoff: Date,
  renew: () => Promise<void>,
): Promise<number> {
  await plan.prepare?.(db);
  await renew();
  let written = 0;
  const totals = await activityTotals(db, plan, cutoff, renew);
  for (const granularity of ['day', 'month'] as const) {
    const ops = [...totals[granularity].values()].map(({ count, seconds, ...key }) => ({
      updateOne: {
        filter: key,
        update: shareUpdate(
          plan.marker,
          new Map([
            ['count', count],
            ['seconds', seconds],
          ]),
        ),
        upsert: true,
      },
    }));
    await writeInBatches(db, activityCollection(db, granularity).collectionName, ops, renew);
    written += ops.length;
  }
  const days = await qualityDays(db, plan, cutoff, renew);
  if (plan.quality) {
    const ops = [...days.values()].map(({ day, share }) => ({
      updateOne: { filter: { _id: day }, update: shareUpdate(plan.marker, share), upsert: true },
    }));
    await writeInBatches(db, plan.quality.collection, ops, renew);
    written += ops.length;
  }
  if (plan.people) {
    const { totals, days } = await peopleShares(db, plan, cutoff, renew);
    const totalOps = [...totals.values()].map(({ key, share }) => ({
      updateOne: { filter: key, update: shareUpdate(plan.marker, share), upsert: true },
    }));
    await writeInBatches(db, ACTIVITY_TOTALS_COLLECTION, totalOps, renew);
    const dayOps = [...days].map(([day, share]) => ({
      updateOne: { filter: { _id: new Date(day) }, update: shareUpdate(plan.marker, share), upsert: true },
    }));
    await writeInBatches(db, ACTIVE_PEOPLE_COLLECTION, dayOps, renew);
    written += totalOps.length + dayOps.length;
  }
  return written;
}

export type BackfillOutcome =
  | { state: 'done'; cutoff: Date; rows: number }
  /** Done before, or another process holds the lease. */
  | { state: 'skipped' };

export interface RollupBackfillOptions {
  db: Db;
  plan: RollupPlan;
  /**
   * When this process started, before it counted anything live. The cutoff is the earliest start of the
   * processes that reached the rebuild before it was done, so nothing any of them counted live is older.
   */
  startedAt: Date;
  leaseMs?: number;
  /** This process's name on the lease (random by default). */
  owner?: string;
  now?: () => Date;
}

const markersOf = (db: Db) => db.collection<BackfillMarkerDoc>(BACKFILL_MARKERS);

/** One attempt: bounds the cutoff by this process's start, then rebuilds if the marker is pending and free. */
export async function runRollupBackfill(options: RollupBackfillOptions): Promise<BackfillOutcome> {
  const { db, plan, startedAt } = options;
  const now = options.now ?? (() => new Date());
  const owner = options.owner ?? randomUUID();
  const leaseMs = options.leaseMs ?? BACKFILL_LEASE_MS;
  const markers = markersOf(db);
  await markers
    .updateOne(
      { _id: plan.marker, ...PENDING },
      { $min: { cutoff: startedAt }, $setOnInsert: { state: 'pending' } },
      { upsert: true },
    )
    // The marker is done (the upsert met it), or another process created it at the same moment.
    .catch(ignoreDuplicateKey);
  const lease = {
    collection: markers,
    filter: { _id: plan.marker, ...PENDING },
    holderField: 'owner',
    untilField: 'leaseUntil',
  };
  const marker = await takeLease(lease, owner, now().getTime(), leaseMs);
  if (!marker) return { state: 'skipped' };
  const renew = async () => {
    if (!(await takeLease(lease, owner, now().getTime(), leaseMs)))
      throw new Error(`rollup backfill ${plan.marker}: lease lost to another process`);
  };
  const rows = await rebuildRollups(db, plan, marker.cutoff, renew);
  await markers.updateOne(
    { _id: plan.marker, owner },
    { $set: { state: 'done', doneAt: now(), written: rows }, $unset: { owner: '', leaseUntil: '' } },
  );
  return { state: 'done', cutoff: marker.cutoff, rows };
}

export interface RollupBackfill {
  /** One attempt now (tests; start() runs them itself). */
  runOnce(): Promise<BackfillOutcome>;
  /** Attempts in the background, once `ready`, until the marker is done here or elsewhere; failures retried. */
  start(): void;
  /** No further attempt; resolves once one under way has ended. */
  stop(): Promise<void>;
  /** Resolves once the marker is done (by this process or another), or on stop. */
  done: Promise<void>;
}

export function rollupBackfill(
  options: RollupBackfillOptions & {
    /** Adding at most one document per key relies on the roll-ups' unique indexes: wait for them. */
    ready?: () => boolean;
    log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
    /** Between attempts after a failure or while another process holds the lease (default 30 s). */
    retryMs?: number;
  },
): RollupBackfill {
  const attemptOptions = { ...options, owner: options.owner ?? randomUUID() };
  const { db, plan, log } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const runOnce = () => runRollupBackfill(attemptOptions);
  const loop = async () => {
    while (!stopped && !(options.ready?.() ?? true)) await pause(READY_POLL_MS);
    while (!stopped) {
      try {
        const outcome = await runOnce();
        if (outcome.state === 'done') {
          log.info({ marker: plan.marker, ...outcome }, 'roll-ups rebuilt from stored data');
          return;
        }
        if (!(await markersOf(db).findOne({ _id: plan.marker, ...PENDING }))) return;
      } catch (err) {
        if (stopped) return;
        log.warn({ err, marker: plan.marker }, 'roll-up rebuild failed; retrying');
      }
      await pause(options.retryMs ?? 30_000);
    }
  };
  return {
    runOnce,
    start() {
      running ??= loop().finally(finished);
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
      finished();
    },
    done,
  };
}
