import {
  DATASET_LICENSE_LABELS,
  neutraliseCell,
  type DatasetLicense,
  type ReleaseSplit,
} from '@platform/contracts';
import { howToCiteLines } from './citation';

/** One WAV in `clips/` and its row in the Common Voice tables. */
export interface ClipRow {
  /** File name inside `clips/`. */
  path: string;
  client_id: string;
  sentence_id: string;
  sentence: string;
  sentence_domain: string;
  up_votes: string;
  down_votes: string;
  variant: string;
  locale: string;
  /** The speaker's details as they stood at build time (SpeakerDetails), empty when not given. */
  age: string;
  gender: string;
  accents: string;
  split: ReleaseSplit;
  durationMs: number;
}

/** Common Voice's columns, in its order (validated.tsv, train.tsv, dev.tsv, test.tsv). */
export const CV_COLUMNS = [
  'client_id',
  'path',
  'sentence_id',
  'sentence',
  'sentence_domain',
  'up_votes',
  'down_votes',
  'age',
  'gender',
  'accents',
  'variant',
  'locale',
  'segment',
] as const;

/** Hugging Face AudioFolder: file_name first, the transcription, then Common Voice's other columns and split. */
export const METADATA_CSV_COLUMNS = [
  'file_name',
  'transcription',
  'client_id',
  'sentence_id',
  'sentence_domain',
  'up_votes',
  'down_votes',
  'age',
  'gender',
  'accents',
  'variant',
  'locale',
  'segment',
  'split',
] as const;

/** Common Voice's validated_sentences.tsv columns (its datasheets' order, with `variant` since Corpus 22). */
export const SENTENCE_COLUMNS = [
  'sentence_id',
  'sentence',
  'variant',
  'sentence_domain',
  'source',
  'is_used',
  'clips_count',
] as const;

/** Common Voice's unvalidated_sentences.tsv columns: the sentences not (or not yet) approved, with their votes. */
export const UNVALIDATED_SENTENCE_COLUMNS = [
  'sentence_id',
  'sentence',
  'variant',
  'sentence_domain',
  'source',
  'up_votes',
  'down_votes',
  'status',
] as const;

/** Common Voice's reported.tsv columns: one row per report made on a sentence. */
export const REPORTED_COLUMNS = ['sentence_id', 'sentence', 'locale', 'reason'] as const;

/** Common Voice's clip_durations.tsv columns. */
export const CLIP_DURATION_COLUMNS = ['clip', 'duration[ms]'] as const;

/**
 * A TSV field: Common Voice's files are unquoted, so tabs and line breaks become spaces; a field that would
 * open as a spreadsheet formula is quoted first (neutraliseCell), as in every table the platform writes.
 */
export const tsvField = (value: string): string => neutraliseCell(value).replace(/[\t\r\n]+/g, ' ');
export const tsvLine = (fields: readonly string[]): string => `${fields.map(tsvField).join('\t')}\n`;

/** An RFC 4180 CSV field (what the `datasets` library's csv reader expects), neutralised as above. */
export const csvField = (raw: string): string => {
  const value = neutraliseCell(raw);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};
export const csvLine = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\r\n`;

export function cvRow(clip: ClipRow): string {
  const values: Record<(typeof CV_COLUMNS)[number], string> = {
    client_id: clip.client_id,
    path: clip.path,
    sentence_id: clip.sentence_id,
    sentence: clip.sentence,
    sentence_domain: clip.sentence_domain,
    up_votes: clip.up_votes,
    down_votes: clip.down_votes,
    age: clip.age,
    gender: clip.gender,
    accents: clip.accents,
    variant: clip.variant,
    locale: clip.locale,
    segment: '',
  };
  return tsvLine(CV_COLUMNS.map((c) => values[c]));
}

export function metadataCsvRow(clip: ClipRow): string {
  return csvLine([
    `${clip.locale}/clips/${clip.path}`,
    clip.sentence,
    clip.client_id,
    clip.sentence_id,
    clip.sentence_domain,
    clip.up_votes,
    clip.down_votes,
    clip.age,
    clip.gender,
    clip.accents,
    clip.variant,
    clip.locale,
    '',
    clip.split,
  ]);
}

/** A folder-safe name: lower case ASCII letters, digits and dashes. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'dataset';
}

export const LICENSE_URLS: Record<DatasetLicense, string> = {
  'CC0-1.0': 'https://creativecommons.org/publicdomain/zero/1.0/',
  'CC-BY-4.0': 'https://creativecommons.org/licenses/by/4.0/',
  'CC-BY-SA-4.0': 'https://creativecommons.org/licenses/by-sa/4.0/',
  'CC-BY-NC-4.0': 'https://creativecommons.org/licenses/by-nc/4.0/',
  'CC-BY-NC-SA-4.0': 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
};

const LICENSE_TERMS: Record<DatasetLicense, string> = {
  'CC0-1.0':
    'The contributors have dedicated this work to the public domain: you may copy, modify, distribute and use it, ' +
    'even commercially, without asking permission.',
  'CC-BY-4.0':
    'You may share and adapt this material for any purpose, even commercially, provided you give appropriate ' +
    'credit, link to the licence, and indicate if changes were made.',
  'CC-BY-SA-4.0':
    'You may share and adapt this material for any purpose, even commercially, provided you give appropriate ' +
    'credit, link to the licence, indicate if changes were made, and distribute your contributions under the ' +
    'same licence.',
  'CC-BY-NC-4.0':
    'You may share and adapt this material provided you give appropriate credit, link to the licence, indicate ' +
    'if changes were made, and do not use it for commercial purposes.',
  'CC-BY-NC-SA-4.0':
    'You may share and adapt this material provided you give appropriate credit, link to the licence, indicate ' +
    'if changes were made, do not use it for commercial purposes, and distribute your contributions under the ' +
    'same licence.',
};

export function licenseText(license: DatasetLicense, title: string, year: number): string {
  return [
    `${title}`,
    `Copyright (c) ${year} the contributors.`,
    '',
    `Licensed under ${DATASET_LICENSE_LABELS[license]} (SPDX: ${license}).`,
    `The full legal code is at ${LICENSE_URLS[license]}legalcode`,
    '',
    LICENSE_TERMS[license],
    '',
    'By using this dataset you also agree not to attempt to determine the identity of any speaker.',
    '',
  ].join('\n');
}

export interface ReadmeFacts {
  title: string;
  description: string;
  folder: string;
  version: number;
  license: DatasetLicense;
  publishedAt: Date;
  cutoff: Date;
  clips: number;
  audioSeconds: number;
  speakers: number;
  sentences: number;
  textPairs: number;
  splits: Array<{ split: ReleaseSplit; clips: number; speakers: number; seconds: number }>;
  sampleRate: number;
  meanSnrDb: number | null;
  hasText: boolean;
  hasAudio: boolean;
  /** The languages with a Common Voice folder. */
  languages: readonly string[];
  /** The release's citation (citationText). */
  citation: string;
}

const hours = (seconds: number) => (seconds / 3600).toFixed(2);

/** What neutraliseCell does to the tables, said once in every release's README. */
export const SPREADSHEET_NOTE =
  'In every `.tsv` and `.csv` file, a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return ' +
  "is written with a single quote (`'`) in front, so that spreadsheet programs show it as text instead of " +
  'running it as a formula; the `.jsonl` files keep such text as it was written.';

export function readme(f: ReadmeFacts): string {
  const lines = [
    `# ${f.title} — version ${f.version}`,
    '',
    f.description,
    '',
    `Published ${f.publishedAt.toISOString()}; it holds the data validated up to ${f.cutoff.toISOString()}. ` +
      'A release never changes once published: later votes and reviews go into the next version.',
    '',
    '## What is inside',
    '',
    `- ${f.clips} clips, ${hours(f.audioSeconds)} hours of audio, from ${f.speakers} speakers.`,
    `- ${f.sentences} approved sentences and ${f.textPairs} English–Yoruba text pairs.`,
    '',
    SPREADSHEET_NOTE,
    '',
  ];
  if (f.hasAudio) {
    lines.push(
      '### Audio and its tables (Common Voice layout)',
      '',
      `One folder per language (${f.languages.map((l) => `\`${l}/\``).join(', ') || 'none'}), laid out as a ` +
        'Common Voice language folder so that a script written for Common Voice runs unchanged (tab-separated, ' +
        'no quoting, a header row):',
      '',
      `- \`<locale>/clips/\`: the validated clips as WAV, 16-bit PCM, mono, ${f.sampleRate} Hz. Recordings were ` +
        'decoded from the stored takes (WebM or Ogg Opus); donated WAV files at another rate were resampled ' +
        'with libsamplerate.',
      '- `<locale>/validated.tsv`: every validated clip; `train.tsv`, `dev.tsv`, `test.tsv`: the splits. Columns ' +
        `as Common Voice: ${CV_COLUMNS.join(', ')}. \`path\` is the file name inside \`clips/\`. age, gender ` +
        'and accents are what each speaker chose to give in their settings when this release was built (empty ' +
        'when they gave none); segment is always empty.',
      '- `<locale>/invalidated.tsv` and `<locale>/other.tsv`: the recordings of the same scope that votes ' +
        'rejected, and those votes had not decided when the release was built, with the same columns. Only ' +
        'validated audio leaves the platform: the files their `path` names are not in `clips/`.',
      '- `<locale>/reported.tsv`: sentence_id, sentence, locale, reason: one row per report a contributor made ' +
        'on a sentence of the dataset, up to the cutoff.',
      '- `<locale>/clip_durations.tsv`: clip, duration[ms] of every clip in `clips/`.',
      `- \`<locale>/validated_sentences.tsv\`: ${SENTENCE_COLUMNS.join(', ')}: the approved sentences of the ` +
        'dataset; is_used is 1 while the sentence is still offered for recording, clips_count its clips in ' +
        'this release. variant and source are empty (the platform keeps neither for a sentence).',
      `- \`<locale>/unvalidated_sentences.tsv\`: ${UNVALIDATED_SENTENCE_COLUMNS.join(', ')}: the sentences ` +
        'not approved, with status pending or rejected; the votes are empty (the speech service does not ' +
        'hold sentence votes).',
      '- `<locale>/README.md`: the language’s datasheet: what the data is, how it was collected and validated ' +
        '(the vote rule), speakers, hours, demographics as counts, splits, licence, known limitations, how to ' +
        'cite it and how to report a problem clip; every figure in it is computed from the tables beside it.',
      '- `metadata.csv`: every validated clip for Hugging Face `datasets` (AudioFolder): file_name ' +
        '(`<locale>/clips/…`), transcription, then the other columns and the split. Load it with ' +
        `\`load_dataset("audiofolder", data_dir="${f.folder}")\`.`,
      '',
      'Paired voice donations give two clips each: the English side (locale `en`) and the Yoruba side (locale ' +
        '`yo`, variant = the donor’s dialect); `sentence_id` is then the text pair’s id.',
      '',
      '### Splits',
      '',
      '| split | clips | hours | speakers |',
      '| --- | --- | --- | --- |',
      ...f.splits.map((s) => `| ${s.split} | ${s.clips} | ${hours(s.seconds)} | ${s.speakers} |`),
      '',
      'Splits are speaker-disjoint: no speaker is in two splits. Speakers are ordered by their number of clips ' +
        '(fewest first, ties broken by a hash fixed for this release); test takes speakers in that order until it ' +
        'holds about 10% of the clips (at least one speaker), then dev likewise, and train all the others, so ' +
        'the split is about 80/10/10 by clips and the same every time this release is built. With fewer than ' +
        'three speakers every clip is in train and dev and test are empty.',
      '',
      '### Speaker ids',
      '',
      '`client_id` is the SHA-256 of a random salt made for this release and the contributor’s account, in hex. ' +
        'It is the same for all clips of one person in this release and different in every other release; no ' +
        'name, e-mail or account id leaves the platform.',
      '',
      '### Signal-to-noise ratio',
      '',
      `The mean estimated SNR is ${f.meanSnrDb === null ? 'not available' : `${f.meanSnrDb.toFixed(1)} dB`}. ` +
        'It is estimated blindly from each decoded clip: the clip is cut into 20 ms frames, and the 90th ' +
        'percentile of the frames’ energy (speech) is compared with the 10th percentile (pauses, the ' +
        'background): 10·log10(p90 / p10), capped at 100 dB; the figure is the mean over the clips.',
      '',
    );
  }
  if (f.hasText) {
    lines.push(
      '### Text',
      '',
      '- `text/sentences.tsv` and `text/sentences.jsonl`: approved sentences (sentence_id, sentence, locale, ' +
        'sentence_domain).',
      '- `text/text_pairs.tsv` and `text/text_pairs.jsonl`: approved English–Yoruba pairs (text_id, english, ' +
        'yoruba, category).',
      '',
    );
  }
  lines.push(
    '## Metadata for tools',
    '',
    '- `croissant.json`: the release in Croissant 1.1 (MLCommons JSON-LD): name, licence, citation, every ' +
      'file with its SHA-256 (the clips as one file set per language), the fields of every table with their ' +
      'types, and the responsible-AI fields. It describes the files of this folder, paths relative to it; it ' +
      'cannot hold the SHA-256 of the archive it is in, which the release’s `metadata.json` and the API give.',
    '- `CITATION.cff`: the citation in the Citation File Format 1.2.0.',
    '',
    '## Checking the files',
    '',
    `\`SHA256SUMS\` lists the SHA-256 of every other file: run \`sha256sum -c SHA256SUMS\` inside \`${f.folder}/\`.`,
    '',
    '## Licence',
    '',
    `${DATASET_LICENSE_LABELS[f.license]} (${LICENSE_URLS[f.license]}); see \`LICENSE\`. You agree not to ` +
      'attempt to identify the speakers.',
    '',
    ...howToCiteLines(f.citation, 'beside this README'),
    '',
  );
  return lines.join('\n');
}
