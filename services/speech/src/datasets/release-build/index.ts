import type { Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetSources } from '@platform/contracts';

/** Builds the releases that are `building`, one at a time, in the background (a lease in MongoDB). */
export interface ReleaseWorker {
  /** Look for a release to build now (after a publish call) instead of at the next poll. */
  kick(): void;
  /** Resolves when no build is running or waiting (tests). */
  idle(): Promise<void>;
  /** Stops polling and waits for a running build to reach a safe point. */
  stop(): Promise<void>;
}

export interface ReleaseWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
}

/** What a release of these sources would hold right now. */
export interface SelectionCounts {
  recordings: number;
  audioPairs: number;
  sentences: number;
  textPairs: number;
}

// Placeholder until the release builder lands: builds nothing.
export function createReleaseWorker(_options: ReleaseWorkerOptions): ReleaseWorker {
  return { kick: () => undefined, idle: async () => undefined, stop: async () => undefined };
}

export async function selectionCounts(_db: Db, _sources: DatasetSources): Promise<SelectionCounts> {
  return { recordings: 0, audioPairs: 0, sentences: 0, textPairs: 0 };
}
