#!/usr/bin/env node
// @ts-check
// Validates the starter sentence files with the text service's own sentence rules (src/rules/: the letters
// of each language, digits, links, symbols, word count, Yoruba tone marks, duplicate keys), plus the house
// style of the starter set, so a bad edit is caught before the service seeds it.
// Usage: node services/text/seed/check.mjs   (builds the service's code first; exits 1 and prints each
// offending line)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..', '..');
const require = createRequire(import.meta.url);

// The rules are the service's compiled code (and that of @platform/contracts): build them (Nx caches it).
try {
  execFileSync('npx', ['nx', 'run', '@platform/text-service:build'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
} catch (error) {
  // execFileSync's error carries the child's output.
  const { stdout, stderr } = /** @type {{ stdout?: Buffer, stderr?: Buffer }} */ (error);
  console.error(`could not build the text service's rules:\n${stdout ?? ''}${stderr ?? ''}`);
  process.exit(2);
}
// Typed by the sources it is built from.
const { checkSentence, duplicateKey } = /** @type {typeof import('../src/rules/sentence-rules')} */ (
  require(join(here, '..', 'dist', 'rules', 'sentence-rules.js'))
);
const { ERROR_MESSAGES } = require('@platform/contracts');

const LICENSE = 'CC0-1.0';
const CITATION = "Written for the platform's starter set; dedicated to the public domain (CC0 1.0).";
// House style of the starter set, stricter than what a writer may submit.
const MIN_WORDS = 3;
/** @type {Record<import('@platform/contracts').LanguageCode, number>} */
const MINIMUM_SENTENCES = { yo: 110, en: 110, pcm: 35, ha: 35, ig: 35 };
const SEED_PUNCTUATION = /^[\p{L}\p{M} .,?!']*$/u;

/**
 * @param {unknown} sentence
 * @param {import('@platform/contracts').LanguageCode} code
 * @returns {string[]} problems with one sentence (empty when it is fine)
 */
function problemsWith(sentence, code) {
  if (typeof sentence !== 'string') return ['not a string'];
  /** @type {string[]} */
  const problems = [];
  const verdict = checkSentence(sentence, code);
  if (verdict.code) problems.push(`${ERROR_MESSAGES[verdict.code]} (${verdict.code})`);
  if (verdict.text !== sentence) problems.push('not stored as written: not NFC, or extra whitespace');
  if (!SEED_PUNCTUATION.test(sentence)) problems.push("punctuation other than . , ? ! '");
  if (!/[.?!]$/u.test(sentence)) problems.push('does not end with . ? or !');
  if (/ [.,?!]/u.test(sentence)) problems.push('space before punctuation');
  if (/[.,?!][^\s'.]/u.test(sentence.slice(0, -1))) problems.push('no space after punctuation');
  if (/[.,?!']{2,}/u.test(sentence.replace(/'$/u, ''))) problems.push('doubled punctuation');
  if (!/^\p{Lu}/u.test(sentence)) problems.push('does not start with a capital letter');
  const words = sentence.split(' ').filter((w) => /\p{L}/u.test(w)).length;
  if (words < MIN_WORDS) problems.push(`${words} words (the starter set has at least ${MIN_WORDS})`);
  return problems;
}

let failures = 0;
/** @type {Record<string, number>} */
const counts = {};
// The keys of MINIMUM_SENTENCES are language codes (Object.entries widens them to strings).
const minimums = /** @type {[import('@platform/contracts').LanguageCode, number][]} */ (
  Object.entries(MINIMUM_SENTENCES)
);
for (const [code, minimum] of minimums) {
  /** @param {string} message */
  const fail = (message) => {
    failures += 1;
    console.error(`${code}.json: ${message}`);
  };
  /** @type {{ language?: unknown, license?: unknown, citation?: unknown, sentences?: unknown }} */
  let data;
  try {
    data = JSON.parse(readFileSync(join(here, `${code}.json`), 'utf8'));
  } catch (error) {
    fail(`cannot read: ${/** @type {Error} */ (error).message}`);
    continue;
  }
  if (data.language !== code) fail(`language is ${JSON.stringify(data.language)}, expected "${code}"`);
  if (data.license !== LICENSE) fail(`license is ${JSON.stringify(data.license)}, expected "${LICENSE}"`);
  if (data.citation !== CITATION) fail('citation differs from the agreed text');
  const extraKeys = Object.keys(data).filter(
    (k) => !['language', 'license', 'citation', 'sentences'].includes(k),
  );
  if (extraKeys.length) fail(`unexpected keys: ${extraKeys.join(', ')}`);
  if (!Array.isArray(data.sentences)) {
    fail('sentences is not a list');
    continue;
  }
  if (data.sentences.length < minimum)
    fail(`${data.sentences.length} sentences, at least ${minimum} required`);
  /** @type {Map<string, number>} */
  const seen = new Map();
  data.sentences.forEach((sentence, index) => {
    const where = `sentence ${index + 1} ${JSON.stringify(sentence)}`;
    for (const problem of problemsWith(sentence, code)) fail(`${where}: ${problem}`);
    if (typeof sentence !== 'string') return;
    // The service's duplicate key: NFC, case folded, without punctuation and spaces.
    const key = duplicateKey(sentence);
    const first = seen.get(key);
    if (first !== undefined) fail(`${where}: duplicate of sentence ${first + 1}`);
    else seen.set(key, index);
  });
  counts[code] = data.sentences.length;
}

if (failures) {
  console.error(`\n${failures} problem(s) found.`);
  process.exit(1);
}
console.log(
  `All seed files pass: ${Object.entries(counts)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ')}`,
);
