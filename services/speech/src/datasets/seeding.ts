import { ObjectId, type Db } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import { LANGUAGE_CODES, LANGUAGES, type DatasetInput, type LanguageCode } from '@platform/contracts';
import { isDuplicateKey, leasedJob } from '@platform/service-kit';
import type { SpeechStores } from '../stores';
import type { DatasetDoc } from './store';

/** How often the platform looks for a language that gained data (it also looks at start). */
export const DEFAULT_SEED_INTERVAL_MS = 10 * 60_000;

export interface DatasetSeeder {
  /** Defines the dataset of every language with data that has none yet; resolves to the languages seeded. */
  seedOnce(): Promise<LanguageCode[]>;
  start(): void;
  stop(): Promise<void>;
}

const languageName = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/**
 * The platform's own definition of a language's dataset. These words are data (the dataset's name and
 * description, as an admin would write them), in English like every dataset name.
 */
export function seededDefinition(language: LanguageCode): DatasetInput {
  const name = languageName(language);
  // Text pairs and paired donations are English–Yoruba: they belong with the Yoruba dataset.
  const pairs = language === 'yo';
  return {
    name: `${name} Speech and Text`,
    description:
      `Every validated ${name} recording read on the platform, with the approved ${name} sentences it was ` +
      `read from${pairs ? ', the approved English–Yoruba text pairs and their paired voice donations' : ''}. ` +
      'Defined by the platform; each release is a snapshot of the data validated up to its date.',
    language,
    category: 'linguistic',
    tags: ['speech', 'text', name.toLowerCase()],
    license: 'CC0-1.0',
    sources: {
      include: pairs ? ['recordings', 'audio-pairs', 'sentences', 'text-pairs'] : ['recordings', 'sentences'],
      languages: [language],
      domains: [],
      categories: [],
    },
  };
}

/**
 * Whether the platform has data in `language`: a validated (recordable) sentence, found through the round's
 * index, or else a validated recording. One existence check each, never a scan of every recording.
 */
export async function hasData(stores: SpeechStores, language: LanguageCode): Promise<boolean> {
  return (await stores.sentences.hasRecordable(language)) || (await stores.recordings.hasValidated(language));
}

/**
 * Seeds one dataset per language with data, once: the unique `seededFor` index makes it once even with
 * several speech processes, and a seeded dataset is never touched again, so an admin's edits stay.
 */
export function createDatasetSeeder(options: {
  /** Where the job's lease is kept. */
  db: Db;
  stores: SpeechStores;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
}): DatasetSeeder {
  const { db, stores, log } = options;
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? DEFAULT_SEED_INTERVAL_MS;
  let first: Promise<unknown> = Promise.resolve();
  let started = false;
  let stopped = false;

  async function seedLanguage(language: LanguageCode): Promise<boolean> {
    const definition = seededDefinition(language);
    // A name an admin already took gets a number: the admin's dataset keeps its name.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const name = attempt === 1 ? definition.name : `${definition.name} ${attempt}`;
      const at = now();
      const doc: DatasetDoc = {
        ...definition,
        _id: new ObjectId().toHexString(),
        name,
        nameKey: name.trim().toLowerCase(),
        seededFor: language,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await stores.datasets.insertDataset(doc);
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Another process seeded this language first: nothing to do.
        if (await stores.datasets.isSeeded(language)) return false;
      }
    }
    log.warn({ language }, 'no free name for the seeded dataset');
    return false;
  }

  async function seedOnce(): Promise<LanguageCode[]> {
    // Only languages without their dataset are looked at: once every language has one, nothing is read.
    const seeded = await stores.datasets.seededLanguages();
    const added: LanguageCode[] = [];
    for (const language of [...LANGUAGE_CODES].sort()) {
      if (seeded.has(language) || !(await hasData(stores, language))) continue;
      if (await seedLanguage(language)) added.push(language);
    }
    if (added.length) log.info({ languages: added }, 'datasets defined for languages with data');
    return added;
  }

  // One process looks at a time; the unique index still settles two that seed on demand at once.
  const job = leasedJob({
    name: 'dataset-seeding',
    db,
    intervalMs,
    log,
    run: async () => {
      await seedOnce();
    },
  });

  return {
    seedOnce,
    start() {
      if (started || stopped) return;
      started = true;
      // A pass at start, then one every interval.
      first = job.runOnce().catch((err: unknown) => log.warn({ err }, 'dataset seeding failed'));
      job.start();
    },
    async stop() {
      stopped = true;
      await first;
      await job.stop();
    },
  };
}
