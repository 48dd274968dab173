import { readMeta, writeMeta, type ContributeDatabase } from './database';

/** The name of the lock (or lease) that only one tab of the site holds at a time: the one that uploads. */
export const UPLOAD_LOCK = 'voicebank-contributions-upload';

/** How long a lease written in IndexedDB holds without renewal, and how often its holder renews it. */
export const LEASE_MS = 10_000;
const RENEW_MS = 3_000;

interface Lease {
  holder: string;
  expiresAt: number;
}

export interface Leadership {
  /** Gives the lock or lease up (the page goes away, or a test ends); resolves once another tab may lead. */
  release(): Promise<void>;
}

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

/**
 * Calls `onLead` once this tab becomes the one that uploads, and `onLose` if it stops being it. Web Locks
 * where the browser has them (the lock passes to another tab when this one closes); elsewhere a lease in
 * IndexedDB that its holder renews and any tab may take once it has run out.
 */
export function takeLeadership(
  db: Promise<ContributeDatabase>,
  tabId: string,
  onLead: () => void,
  onLose: () => void,
): Leadership {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (locks && typeof locks.request === 'function') {
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    void locks
      .request(UPLOAD_LOCK, async () => {
        onLead();
        await held;
      })
      .catch(() => undefined);
    return {
      release: async () => {
        letGo();
        onLose();
      },
    };
  }
  return leaseLeadership(db, tabId, onLead, onLose);
}

function leaseLeadership(
  dbPromise: Promise<ContributeDatabase>,
  tabId: string,
  onLead: () => void,
  onLose: () => void,
): Leadership {
  let leading = false;
  let released = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Whether this tab holds the lease now (taking or renewing it if it may). */
  const holdLease = async (): Promise<boolean> => {
    let db: ContributeDatabase;
    try {
      db = await dbPromise;
    } catch {
      // No IndexedDB: each tab keeps its own items in memory, and sends them itself.
      return true;
    }
    try {
      const tx = db.transaction('meta', 'readwrite');
      const lease = (await tx.store.get(UPLOAD_LOCK))?.value as Lease | undefined;
      const now = Date.now();
      const mine = !lease || lease.holder === tabId || lease.expiresAt <= now;
      if (mine)
        await tx.store.put({ name: UPLOAD_LOCK, value: { holder: tabId, expiresAt: now + LEASE_MS } });
      await tx.done;
      return mine;
    } catch {
      return false;
    }
  };

  /** Whether the lease written last is this tab's: released with it, even if written after the release. */
  let holding = false;
  let inflight: Promise<void> = Promise.resolve();

  const attempt = async () => {
    if (released) return;
    const mine = await holdLease();
    holding = mine;
    if (released) return;
    if (mine && !leading) {
      leading = true;
      onLead();
    } else if (!mine && leading) {
      leading = false;
      onLose();
    }
    timer = setTimeout(() => void (inflight = attempt()), RENEW_MS);
  };
  inflight = attempt();

  return {
    release: async () => {
      released = true;
      clearTimeout(timer);
      await inflight;
      if (leading) {
        leading = false;
        onLose();
      }
      if (!holding) return;
      // Let the next tab take over at once instead of waiting for the lease to run out.
      try {
        const db = await dbPromise;
        const lease = await readMeta<Lease>(db, UPLOAD_LOCK);
        if (lease?.holder === tabId) await writeMeta(db, UPLOAD_LOCK, { holder: '', expiresAt: 0 });
      } catch {
        // The lease runs out by itself.
      }
    },
  };
}
