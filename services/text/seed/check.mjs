#!/usr/bin/env node
// Validates the starter sentence files against the Write guidance (SPEC §5) and the
// seed rules, so a bad edit is caught before the text service seeds it.
// Usage: node services/text/seed/check.mjs   (exits 1 and prints each offending line)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const LICENSE = 'CC0-1.0';
const CITATION = "Written for the platform's starter set; dedicated to the public domain (CC0 1.0).";
const MIN_WORDS = 3;
const MAX_WORDS = 14; // the guidance says fewer than 15

const GRAVE = '\u0300';
const ACUTE = '\u0301';
const MACRON = '\u0304';
const DOT_ABOVE = '\u0307';
const DOT_BELOW = '\u0323';

// Letters are checked after NFD decomposition: each base letter must be in `letters`,
// and each combining mark must be allowed on the base letter it follows.
const LANGUAGES = {
  yo: {
    minimum: 110,
    letters: 'abdefghijklmnoprstuwy',
    marks: {
      [GRAVE]: 'aeioumn',
      [ACUTE]: 'aeioumn',
      [DOT_BELOW]: 'eos',
    },
  },
  en: { minimum: 110, letters: 'abcdefghijklmnopqrstuvwxyz', marks: {} },
  pcm: { minimum: 35, letters: 'abcdefghijklmnopqrstuvwxyz', marks: {} },
  ha: {
    minimum: 35,
    // Boko orthography: no p, q, v, x; hooked ɓ ɗ ƙ ƴ.
    letters: 'abcdefghijklmnorstuwyzɓɗƙƴ',
    marks: {},
  },
  ig: {
    minimum: 35,
    // Standard (Ọnwụ) orthography: no q or x; c only inside ch; ị ọ ụ ṅ; optional tones.
    letters: 'abcdefghijklmnoprstuvwyz',
    marks: {
      [DOT_BELOW]: 'iou',
      [DOT_ABOVE]: 'n',
      [GRAVE]: 'aeioumn',
      [ACUTE]: 'aeioumn',
      [MACRON]: 'aeioumn',
    },
  },
};

const PUNCTUATION = new Set(['.', ',', '?', '!', "'", ' ']);

/** @returns {string[]} problems with one sentence (empty when it is fine) */
function problemsWith(sentence, rules) {
  const problems = [];
  if (typeof sentence !== 'string') return ['not a string'];
  if (sentence !== sentence.normalize('NFC')) problems.push('not Unicode NFC');
  if (sentence !== sentence.trim()) problems.push('leading or trailing space');
  if (/\s{2,}/u.test(sentence)) problems.push('repeated spaces');
  if (/[^\S ]/u.test(sentence)) problems.push('whitespace other than a plain space');
  if (/\p{Nd}/u.test(sentence)) problems.push('contains a digit');
  if (!/[.?!]$/u.test(sentence)) problems.push('does not end with . ? or !');
  if (/ [.,?!]/u.test(sentence)) problems.push('space before punctuation');
  if (/[.,?!][^\s'.]/u.test(sentence.slice(0, -1))) problems.push('no space after punctuation');
  if (/[.,?!']{2,}/u.test(sentence.replace(/'$/u, ''))) problems.push('doubled punctuation');
  if (!/^\p{Lu}/u.test(sentence)) problems.push('does not start with a capital letter');

  const words = sentence.split(' ').filter((w) => /\p{L}/u.test(w));
  if (words.length < MIN_WORDS || words.length > MAX_WORDS) {
    problems.push(`${words.length} words (allowed ${MIN_WORDS} to ${MAX_WORDS})`);
  }

  let base = '';
  for (const ch of sentence.normalize('NFD').toLowerCase()) {
    if (PUNCTUATION.has(ch)) {
      base = '';
    } else if (/\p{M}/u.test(ch)) {
      const allowedOn = rules.marks[ch];
      if (!allowedOn || !allowedOn.includes(base)) {
        problems.push(
          `mark U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')} not allowed on "${base}"`,
        );
      }
    } else if (rules.letters.includes(ch)) {
      base = ch;
    } else {
      problems.push(
        `character "${ch}" (U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}) not allowed`,
      );
      base = '';
    }
  }
  return problems;
}

/** Extra per-language checks that a plain letter set cannot express. */
function languageProblems(code, sentence) {
  const problems = [];
  const lower = sentence.normalize('NFD').toLowerCase();
  if (code === 'ig' && /c(?!h)/u.test(lower)) problems.push('Igbo "c" outside "ch"');
  if (code === 'yo') {
    // Two tone marks on one vowel is always a typo.
    if (/[\u0300\u0301][\u0323]?[\u0300\u0301]/u.test(lower)) problems.push('two tone marks on one letter');
  }
  return problems;
}

let failures = 0;
const counts = {};
for (const [code, rules] of Object.entries(LANGUAGES)) {
  const file = join(here, `${code}.json`);
  const fail = (message) => {
    failures += 1;
    console.error(`${code}.json: ${message}`);
  };
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`cannot read: ${error.message}`);
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
  if (data.sentences.length < rules.minimum) {
    fail(`${data.sentences.length} sentences, at least ${rules.minimum} required`);
  }
  const seen = new Map();
  data.sentences.forEach((sentence, index) => {
    const where = `sentence ${index + 1} ${JSON.stringify(sentence)}`;
    for (const problem of [...problemsWith(sentence, rules), ...languageProblems(code, sentence)]) {
      fail(`${where}: ${problem}`);
    }
    if (typeof sentence !== 'string') return;
    const key = sentence.normalize('NFC').toLocaleLowerCase();
    if (seen.has(key)) fail(`${where}: duplicate of sentence ${seen.get(key) + 1}`);
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
