import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LanguageCode, RecordingToValidate, SentenceToRecord } from '@platform/contracts';
import type { QueueEntry, StoredAudio } from './types';

/** A sentence kept for Speak to go on offline, in the order the server gave it. */
export interface StoredSentence {
  key: string;
  owner: string | null;
  language: LanguageCode;
  order: number;
  storedAt: number;
  sentence: SentenceToRecord;
}

/** A recording kept for Listen to go on offline, with its audio when the byte budget allowed it. */
export interface StoredClip {
  key: string;
  owner: string | null;
  order: number;
  storedAt: number;
  clip: RecordingToValidate;
  audio?: StoredAudio;
}

export interface ContributeDb extends DBSchema {
  /** The contributions to send, keyed by an increasing number: the order they were saved in. */
  items: { key: number; value: QueueEntry; indexes: { byId: string } };
  /** The audio of the queued items, apart: listing the queue never reads megabytes of it. */
  audio: { key: string; value: { id: string; audio: Record<string, StoredAudio> } };
  sentences: { key: string; value: StoredSentence };
  clips: { key: string; value: StoredClip };
  /** Small facts of the device: the last person seen, whether persistence was asked, the upload lease. */
  meta: { key: string; value: { name: string; value: unknown } };
}

export const DB_NAME = 'voicebank-contribute';
const DB_VERSION = 1;

export type ContributeDatabase = IDBPDatabase<ContributeDb>;

export function openContributeDb(): Promise<ContributeDatabase> {
  return openDB<ContributeDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      const items = db.createObjectStore('items', { keyPath: 'seq', autoIncrement: true });
      items.createIndex('byId', 'id', { unique: true });
      db.createObjectStore('audio', { keyPath: 'id' });
      db.createObjectStore('sentences', { keyPath: 'key' });
      db.createObjectStore('clips', { keyPath: 'key' });
      db.createObjectStore('meta', { keyPath: 'name' });
    },
  });
}

export async function readMeta<T>(db: ContributeDatabase, name: string): Promise<T | undefined> {
  return (await db.get('meta', name))?.value as T | undefined;
}

export async function writeMeta(db: ContributeDatabase, name: string, value: unknown): Promise<void> {
  await db.put('meta', { name, value });
}
