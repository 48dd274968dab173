import type { UploadProgress } from '@platform/remote-kit/upload';
import { backoffDelay } from './backoff';
import type { QueueStore } from './queueStore';
import type { SendResult } from './sendResult';
import type { QueueEntry, Refusal } from './types';

export interface UploaderEvents {
  /** A try of this item begins. */
  sending(id: string): void;
  /** Percent of the item's bytes sent (multipart items only). */
  progress(id: string, percent: number): void;
  /** The server has it: the item is gone from the device. */
  sent(entry: QueueEntry, answer: unknown): void;
  /** The server refused it: the item stays, marked failed, until the person retries or deletes it. */
  refused(entry: QueueEntry, refusal: Refusal): void;
  /** This try came to nothing usable; the item waits (for the connection, the backoff, or a new session). */
  deferred(id: string, result: SendResult): void;
  /** The session ended or does not allow the call: nothing is sent until it changes. */
  signedOut(): void;
  /** The queue in IndexedDB changed. */
  changed(): void;
}

export interface UploaderOptions {
  store: QueueStore;
  send: (entry: QueueEntry, onProgress: (progress: UploadProgress) => void) => Promise<SendResult>;
  /**
   * Whose items may go now: a person's id, or null when the session is not known (items of the last person
   * seen on the device, and items made before anyone was known, go then). `undefined`: nobody's.
   */
  sender: () => string | null | undefined;
  isOnline: () => boolean;
  events: UploaderEvents;
  now?: () => number;
  random?: () => number;
  backoff?: { baseMs?: number; capMs?: number };
  /** The longest sleep: the queue is looked at again this often even if no event came (default 30 s). */
  recheckMs?: number;
}

/** Items `sender` may send now, in their order. */
export const sendableBy = (items: QueueEntry[], sender: string | null) =>
  items.filter((item) => item.owner === sender || item.owner === null);

/**
 * Sends the queue's items one at a time, oldest first, while this tab is the one that uploads, the browser
 * says it is online and the session allows it. A try that gets no usable answer waits with exponential
 * backoff; the next item is never sent before the first (what the person saved first arrives first).
 */
export class Uploader {
  private active = false;
  private looping = false;
  private hurry = false;
  /** A wake came while the loop was not asleep: its next sleep must not happen. */
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: UploaderOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** Starts sending (this tab leads); safe to call again. */
  start(): void {
    this.active = true;
    if (!this.looping) void this.loop();
    else this.wake();
  }

  stop(): void {
    this.active = false;
    this.wake();
  }

  /** Something changed (an item saved, the connection back, a new session): look at the queue again. */
  wake(): void {
    clearTimeout(this.timer);
    const resolve = this.wakeUp;
    this.wakeUp = null;
    if (resolve) resolve();
    else this.woken = true;
  }

  /** The person or the connection says: try now, without waiting out the backoff. */
  hurryUp(): void {
    this.hurry = true;
    this.wake();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.wakeUp = resolve;
      this.timer = setTimeout(() => this.wake(), Math.max(0, ms));
    });
  }

  private async loop(): Promise<void> {
    this.looping = true;
    const recheck = this.options.recheckMs ?? 30_000;
    try {
      while (this.active) {
        this.woken = false;
        const sender = this.options.sender();
        if (sender === undefined || !this.options.isOnline()) {
          await this.sleep(recheck);
          continue;
        }
        const next = sendableBy(await this.options.store.list(), sender).find((i) => i.state === 'waiting');
        if (!this.active) break;
        if (!next) {
          this.hurry = false;
          await this.sleep(recheck);
          continue;
        }
        const wait = this.hurry ? 0 : next.notBefore - this.now();
        if (wait > 0) {
          await this.sleep(Math.min(wait, recheck));
          continue;
        }
        this.hurry = false;
        await this.sendOne(next, sender);
      }
    } catch {
      // IndexedDB failed under the loop (storage cleared, quota): look again after a while.
      this.looping = false;
      if (this.active) setTimeout(() => this.start(), this.options.recheckMs ?? 30_000);
      return;
    } finally {
      this.looping = false;
    }
  }

  private async sendOne(entry: QueueEntry, sender: string | null): Promise<void> {
    const { store, events } = this.options;
    let item = entry;
    if (item.owner === null && sender !== null) {
      // Saved before anyone was known on this device: it becomes the person's who is signed in to send it.
      item = { ...item, owner: sender };
      await store.update(item.id, (stored) => ({ ...stored, owner: sender }));
    }
    events.sending(item.id);
    const result = await this.options.send(await store.withAudio(item), ({ loaded, total }) => {
      if (total > 0) events.progress(item.id, Math.round((loaded / total) * 100));
    });
    switch (result.kind) {
      case 'sent':
        await store.remove(item.id);
        events.sent(item, result.answer);
        break;
      case 'refused':
        await store.update(item.id, (stored) => ({ ...stored, state: 'failed', failure: result.refusal }));
        events.refused(item, result.refusal);
        break;
      case 'signedOut':
        events.deferred(item.id, result);
        events.signedOut();
        break;
      case 'retry': {
        const attempts = item.attempts + 1;
        const notBefore = this.now() + backoffDelay(attempts, this.random, this.options.backoff);
        await store.update(item.id, (stored) => ({ ...stored, attempts, notBefore }));
        events.deferred(item.id, result);
        break;
      }
    }
    events.changed();
  }
}
