import type { LanguageCode, SentenceToRecord } from '@platform/contracts';
import type { ContributeDatabase, StoredSentence } from '../queue/database';

/** Sentences kept longer than this are dropped: others may have recorded them enough meanwhile. */
export const SENTENCE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (owner: string | null, language: LanguageCode, id: string) =>
  `${owner ?? ''}|${language}|${id}`;

/**
 * The sentences Speak keeps on the device for one person and language, in the order the server gave them:
 * the round on screen and the rounds after it, so that Speak goes on without a connection.
 */
export class SentenceDeck {
  constructor(
    private readonly db: Promise<ContributeDatabase>,
    private readonly owner: string | null,
    private readonly language: LanguageCode,
  ) {}

  private mine(entry: StoredSentence) {
    return entry.owner === this.owner && entry.language === this.language;
  }

  /** The kept sentences, oldest first, leaving out `except` (sentences whose take waits in the queue). */
  async read(except: ReadonlySet<string> = new Set()): Promise<SentenceToRecord[]> {
    const db = await this.db;
    const now = Date.now();
    const tx = db.transaction('sentences', 'readwrite');
    const kept: StoredSentence[] = [];
    for (const entry of await tx.store.getAll()) {
      if (!this.mine(entry)) continue;
      if (now - entry.storedAt > SENTENCE_KEEP_MS) await tx.store.delete(entry.key);
      else kept.push(entry);
    }
    await tx.done;
    return kept
      .sort((a, b) => a.order - b.order)
      .map((entry) => entry.sentence)
      .filter((sentence) => !except.has(sentence.id));
  }

  /** Keeps the sentences not kept yet (nor in `except`), after the others; how many were new. */
  async add(
    sentences: readonly SentenceToRecord[],
    except: ReadonlySet<string> = new Set(),
  ): Promise<number> {
    const db = await this.db;
    const tx = db.transaction('sentences', 'readwrite');
    const all = await tx.store.getAll();
    const known = new Set(all.map((entry) => entry.key));
    let order = all.reduce((max, entry) => Math.max(max, entry.order), 0);
    let added = 0;
    const storedAt = Date.now();
    for (const sentence of sentences) {
      const key = keyOf(this.owner, this.language, sentence.id);
      if (known.has(key) || except.has(sentence.id)) continue;
      known.add(key);
      order += 1;
      added += 1;
      await tx.store.put({ key, owner: this.owner, language: this.language, order, storedAt, sentence });
    }
    await tx.done;
    return added;
  }

  /** A sentence is done with (recorded, skipped or reported): it is not offered again from the device. */
  async drop(id: string): Promise<void> {
    const db = await this.db;
    await db.delete('sentences', keyOf(this.owner, this.language, id));
  }
}
