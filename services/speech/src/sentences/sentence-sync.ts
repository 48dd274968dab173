import type { AnyBulkWriteOperation, Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import {
  SENTENCE_CHANGES_MAX_LIMIT,
  type SentenceChangesReply,
  type SentenceFlagBody,
} from '@platform/contracts';
import { collections, type SentenceDoc } from '../collections';
import { serviceHeaders } from './service-identity';

export const SENTENCE_CURSOR = 'sentences';
export const DEFAULT_SYNC_INTERVAL_MS = 5000;
/** Longest wait between attempts while the text service (or the database) is down. */
export const MAX_SYNC_BACKOFF_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface SyncResult {
  /** Sentences inserted or changed in the local copy. */
  applied: number;
  /** The cursor after this run. */
  after: number;
  /** Reports passed on to the text service. */
  flagsForwarded: number;
}

export interface SentenceSync {
  /** One full catch-up: pages through every change after the stored cursor, then forwards pending reports. */
  syncOnce(): Promise<SyncResult>;
  /** Starts the loop: at once, then every interval; backs off exponentially while failing. */
  start(): void;
  stop(): Promise<void>;
  /** The last failure, for logs and tests; null after a success. */
  readonly lastError: Error | null;
}

export interface SentenceSyncOptions {
  db: Db;
  textUrl: string;
  secret: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  pageSize?: number;
}

async function callText(url: string, secret: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: {
      ...serviceHeaders(secret, init.method ?? 'GET', url),
      ...(init.headers as Record<string, string>),
    },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return res;
}

/**
 * Keeps the local copy of recordable sentences in step with the text service through its change cursor.
 * The cursor is stored with the copy, so a restart resumes where it stopped; upserts are idempotent, so a
 * page applied twice (a crash between applying and saving the cursor) does no harm.
 */
export function createSentenceSync(options: SentenceSyncOptions): SentenceSync {
  const { db, log } = options;
  const base = options.textUrl.replace(/\/+$/, '');
  const intervalMs = options.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
  const pageSize = Math.min(options.pageSize ?? 500, SENTENCE_CHANGES_MAX_LIMIT);
  const col = collections(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SyncResult> | null = null;
  let stopped = true;
  let failures = 0;
  let lastError: Error | null = null;

  const readCursor = async () => (await col.syncState.findOne({ _id: SENTENCE_CURSOR }))?.after ?? 0;

  const applyPage = async (page: SentenceChangesReply) => {
    if (page.items.length === 0) return 0;
    const ops: AnyBulkWriteOperation<SentenceDoc>[] = page.items.map((s) => ({
      updateOne: {
        filter: { _id: s.id },
        update: {
          $set: { text: s.text, language: s.language, recordable: s.status === 'validated', seq: s.seq },
          $setOnInsert: { recordingCount: 0, rand: Math.random() },
        },
        upsert: true,
      },
    }));
    await col.sentences.bulkWrite(ops, { ordered: false });
    await col.syncState.updateOne(
      { _id: SENTENCE_CURSOR },
      { $set: { after: page.last, updatedAt: new Date() } },
      { upsert: true },
    );
    return page.items.length;
  };

  const forwardFlags = async () => {
    let forwarded = 0;
    const pending = await col.sentenceMarks.find({ flagPending: true }).limit(100).toArray();
    for (const mark of pending) {
      const body: SentenceFlagBody = {
        reason: mark.reason as SentenceFlagBody['reason'],
        reporterId: mark.userId,
        reportedAt: mark.createdAt.toISOString(),
        ...(mark.details ? { details: mark.details } : {}),
      };
      const res = await callText(
        `${base}/internal/sentences/${encodeURIComponent(mark.sentenceId)}/flags`,
        options.secret,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      // 404: the text service no longer has the sentence; nothing more to tell it.
      if (res.ok || res.status === 404) {
        await col.sentenceMarks.updateOne({ _id: mark._id }, { $unset: { flagPending: '' } });
        forwarded++;
      } else {
        throw new Error(`text service refused a sentence report: HTTP ${res.status}`);
      }
    }
    return forwarded;
  };

  const runOnce = async (): Promise<SyncResult> => {
    let after = await readCursor();
    let applied = 0;
    for (;;) {
      const res = await callText(
        `${base}/internal/sentences/changes?after=${after}&limit=${pageSize}`,
        options.secret,
      );
      if (!res.ok) throw new Error(`text service answered HTTP ${res.status} for sentence changes`);
      const page = (await res.json()) as SentenceChangesReply;
      applied += await applyPage(page);
      after = page.last;
      if (page.items.length < pageSize) break;
    }
    const flagsForwarded = await forwardFlags();
    if (applied > 0) log.info({ applied, after }, 'recordable sentences synced from the text service');
    return { applied, after, flagsForwarded };
  };

  const syncOnce = () => {
    // Callers (the loop, tests, a report) share one run in flight rather than racing on the cursor.
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };

  const tick = async () => {
    try {
      await syncOnce();
      if (failures > 0) log.info('sentence sync recovered');
      failures = 0;
      lastError = null;
      schedule(intervalMs);
    } catch (err) {
      failures++;
      lastError = err instanceof Error ? err : new Error(String(err));
      const delay = Math.min(intervalMs * 2 ** Math.min(failures - 1, 10), MAX_SYNC_BACKOFF_MS);
      const level = failures === 1 || failures % 10 === 0 ? 'warn' : 'debug';
      log[level]({ err: lastError.message, retryInMs: delay }, 'sentence sync failed; backing off');
      schedule(delay);
    }
  };

  return {
    syncOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    get lastError() {
      return lastError;
    },
  };
}
