import { CONTRIBUTIONS_SYNC_TAG, SERVICE_WORKER_MESSAGES } from '@platform/contracts/client';
import { authApi, type PlatformStore } from '@platform/store';
import { openContributeDb, readMeta, writeMeta, type ContributeDatabase } from './database';
import { takeLeadership, type Leadership } from './leadership';
import { QueueStore, newContributionId } from './queueStore';
import { sendContribution } from './send';
import type { Contribution, QueueEntry, Refusal } from './types';
import { sendableBy, Uploader, type UploaderOptions } from './uploader';

const CHANNEL = 'voicebank-contributions';

/** What a screen that waits for its own item learns first. */
export type Outcome =
  | { kind: 'sent'; answer: unknown }
  | { kind: 'refused'; refusal: Refusal }
  /** Not sent yet (no connection, a new session needed, others before it): it waits on the device. */
  | { kind: 'deferred' };

export interface QueueSnapshot {
  /** The queue has been read from IndexedDB at least once. */
  ready: boolean;
  /** The items of the person using the page, oldest first. */
  items: QueueEntry[];
  /** The item being sent now, and how much of it has gone (null: not known, a small JSON call). */
  sending: { id: string; percent: number | null } | null;
  /** Items wait for the person to sign in again. */
  signInNeeded: boolean;
  online: boolean;
  /** Whose the page's new items are (see `owner()`), once the session has been read (`ownerKnown`). */
  owner: string | null;
  ownerKnown: boolean;
}

type ChannelMessage =
  | { type: 'changed' }
  | { type: 'hurry' }
  | { type: 'sending'; id: string | null; percent: number | null }
  | { type: 'outcome'; id: string; outcome: Outcome };

interface SessionView {
  /** The signed-in person's id; null signed out; undefined not known (loading, or it could not be read). */
  user: string | null | undefined;
  loading: boolean;
  readAt: number;
}

export interface QueueOptions {
  /** Tests: a store-less sender, shorter waits, a clock. */
  uploader?: Partial<Pick<UploaderOptions, 'send' | 'now' | 'random' | 'backoff' | 'recheckMs'>>;
  /** Tests: pretend to be another tab. */
  tabId?: string;
  /** How long a screen waits for its item before telling the person it is saved to be sent later. */
  patienceMs?: number;
}

const online = () => globalThis.navigator?.onLine !== false;

/**
 * The page's queue of contributions kept on the device: every take, vote and sentence is written to
 * IndexedDB before any upload, and leaves it only when the server has confirmed it. One per page (per store);
 * in each browser only one tab uploads at a time.
 */
export class ContributionQueue {
  readonly db: Promise<ContributeDatabase>;
  private readonly store: QueueStore;
  private readonly uploader: Uploader;
  private readonly tabId: string;
  private readonly patienceMs: number;
  private leadership: Leadership | null = null;
  private leading = false;
  private channel: BroadcastChannel | null = null;
  private listeners = new Set<() => void>();
  private refusalListeners = new Set<(entry: QueueEntry, refusal: Refusal) => void>();
  private waiters = new Map<string, Array<(outcome: Outcome) => void>>();
  private all: QueueEntry[] = [];
  private snapshot: QueueSnapshot = {
    ready: false,
    items: [],
    sending: null,
    signInNeeded: false,
    online: true,
    owner: null,
    ownerKnown: false,
  };
  private sending: QueueSnapshot['sending'] = null;
  private lastOwner: string | null = null;
  /** When a call was refused for its session; cleared by a session read after it that names a person. */
  private signedOutSince: number | null = null;
  private session: SessionView = { user: undefined, loading: true, readAt: 0 };
  private readonly cleanups: Array<() => void> = [];
  private stopped = false;

  constructor(
    private readonly platform: PlatformStore,
    options: QueueOptions = {},
  ) {
    this.tabId = options.tabId ?? newContributionId();
    this.patienceMs = options.patienceMs ?? 8_000;
    this.db = openContributeDb();
    this.store = new QueueStore(this.db);
    this.uploader = new Uploader({
      store: this.store,
      send: (entry, onProgress) => sendContribution(platform.dispatch, entry, onProgress),
      sender: () => this.sender(),
      isOnline: online,
      events: {
        sending: (id) => this.setSending({ id, percent: null }),
        progress: (id, percent) => this.setSending({ id, percent }),
        sent: (entry, answer) => this.settle(entry.id, { kind: 'sent', answer }),
        refused: (entry, refusal) => {
          const awaited = this.settle(entry.id, { kind: 'refused', refusal });
          if (!awaited) for (const listener of this.refusalListeners) listener(entry, refusal);
        },
        deferred: (id) => this.settle(id, { kind: 'deferred' }),
        signedOut: () => {
          this.signedOutSince = Date.now();
        },
        changed: () => {
          this.setSending(null);
          void this.refresh(true);
        },
      },
      ...options.uploader,
    });
    this.start();
  }

  private start() {
    void this.db.then(
      async (db) => {
        this.lastOwner = (await readMeta<string>(db, 'lastOwner')) ?? null;
        await this.refresh();
      },
      () => undefined,
    );
    this.watchSession();
    const wake = () => {
      this.update();
      this.uploader.hurryUp();
    };
    const onOffline = () => this.update();
    globalThis.addEventListener?.('online', wake);
    globalThis.addEventListener?.('offline', onOffline);
    this.cleanups.push(() => {
      globalThis.removeEventListener?.('online', wake);
      globalThis.removeEventListener?.('offline', onOffline);
    });
    // The service worker's Background Sync: a bonus where the browser has it, never the only way.
    const worker = globalThis.navigator?.serviceWorker;
    if (worker) {
      const onMessage = (event: MessageEvent) => {
        const type = (event.data as { type?: unknown } | null)?.type;
        if (type === SERVICE_WORKER_MESSAGES.contributionsSync) this.uploader.hurryUp();
      };
      worker.addEventListener('message', onMessage);
      this.cleanups.push(() => worker.removeEventListener('message', onMessage));
    }
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (event: MessageEvent<ChannelMessage>) => this.onMessage(event.data);
    } else {
      // No channel between tabs: read the queue again now and then, to see what another tab changed.
      const poll = setInterval(() => void this.refresh(), 5_000);
      this.cleanups.push(() => clearInterval(poll));
    }
    const onPageHide = () => void this.leadership?.release();
    globalThis.addEventListener?.('pagehide', onPageHide);
    this.cleanups.push(() => globalThis.removeEventListener?.('pagehide', onPageHide));
    this.leadership = takeLeadership(
      this.db,
      this.tabId,
      () => {
        this.leading = true;
        this.uploader.start();
      },
      () => {
        this.leading = false;
        this.uploader.stop();
      },
    );
  }

  private watchSession() {
    const subscription = this.platform.dispatch(authApi.endpoints.session.initiate());
    const read = () => {
      const state = authApi.endpoints.session.select()(this.platform.getState());
      const user = state.data === undefined ? undefined : (state.data?.id ?? null);
      const next: SessionView = {
        user: state.isError ? undefined : user,
        loading: state.isLoading || (state.isUninitialized ?? false),
        readAt: state.fulfilledTimeStamp ?? 0,
      };
      if (
        next.user === this.session.user &&
        next.loading === this.session.loading &&
        next.readAt === this.session.readAt
      ) {
        return;
      }
      this.session = next;
      if (next.user) {
        if (this.signedOutSince !== null && next.readAt > this.signedOutSince) this.signedOutSince = null;
        if (next.user !== this.lastOwner) {
          this.lastOwner = next.user;
          void this.db.then((db) => writeMeta(db, 'lastOwner', next.user)).catch(() => undefined);
        }
      }
      this.update();
      this.uploader.wake();
    };
    const unsubscribe = this.platform.subscribe(read);
    read();
    this.cleanups.push(() => {
      unsubscribe();
      subscription.unsubscribe();
    });
  }

  /** Whose items the uploader may send now (see UploaderOptions.sender). */
  private sender(): string | null | undefined {
    if (this.signedOutSince !== null) return undefined;
    const { user, loading } = this.session;
    if (user === null) return undefined;
    if (user) return user;
    // Not known: still loading (wait, the cookie may be someone else's), or unreadable (offline, a
    // failing server): the last person seen here is the one whose cookie this is.
    return loading ? undefined : this.lastOwner;
  }

  /** The person whose items the page shows and to whom new items belong. */
  owner(): string | null {
    return this.session.user ?? this.lastOwner;
  }

  private onMessage(message: ChannelMessage) {
    switch (message.type) {
      case 'changed':
        void this.refresh();
        if (this.leading) this.uploader.wake();
        break;
      case 'hurry':
        if (this.leading) this.uploader.hurryUp();
        break;
      case 'sending':
        if (!this.leading) {
          this.sending = message.id ? { id: message.id, percent: message.percent } : null;
          this.update();
        }
        break;
      case 'outcome':
        this.settle(message.id, message.outcome, false);
        break;
    }
  }

  private post(message: ChannelMessage) {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (the page is going away): the other tabs read IndexedDB anyway.
    }
  }

  private setSending(sending: QueueSnapshot['sending']) {
    this.sending = sending;
    this.post({ type: 'sending', id: sending?.id ?? null, percent: sending?.percent ?? null });
    this.update();
  }

  /** Tells the screens waiting for this item; true when one was. */
  private settle(id: string, outcome: Outcome, broadcast = true): boolean {
    if (broadcast) this.post({ type: 'outcome', id, outcome });
    const waiting = this.waiters.get(id);
    if (!waiting) return false;
    this.waiters.delete(id);
    for (const resolve of waiting) resolve(outcome);
    return true;
  }

  private async refresh(broadcast = false): Promise<void> {
    if (this.stopped) return;
    try {
      this.all = await this.store.list();
    } catch {
      return;
    }
    this.snapshot = { ...this.snapshot, ready: true };
    this.update();
    if (broadcast) this.post({ type: 'changed' });
  }

  private update() {
    const owner = this.owner();
    const items = sendableBy(this.all, owner);
    const signedOut = this.signedOutSince !== null || this.session.user === null;
    const next: QueueSnapshot = {
      ready: this.snapshot.ready,
      items,
      sending: this.sending && items.some((i) => i.id === this.sending!.id) ? this.sending : null,
      signInNeeded: signedOut && items.some((i) => i.state === 'waiting'),
      online: online(),
      owner,
      ownerKnown: this.snapshot.ready && !this.session.loading,
    };
    const same =
      next.ready === this.snapshot.ready &&
      next.items.length === this.snapshot.items.length &&
      next.items.every((item, i) => item === this.snapshot.items[i]) &&
      next.sending?.id === this.snapshot.sending?.id &&
      next.sending?.percent === this.snapshot.sending?.percent &&
      next.signInNeeded === this.snapshot.signInNeeded &&
      next.online === this.snapshot.online &&
      next.owner === this.snapshot.owner &&
      next.ownerKnown === this.snapshot.ownerKnown;
    if (same) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  /** Called with items the server refused that no screen was waiting for (the person has moved on). */
  onRefusal(listener: (entry: QueueEntry, refusal: Refusal) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /**
   * Saves a contribution on the device (before anything is sent) for the person using the page, and wakes
   * the uploader. Resolves once IndexedDB has it.
   */
  async enqueue(contribution: Contribution): Promise<QueueEntry> {
    return (await this.save(contribution, false)).entry;
  }

  /**
   * Saves a contribution like `enqueue`, for a screen that waits for it (Write, Donate): `outcome` is what
   * became of it first (see `outcome`), and a refusal is the screen's to show.
   */
  enqueueAwaited(contribution: Contribution): Promise<{ entry: QueueEntry; outcome: Promise<Outcome> }> {
    return this.save(contribution, true) as Promise<{ entry: QueueEntry; outcome: Promise<Outcome> }>;
  }

  private async save(
    contribution: Contribution,
    awaited: boolean,
  ): Promise<{ entry: QueueEntry; outcome?: Promise<Outcome> }> {
    const entry = await this.store.add(contribution, this.owner());
    // Before the uploader is woken: its answer may come back at once.
    const outcome = awaited ? this.outcome(entry.id) : undefined;
    this.all = [...this.all.filter((item) => item.id !== entry.id), entry];
    this.update();
    this.post({ type: 'changed' });
    this.uploader.wake();
    void this.askToPersist();
    registerBackgroundSync();
    return { entry, outcome };
  }

  /**
   * What became of an item the screen just saved: sent (with the server's answer), refused, or deferred,
   * whichever comes first; deferred at once when offline, and after the patience if no try has begun.
   */
  outcome(id: string): Promise<Outcome> {
    if (!online()) return Promise.resolve({ kind: 'deferred' });
    return new Promise<Outcome>((resolve) => {
      const finish = (outcome: Outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      // Once its try has begun the screen waits for the answer (a donation's bar shows it going).
      const timer = setTimeout(() => {
        if (this.sending?.id !== id) this.settle(id, { kind: 'deferred' }, false);
      }, this.patienceMs);
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), finish]);
    });
  }

  /** Deletes an item the person no longer wants (or took back to correct); false if it was already gone. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.store.remove(id);
    await this.refresh(true);
    return removed;
  }

  /**
   * Takes an item back before it is sent (a vote undone): 'withdrawn' when it never reached the server,
   * 'sent' when it already had (then the server must be asked to undo it). An item being sent is waited for.
   */
  async withdraw(id: string): Promise<'withdrawn' | 'sent'> {
    if (this.sending?.id === id) {
      const outcome = await new Promise<Outcome>((resolve) =>
        this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]),
      );
      if (outcome.kind === 'sent') return 'sent';
    }
    return (await this.remove(id)) ? 'withdrawn' : 'sent';
  }

  /** "Retry now": failed items wait again, and the backoff is skipped once. */
  async retryNow(): Promise<void> {
    const owner = this.owner();
    for (const item of sendableBy(await this.store.list(), owner)) {
      if (item.state === 'failed' || item.notBefore > 0) {
        await this.store.update(item.id, (stored) => ({
          ...stored,
          state: 'waiting',
          attempts: 0,
          notBefore: 0,
          failure: undefined,
        }));
      }
    }
    await this.refresh(true);
    this.post({ type: 'hurry' });
    this.uploader.hurryUp();
  }

  /** This tab is sending the item now (a vote being sent can no longer be taken back from the queue). */
  isSending(id: string): boolean {
    return this.sending?.id === id;
  }

  private async askToPersist() {
    const storage = globalThis.navigator?.storage;
    if (!storage?.persist) return;
    try {
      const db = await this.db;
      // Read and marked in one transaction: two items saved at once, or two tabs, ask once.
      const tx = db.transaction('meta', 'readwrite');
      const asked = await tx.store.get('persistAsked');
      if (!asked) await tx.store.put({ name: 'persistAsked', value: true });
      await tx.done;
      if (asked) return;
      // The browser may then keep the queue when it clears storage under pressure.
      await storage.persist();
    } catch {
      // Not granted or not possible: the queue works the same, only less safe from eviction.
    }
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    const released = this.leadership?.release() ?? Promise.resolve();
    this.uploader.stop();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.channel?.close();
    this.listeners.clear();
    for (const [id] of this.waiters) this.settle(id, { kind: 'deferred' }, false);
    void released
      .then(() => this.db)
      .then(
        (db) => db.close(),
        () => undefined,
      );
  }
}

function registerBackgroundSync() {
  const worker = globalThis.navigator?.serviceWorker;
  if (!worker?.ready) return;
  void worker.ready
    .then((registration) => {
      const sync = (registration as { sync?: { register(tag: string): Promise<void> } }).sync;
      return sync?.register(CONTRIBUTIONS_SYNC_TAG);
    })
    .catch(() => undefined);
}

const queues = new WeakMap<PlatformStore, ContributionQueue>();
const running = new Set<ContributionQueue>();

/** The page's queue (one per store, made on first use). */
export function contributionQueueFor(store: PlatformStore, options?: QueueOptions): ContributionQueue {
  let queue = queues.get(store);
  if (!queue) {
    queue = new ContributionQueue(store, options);
    queues.set(store, queue);
    running.add(queue);
  }
  return queue;
}

/** Stops every queue made so far (tests end with it, as a closed page would). */
export function stopEveryQueue(): void {
  for (const queue of running) queue.stop();
  running.clear();
}
