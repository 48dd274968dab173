import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguageCode } from '@platform/contracts';
import {
  backfillKeys,
  dropObsoleteIndexes,
  insertSentences,
  type NewSentence,
  type SequenceWriter,
} from './store';

interface SeedFile {
  language: string;
  license: string;
  citation: string;
  sentences: string[];
}

/** Reads every `<lang>.json` of the starter set; a malformed file is a packaging error and stops the start. */
export async function readSeedFiles(dir: string): Promise<NewSentence[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const all: NewSentence[] = [];
  for (const name of names) {
    const file = JSON.parse(await readFile(join(dir, name), 'utf8')) as SeedFile;
    if (!isLanguageCode(file.language) || !Array.isArray(file.sentences)) {
      throw new Error(`Seed file ${name} has no known language or no sentences`);
    }
    for (const text of file.sentences) {
      all.push({
        text,
        language: file.language,
        citation: file.citation,
        license: file.license,
        source: 'seed',
        status: 'validated',
      });
    }
  }
  return all;
}

const RETRY_MS = 2000;

/**
 * Seeds the starter set once the database answers (the service starts while it is down, like its indexes).
 * Idempotent: sentences already present are left alone, so every start may run it.
 */
export function startSeeding(options: {
  db: Db;
  writer: SequenceWriter;
  dir: string;
  log: FastifyBaseLogger;
}): { done: Promise<number>; stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<number>((resolve, reject) => {
    const attempt = async () => {
      if (stopped) return resolve(0);
      let items: NewSentence[];
      try {
        items = await readSeedFiles(options.dir);
      } catch (err) {
        return reject(err instanceof Error ? err : new Error(String(err)));
      }
      try {
        // Sentences stored before duplicate keys existed get theirs first (the unique index waits for them).
        const keyed = await backfillKeys(options.db);
        if (keyed > 0) options.log.info({ keyed }, 'duplicate keys added to stored sentences');
        await dropObsoleteIndexes(options.db);
        const added = await insertSentences(options.db, options.writer, items);
        options.log.info({ added, total: items.length }, 'starter sentences seeded');
        resolve(added);
      } catch (err) {
        if (stopped) return resolve(0);
        options.log.warn({ err }, 'could not seed starter sentences yet; will retry');
        timer = setTimeout(() => void attempt(), RETRY_MS);
        timer.unref();
      }
    };
    void attempt();
  });
  return {
    done,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
