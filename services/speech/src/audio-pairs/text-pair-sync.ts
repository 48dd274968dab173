import type { AnyBulkWriteOperation, Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import {
  getInternalTextPairChanges,
  postInternalTextPairFlag,
  routeUrl,
  SENTENCE_CHANGES_MAX_LIMIT,
  type TextPairChangesReply,
  type TextPairFlagBody,
} from '@platform/contracts';
import { collections, type TextPairCopyDoc } from '../collections';
import { serviceHeaders } from '../sentences/service-identity';
import { countApprovedTextPairs } from './counts';
import { DEFAULT_SYNC_INTERVAL_MS, MAX_SYNC_BACKOFF_MS, type SentenceSync } from '../sentences/sentence-sync';

export const TEXT_PAIR_CURSOR = 'text_pairs';
const REQUEST_TIMEOUT_MS = 10_000;

export interface TextPairSyncResult {
  /** Pairs inserted or changed in the local copy. */
  applied: number;
  /** The cursor after this run. */
  after: number;
  /** Reports passed on to the text service. */
  flagsForwarded: number;
}

/** Same loop as the sentence sync: one catch-up on demand, or a loop that backs off while failing. */
export type TextPairSync = Omit<SentenceSync, 'syncOnce'> & { syncOnce(): Promise<TextPairSyncResult> };

export interface TextPairSyncOptions {
  db: Db;
  textUrl: string;
  secret: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  pageSize?: number;
}

/**
 * Keeps the speech service's copy of text pairs in step with the text service's change feed
 * (GET /internal/text-pairs/changes, cursor `seq`), exactly as the sentence sync does for sentences: the
 * cursor is stored beside the copy, upserts are idempotent, and a pair whose status leaves 'approved' leaves
 * Donate's queue. Each run also passes Donate's reports on to the text service (signed as the speech service).
 */
export function createTextPairSync(options: TextPairSyncOptions): TextPairSync {
  const { db, log } = options;
  const base = options.textUrl.replace(/\/+$/, '');
  const intervalMs = options.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
  const pageSize = Math.min(options.pageSize ?? 500, SENTENCE_CHANGES_MAX_LIMIT);
  const col = collections(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TextPairSyncResult> | null = null;
  let stopped = true;
  let failures = 0;
  let lastError: Error | null = null;

  const callText = (url: string, init: RequestInit = {}) =>
    fetch(url, {
      ...init,
      headers: {
        ...serviceHeaders(options.secret, init.method ?? 'GET', url),
        ...(init.headers as Record<string, string>),
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });

  const readCursor = async () => (await col.syncState.findOne({ _id: TEXT_PAIR_CURSOR }))?.after ?? 0;

  const applyPage = async (page: TextPairChangesReply) => {
    if (page.items.length === 0) return 0;
    const ops: AnyBulkWriteOperation<TextPairCopyDoc>[] = page.items.map((p) => ({
      updateOne: {
        filter: { _id: p.text_id },
        update: {
          $set: {
            source_lang_text: p.source_lang_text,
            target_lang_text: p.target_lang_text,
            text_category: p.text_category,
            approved: p.status === 'validated',
            seq: p.seq,
          },
          $setOnInsert: { donations: 0, rand: Math.random() },
        },
        upsert: true,
      },
    }));
    // How many approved pairs this page adds or takes away, for Donate's running 'of M'.
    const before = await col.textPairs
      .find({ _id: { $in: page.items.map((p) => p.text_id) } })
      .project<{ _id: string; approved: boolean }>({ approved: 1 })
      .toArray();
    const wasApproved = new Set(before.filter((d) => d.approved).map((d) => d._id));
    const delta = page.items.reduce(
      (sum, p) => sum + Number(p.status === 'validated') - Number(wasApproved.has(p.text_id)),
      0,
    );
    await col.textPairs.bulkWrite(ops, { ordered: false });
    await countApprovedTextPairs(col, delta);
    await col.syncState.updateOne(
      { _id: TEXT_PAIR_CURSOR },
      { $set: { after: page.last, updatedAt: new Date() } },
      { upsert: true },
    );
    return page.items.length;
  };

  const forwardFlags = async () => {
    let forwarded = 0;
    const pending = await col.textPairMarks.find({ flagPending: true }).limit(100).toArray();
    for (const mark of pending) {
      if (!mark.reason) continue;
      const body: TextPairFlagBody = {
        reason: mark.reason,
        reporterId: mark.userId,
        reportedAt: mark.createdAt.toISOString(),
        ...(mark.details ? { details: mark.details } : {}),
      };
      const res = await callText(`${base}${routeUrl(postInternalTextPairFlag.path, { id: mark.textId })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      // 404: the text service no longer has the pair; nothing more to tell it.
      if (res.ok || res.status === 404) {
        await col.textPairMarks.updateOne({ _id: mark._id }, { $unset: { flagPending: '' } });
        forwarded++;
      } else {
        throw new Error(`text service refused a text pair report: HTTP ${res.status}`);
      }
    }
    return forwarded;
  };

  const runOnce = async (): Promise<TextPairSyncResult> => {
    let after = await readCursor();
    let applied = 0;
    for (;;) {
      const res = await callText(
        `${base}${getInternalTextPairChanges.path}?after=${after}&limit=${pageSize}`,
      );
      if (!res.ok) throw new Error(`text service answered HTTP ${res.status} for text pair changes`);
      const page = (await res.json()) as TextPairChangesReply;
      applied += await applyPage(page);
      after = page.last;
      if (page.items.length < pageSize) break;
    }
    const flagsForwarded = await forwardFlags();
    if (applied > 0) log.info({ applied, after }, 'text pairs synced from the text service');
    return { applied, after, flagsForwarded };
  };

  const syncOnce = () => {
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
      if (failures > 0) log.info('text pair sync recovered');
      failures = 0;
      lastError = null;
      schedule(intervalMs);
    } catch (err) {
      failures++;
      lastError = err instanceof Error ? err : new Error(String(err));
      const delay = Math.min(intervalMs * 2 ** Math.min(failures - 1, 10), MAX_SYNC_BACKOFF_MS);
      const level = failures === 1 || failures % 10 === 0 ? 'warn' : 'debug';
      log[level]({ err: lastError.message, retryInMs: delay }, 'text pair sync failed; backing off');
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
