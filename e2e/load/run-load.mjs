// @ts-check
// A load run through the gateway: contributors signed up first (not timed), then all of them at once for a
// bounded time and number of turns (contributor.mjs), then every acknowledged write looked up in the
// database (lost-writes.mjs). The platform's processes' memory is read once the run has warmed up, and their
// peak at its end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { contracts } from './contracts.mjs';
import { PersonClient } from './http.mjs';
import { CallStats } from './stats.mjs';
import { signUpContributor } from './accounts.mjs';
import { contribute, letters } from './contributor.mjs';
import { findLostWrites } from './lost-writes.mjs';
import { memoryOfAll } from './memory.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The take every contributor uploads: 3.96 s of speech as Chromium's MediaRecorder writes it (WebM/Opus,
 * 17 KB), the file the audio probe's own tests use.
 */
export const TAKE = {
  bytes: () => fs.readFileSync(path.join(repoRoot, 'libs/audio-probe/test/fixtures/speech-chromium.webm')),
  type: 'audio/webm;codecs=opus',
  name: 'take.webm',
};

/**
 * Refusals that are one person racing another, not failures: the last vote on a clip given by someone else
 * first, or the last place on a sentence taken between the round and the upload. A person sees them too.
 */
export const CONTENTION = new Set(['recording.decided', 'recording.sentence_full']);

/** Sign-ups at once: each costs two password hashes, which the gateway runs two at a time. */
const SIGNUP_CONCURRENCY = 4;

/**
 * @typedef {{ index: number, email: string, address: string, cookie: string, userId: string, language: string }} Person
 */

/**
 * Client addresses from 198.19.0.0/16 (the half of the benchmarking range the end-to-end suite's own people
 * do not use), one per person.
 * @param {number} index
 */
const addressOf = (index) => `198.19.${Math.floor(index / 250) % 256}.${(index % 250) + 1}`;

/**
 * @template T, R
 * @param {readonly T[]} items
 * @param {number} concurrency
 * @param {(item: T) => Promise<R>} work
 * @returns {Promise<R[]>}
 */
async function inBatches(items, concurrency, work) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(/** @type {T} */ (items[i]));
      }
    }),
  );
  return results;
}

/**
 * Signs `count` contributors up and in, their Speak languages spread over the platform's languages.
 * @param {object} options
 * @param {string} options.site
 * @param {string} options.dataDir the platform's DATA_DIR
 * @param {number} options.count
 * @returns {Promise<{ people: Person[], stats: CallStats, ms: number }>}
 */
export async function signUpContributors({ site, dataDir, count }) {
  const stats = new CallStats();
  const tag = randomBytes(4).toString('hex');
  const languages = contracts.LANGUAGE_CODES;
  const started = performance.now();
  const people = await inBatches(
    Array.from({ length: count }, (_, i) => i),
    SIGNUP_CONCURRENCY,
    async (index) => {
      const address = addressOf(index);
      const client = new PersonClient({ site, address, stats });
      const email = `load-${tag}-${index}@example.org`;
      const language = /** @type {string} */ (languages[index % languages.length]);
      const userId = await signUpContributor(client, { dataDir, email, language });
      return { index, email, address, cookie: /** @type {string} */ (client.cookie), userId, language };
    },
  );
  return { people, stats, ms: performance.now() - started };
}

/**
 * @param {object} options
 * @param {Person[]} options.people signed in (signUpContributors)
 * @param {string[]} options.sites the gateways' origins; person i uses sites[i % sites.length]
 * @param {string} options.mongoUri the platform's database, for the check of acknowledged writes
 * @param {number} options.durationMs
 * @param {number} [options.maxTurns] per contributor
 * @param {number} [options.thinkMs] pause between a contributor's steps
 * @param {number} [options.warmupMs] when the processes' memory is read
 * @param {() => Record<string, number | undefined>} [options.pids] the platform's processes, by name
 */
export async function runLoad({
  people,
  sites,
  mongoUri,
  durationMs,
  maxTurns = Number.MAX_SAFE_INTEGER,
  thinkMs = 0,
  warmupMs = Math.min(15_000, durationMs / 4),
  pids = () => ({}),
}) {
  const stats = new CallStats(CONTENTION);
  /** @type {import('./contributor.mjs').Ledger} */
  const ledger = { recordings: [], votes: [], sentences: [] };
  const runTag = letters(randomBytes(4).readUInt32BE(0));
  const audio = TAKE.bytes();
  /** @type {{ afterWarmup: ReturnType<typeof memoryOfAll> | null }} */
  const memory = { afterWarmup: null };
  const warmup = setTimeout(() => {
    memory.afterWarmup = memoryOfAll(pids());
  }, warmupMs);
  const started = performance.now();
  const deadline = Date.now() + durationMs;
  const outcomes = await Promise.all(
    people.map((person) => {
      const client = new PersonClient({
        site: /** @type {string} */ (sites[person.index % sites.length]),
        address: person.address,
        stats,
      });
      client.cookie = person.cookie;
      return contribute({
        client,
        userId: person.userId,
        language: person.language,
        runTag,
        index: person.index,
        audio,
        audioFile: TAKE,
        deadline,
        maxTurns,
        thinkMs,
        ledger,
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearTimeout(warmup);
  const end = memoryOfAll(pids());
  const loadAverage = os.loadavg();
  const calls = stats.summary(seconds);
  const sum = (/** @type {(c: import('./stats.mjs').CallSummary) => number} */ pick) =>
    calls.reduce((total, c) => total + pick(c), 0);
  const lostWrites = await findLostWrites(mongoUri, ledger);
  return {
    contributors: people.length,
    gateways: sites.length,
    seconds,
    calls,
    totals: {
      calls: sum((c) => c.count),
      ok: sum((c) => c.ok),
      errors: sum((c) => c.errorCount),
      refused: sum((c) => c.refusedCount),
      perSecond: sum((c) => c.count) / seconds,
    },
    turns: outcomes.reduce((t, o) => t + o.turns, 0),
    emptyRounds: outcomes.reduce((t, o) => t + o.emptyRounds, 0),
    emptyBatches: outcomes.reduce((t, o) => t + o.emptyBatches, 0),
    acknowledged: {
      recordings: ledger.recordings.length,
      votes: ledger.votes.length,
      sentences: ledger.sentences.length,
    },
    lostWrites,
    memory: { afterWarmup: memory.afterWarmup, end },
    loadAverage,
  };
}

/** @typedef {Awaited<ReturnType<typeof runLoad>>} LoadResult */
