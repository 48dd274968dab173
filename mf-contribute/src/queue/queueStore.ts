import type { ContributeDatabase } from './database';
import { joinAudio, splitAudio, type Contribution, type QueuedContribution, type QueueEntry } from './types';

/** A device-made id: the item's key in the queue and its Idempotency-Key on every try. */
export function newContributionId(): string {
  // randomUUID exists only in secure contexts (https, localhost); a site tried over plain http on a LAN
  // address gets the same version 4 UUID from getRandomValues, which every context has.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The queue's items in IndexedDB, oldest first. Every change is written before anything is sent. The listing
 * carries no audio bytes (`withAudio` reads them for a send). Where IndexedDB cannot be opened (some private
 * windows and in-app browsers), the items live in the page's memory: they are still sent with retries, only a
 * reload loses them.
 */
export class QueueStore {
  private memory: QueueEntry[] | null = null;
  private nextSeq = 1;

  constructor(private readonly db: Promise<ContributeDatabase>) {}

  private async open(): Promise<ContributeDatabase | null> {
    if (this.memory) return null;
    try {
      return await this.db;
    } catch {
      this.memory = [];
      return null;
    }
  }

  async add(contribution: Contribution, owner: string | null, now = Date.now()): Promise<QueueEntry> {
    const item: QueuedContribution = {
      id: newContributionId(),
      owner,
      createdAt: now,
      state: 'waiting',
      attempts: 0,
      notBefore: 0,
      contribution,
    };
    const db = await this.open();
    if (!db) {
      const entry = { ...item, seq: this.nextSeq++ };
      this.memory!.push(entry);
      return entry;
    }
    const { light, audio } = splitAudio(contribution);
    const tx = db.transaction(['items', 'audio'], 'readwrite');
    // The key is made by IndexedDB as the item is written: the order of saving, across tabs too.
    const seq = await tx.objectStore('items').add({ ...item, contribution: light } as QueueEntry);
    if (Object.keys(audio).length > 0) await tx.objectStore('audio').put({ id: item.id, audio });
    await tx.done;
    return { ...item, contribution: light, seq };
  }

  /** The item as it is to be sent: with its audio bytes. */
  async withAudio(entry: QueueEntry): Promise<QueueEntry> {
    const db = await this.open();
    if (!db) return entry;
    const stored = await db.get('audio', entry.id);
    return stored ? { ...entry, contribution: joinAudio(entry.contribution, stored.audio) } : entry;
  }

  async list(): Promise<QueueEntry[]> {
    const db = await this.open();
    return db ? db.getAll('items') : [...this.memory!];
  }

  async get(id: string): Promise<QueueEntry | undefined> {
    const db = await this.open();
    return db ? db.getFromIndex('items', 'byId', id) : this.memory!.find((item) => item.id === id);
  }

  /** Changes an item if it is still there; false when it was deleted meanwhile. */
  async update(id: string, change: (item: QueueEntry) => QueueEntry): Promise<boolean> {
    const db = await this.open();
    if (!db) {
      const at = this.memory!.findIndex((item) => item.id === id);
      if (at >= 0) this.memory![at] = change(this.memory![at]!);
      return at >= 0;
    }
    const tx = db.transaction('items', 'readwrite');
    const item = await tx.store.index('byId').get(id);
    if (item) await tx.store.put(change(item));
    await tx.done;
    return item !== undefined;
  }

  async remove(id: string): Promise<boolean> {
    const db = await this.open();
    if (!db) {
      const before = this.memory!.length;
      this.memory = this.memory!.filter((item) => item.id !== id);
      return this.memory.length < before;
    }
    const tx = db.transaction(['items', 'audio'], 'readwrite');
    const items = tx.objectStore('items');
    const seq = await items.index('byId').getKey(id);
    if (seq !== undefined) await items.delete(seq);
    await tx.objectStore('audio').delete(id);
    await tx.done;
    return seq !== undefined;
  }
}
