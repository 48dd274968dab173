import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { takeLease } from './lease';

/** The collection, in the service's own database, where every leased job of that service keeps its lease. */
export const JOB_LEASES = 'job_leases';

interface LeaseDoc {
  _id: string;
  holder: string;
  until: Date;
}

/** Where a job reports what went wrong (a Fastify or pino logger fits). */
export interface JobLog {
  warn(details: object, message: string): void;
}

export interface LeasedJobOptions {
  /** The lease's name: one runner across every process that uses this name on this database. */
  name: string;
  db: Db;
  /** Time between the starts of two passes. */
  intervalMs: number;
  /**
   * How long a lease lasts without renewal (default: the interval, at least 10 s). A holder that dies is
   * replaced once it has run out; a pass longer than this renews it while it runs.
   */
  leaseMs?: number;
  /** One pass. `signal` aborts when the lease was lost to another process mid-pass (stop what you do). */
  run: (signal: AbortSignal) => Promise<void>;
  log: JobLog;
  /** This process's name on the lease (random by default). */
  holder?: string;
  /**
   * Back off while failing: after a pass that throws, the next waits twice as long as the one before (the
   * interval after the first failure), up to this many ms; a pass that succeeds brings back the interval.
   * Without it, every interval.
   */
  maxBackoffMs?: number;
  now?: () => number;
}

export interface LeasedJob {
  /** Runs a pass every interval (never two at once in this process, nor in two processes). */
  start(): void;
  /** No new pass; resolves once a pass under way has finished, and gives the lease back. */
  stop(): Promise<void>;
  /** One pass now, if this process holds or can take the lease; false when another process holds it. */
  runOnce(): Promise<boolean>;
}

/**
 * A background job that runs on one process at a time, whatever the number of copies of the service: the
 * lease is a MongoDB document, taken when it is free or has run out, renewed while a pass runs, and given
 * back on stop. Passes that throw are logged and the next interval tries again.
 */
export function leasedJob(options: LeasedJobOptions): LeasedJob {
  const holder = options.holder ?? randomUUID();
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? Math.max(options.intervalMs, 10_000);
  const leases = options.db.collection<LeaseDoc>(JOB_LEASES);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let failures = 0;

  const take = async (): Promise<boolean> =>
    (await takeLease(
      { collection: leases, filter: { _id: options.name }, upsert: true },
      holder,
      now(),
      leaseMs,
    )) !== null;

  const runOnce = async (): Promise<boolean> => {
    if (!(await take())) return false;
    const lost = new AbortController();
    const renewal = setInterval(
      () => {
        take()
          .then((held) => held || lost.abort())
          .catch(() => lost.abort());
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    try {
      await options.run(lost.signal);
    } finally {
      clearInterval(renewal);
    }
    return true;
  };

  const backingOff = options.maxBackoffMs !== undefined;
  const nextDelay = () =>
    failures === 0
      ? options.intervalMs
      : Math.min(options.intervalMs * 2 ** Math.min(failures - 1, 30), options.maxBackoffMs!);

  const pass = () => {
    if (running) return;
    running = runOnce()
      .then(() => (failures = 0))
      .catch((err: unknown) => {
        failures++;
        options.log.warn({ err, job: options.name }, 'background job failed; the next pass tries again');
      })
      .finally(() => {
        running = undefined;
        // With back-off each pass is timed from the end of the one before.
        if (backingOff && started) schedule(nextDelay());
      });
  };

  const schedule = (delay: number) => {
    timer = setTimeout(pass, delay);
    timer.unref();
  };

  return {
    start() {
      if (started) return;
      started = true;
      if (backingOff) return schedule(options.intervalMs);
      timer = setInterval(pass, options.intervalMs);
      timer.unref();
    },
    async stop() {
      started = false;
      clearInterval(timer);
      clearTimeout(timer);
      timer = undefined;
      await running;
      // Given back, so another process need not wait for it to run out.
      await leases.deleteOne({ _id: options.name, holder }).catch(() => undefined);
    },
    runOnce,
  };
}
