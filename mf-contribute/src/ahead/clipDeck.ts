import type { RecordingToValidate } from '@platform/contracts';
import type { ContributeDatabase, StoredClip } from '../queue/database';
import type { StoredAudio } from '../queue/types';

/** The most audio Listen keeps on the device for going on offline. */
export const CLIP_AUDIO_BUDGET_BYTES = 5 * 1024 * 1024;
/** Clips kept longer than this are dropped: others may have decided them meanwhile. */
export const CLIP_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

const keyOf = (owner: string | null, id: string) => `${owner ?? ''}|${id}`;

/**
 * The recordings Listen keeps on the device for one person, in the order the server gave them, with their
 * audio while it fits the byte budget: the clip on screen and the next batch, so Listen goes on offline.
 */
export class ClipDeck {
  constructor(
    private readonly db: Promise<ContributeDatabase>,
    private readonly owner: string | null,
    private readonly budgetBytes = CLIP_AUDIO_BUDGET_BYTES,
  ) {}

  /** The kept clips, oldest first, leaving out `except` (recordings whose vote waits in the queue). */
  async read(except: ReadonlySet<string> = new Set()): Promise<StoredClip[]> {
    const db = await this.db;
    const now = Date.now();
    const tx = db.transaction('clips', 'readwrite');
    const kept: StoredClip[] = [];
    for (const entry of await tx.store.getAll()) {
      if (entry.owner !== this.owner) continue;
      if (now - entry.storedAt > CLIP_KEEP_MS) await tx.store.delete(entry.key);
      else kept.push(entry);
    }
    await tx.done;
    return kept.sort((a, b) => a.order - b.order).filter((entry) => !except.has(entry.clip.id));
  }

  /** Keeps the clips not kept yet (nor in `except`), after the others; how many were new. */
  async add(clips: readonly RecordingToValidate[], except: ReadonlySet<string> = new Set()): Promise<number> {
    const db = await this.db;
    const tx = db.transaction('clips', 'readwrite');
    const all = await tx.store.getAll();
    const known = new Set(all.map((entry) => entry.key));
    let order = all.reduce((max, entry) => Math.max(max, entry.order), 0);
    let added = 0;
    const storedAt = Date.now();
    for (const clip of clips) {
      const key = keyOf(this.owner, clip.id);
      if (known.has(key) || except.has(clip.id)) continue;
      known.add(key);
      order += 1;
      added += 1;
      await tx.store.put({ key, owner: this.owner, order, storedAt, clip });
    }
    await tx.done;
    return added;
  }

  /**
   * Keeps a clip's audio if every audio kept (this person's and others') stays within the budget; false when
   * it does not fit, or the clip is no longer kept.
   */
  async keepAudio(id: string, audio: StoredAudio): Promise<boolean> {
    const db = await this.db;
    const tx = db.transaction('clips', 'readwrite');
    const all = await tx.store.getAll();
    const used = all.reduce((sum, entry) => sum + (entry.audio?.bytes.byteLength ?? 0), 0);
    const entry = all.find((candidate) => candidate.key === keyOf(this.owner, id));
    const fits = entry !== undefined && used + audio.bytes.byteLength <= this.budgetBytes;
    if (fits) await tx.store.put({ ...entry, audio });
    await tx.done;
    return fits;
  }

  /** A clip is done with (voted, skipped, reported): it is not offered again from the device. */
  async drop(id: string): Promise<void> {
    const db = await this.db;
    await db.delete('clips', keyOf(this.owner, id));
  }
}
