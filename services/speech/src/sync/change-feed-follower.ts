import type { Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import { SENTENCE_CHANGES_MAX_LIMIT, type RouteDeclaration } from '@platform/contracts';
import { leasedJob, ServiceUnavailableError, type ServiceClient } from '@platform/service-kit';
import type { SyncStore } from './store';

export const DEFAULT_SYNC_INTERVAL_MS = 5000;
/** Longest wait between attempts while the text service (or the database) is down. */
export const MAX_SYNC_BACKOFF_MS = 60_000;
/** How long one call of a follower to the text service may take. */
export const SYNC_REQUEST_TIMEOUT_MS = 10_000;

export interface SyncResult {
  /** Items (sentences, text pairs) inserted or changed in the local copy. */
  applied: number;
  /** The cursor after this run. */
  after: number;
  /** Reports passed on to the text service. */
  flagsForwarded: number;
}

export interface ChangeFeedFollower {
  /** One full catch-up: pages through every change after the stored cursor, then forwards pending reports. */
  syncOnce(): Promise<SyncResult>;
  /**
   * Starts the loop, a leased job (one runner across every copy of the service): a run at once, then every
   * interval; backs off exponentially while failing.
   */
  start(): void;
  stop(): Promise<void>;
  /** The last failure, for logs and tests; null after a success. */
  readonly lastError: Error | null;
}

/** What a follower needs from the service: the text service's client, how often to ask. */
export interface ChangeFeedFollowerOptions {
  /** Where the loop's lease is kept. */
  db: Db;
  /** Where the feed's cursor is kept. */
  sync: SyncStore;
  /** Calls the text service in the speech service's own signed name. */
  text: ServiceClient;
  log: FastifyBaseLogger;
  intervalMs?: number;
  pageSize?: number;
}

/** Whether a call failed because the text service no longer has the item (it answered 404). */
export const isGone = (err: unknown) => err instanceof ServiceUnavailableError && err.answered === 404;

/** One change feed of the text service and what the speech service does with it. */
export interface ChangeFeed<Item> {
  /** The `_id` of the feed's cursor in sync_state. */
  cursor: string;
  /** The feed's declaration (called with `after` and `limit`); it answers `{ items, last }`. */
  changes: RouteDeclaration;
  /** What it carries, in errors and logs ('sentence', 'text pair'). */
  what: string;
  /** Logged after a run that changed the local copy. */
  syncedMessage: string;
  /** Applies one non-empty page to the local copy (idempotently); the cursor is saved after it. */
  apply(items: Item[]): Promise<void>;
  /** Passes pending reports on to the text service; resolves to how many were passed on. */
  forwardReports(text: ServiceClient): Promise<number>;
  /** Runs before each run reads the cursor (a one-time migration may move it); optional. */
  beforeRun?(): Promise<void>;
}

/**
 * Follows a change feed of the text service through its cursor. The cursor is stored with the copy, so a
 * restart resumes where it stopped; upserts are idempotent, so a page applied twice (a crash between applying
 * and saving the cursor) does no harm. Each run then forwards the reports the feed's owner should see.
 */
export function createChangeFeedFollower<Item>(
  options: ChangeFeedFollowerOptions,
  feed: ChangeFeed<Item>,
): ChangeFeedFollower {
  const { sync, log } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
  const pageSize = Math.min(options.pageSize ?? 500, SENTENCE_CHANGES_MAX_LIMIT);
  let running: Promise<SyncResult> | null = null;
  let first: Promise<unknown> = Promise.resolve();
  let started = false;
  let failures = 0;
  let lastError: Error | null = null;

  const applyPage = async (page: { items: Item[]; last: number }) => {
    if (page.items.length === 0) return 0;
    await feed.apply(page.items);
    await sync.saveCursor(feed.cursor, page.last);
    return page.items.length;
  };

  const runOnce = async (): Promise<SyncResult> => {
    await feed.beforeRun?.();
    let after = await sync.cursor(feed.cursor);
    let applied = 0;
    for (;;) {
      const page = (await options.text.call(feed.changes, { query: { after, limit: pageSize } })) as {
        items: Item[];
        last: number;
      };
      applied += await applyPage(page);
      after = page.last;
      if (page.items.length < pageSize) break;
    }
    const flagsForwarded = await feed.forwardReports(options.text);
    if (applied > 0) log.info({ applied, after }, feed.syncedMessage);
    return { applied, after, flagsForwarded };
  };

  /** One run, its outcome remembered (lastError) and its failures logged: the first, then every tenth. */
  const observed = async (): Promise<SyncResult> => {
    try {
      const result = await runOnce();
      if (failures > 0) log.info(`${feed.what} sync recovered`);
      failures = 0;
      lastError = null;
      return result;
    } catch (err) {
      failures++;
      lastError = err instanceof Error ? err : new Error(String(err));
      const level = failures === 1 || failures % 10 === 0 ? 'warn' : 'debug';
      log[level]({ err: lastError.message, failures }, `${feed.what} sync failed; backing off`);
      throw err;
    }
  };

  const syncOnce = () => {
    // Callers (the loop, tests) share one run in flight rather than racing on the cursor.
    running ??= observed().finally(() => {
      running = null;
    });
    return running;
  };

  const job = leasedJob({
    name: `text-sync:${feed.cursor}`,
    db: options.db,
    intervalMs,
    maxBackoffMs: MAX_SYNC_BACKOFF_MS,
    // The run logs its own failures (thinned while the text service stays down).
    log: { warn: (details, message) => log.debug(details, message) },
    run: async () => {
      await syncOnce();
    },
  });

  return {
    syncOnce,
    start() {
      if (started) return;
      started = true;
      first = job.runOnce().catch(() => undefined);
      job.start();
    },
    async stop() {
      started = false;
      await first;
      await job.stop();
      await running?.catch(() => undefined);
    },
    get lastError() {
      return lastError;
    },
  };
}
