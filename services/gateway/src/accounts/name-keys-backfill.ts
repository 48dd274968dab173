import type { Db } from 'mongodb';
import { leasedJob, type JobLog } from '@platform/service-kit';
import type { AccountStore } from './store';

/** How long a gateway waits to try again after a pass failed or another gateway held the lease. */
export const NAME_KEYS_RETRY_MS = 60_000;
/** How often a gateway looks whether its database has answered yet (nothing is sent meanwhile). */
const CONNECTED_CHECK_MS = 1000;

export interface NameKeysBackfill {
  /** A pass as soon as the database answers, then again every NAME_KEYS_RETRY_MS until one has succeeded. */
  start(): void;
  /** No new pass; a pass under way finishes, and the lease is given back. */
  stop(): Promise<void>;
}

/**
 * Accounts made before names had their lowercased keys get them (the admin list sorts by them and the people
 * search looks them up). A one-shot at start, retried, through a leased job, so that several gateways starting
 * at once do it one at a time; once a pass has succeeded here this gateway stops (another pass would find
 * nothing to do).
 */
export function nameKeysBackfill(options: {
  db: Db;
  accounts: AccountStore;
  log: JobLog;
  /**
   * Whether the database has answered yet: no pass before it, since an operation's own connection attempt
   * failing would close the driver's client for good.
   */
  connected: () => boolean;
  now?: () => number;
  retryMs?: number;
}): NameKeysBackfill {
  const retryMs = options.retryMs ?? NAME_KEYS_RETRY_MS;
  let done = false;
  let notBefore = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const job = leasedJob({
    name: 'name-keys-backfill',
    db: options.db,
    intervalMs: retryMs,
    log: options.log,
    now: options.now,
    run: async () => {
      await options.accounts.backfillNameKeys();
      done = true;
    },
  });
  const attempt = () => {
    if (done || running || !options.connected() || Date.now() < notBefore) return;
    running = job
      .runOnce()
      .then(
        (ran) => {
          if (!ran) notBefore = Date.now() + retryMs;
        },
        (err: unknown) => {
          notBefore = Date.now() + retryMs;
          options.log.warn({ err }, 'could not give older accounts their name keys yet; trying again');
        },
      )
      .finally(() => {
        running = undefined;
        if (!done) return;
        clearInterval(timer);
        // The lease is given back at once, so another gateway starting meanwhile need not wait for it.
        void job.stop();
      });
  };
  return {
    start() {
      attempt();
      timer = setInterval(attempt, CONNECTED_CHECK_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      done = true;
      await running;
      await job.stop();
    },
  };
}
