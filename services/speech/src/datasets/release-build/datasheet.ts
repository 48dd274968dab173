import {
  DATASET_LICENSE_LABELS,
  RECORDING_REPORT_REASONS,
  RELEASE_SPLITS,
  languageName,
  recordingStatusFor,
  type DatasetLicense,
  type DatasheetCountRow,
  type LanguageCode,
  type LanguageDatasheet,
} from '@platform/contracts';
import { howToCiteLines } from './citation';
import type { LanguageTally } from './cv-files';
import { HELD_OUT_SHARE, MIN_SPEAKERS_FOR_SPLITS } from './speakers';
import { LICENSE_URLS, type ClipRow } from './tables';
import { countToneMarks, emptyToneCoverage, type ToneCoverage } from './tone-marks';

export interface DatasheetFacts {
  title: string;
  description: string;
  version: number;
  publishedAt: Date;
  cutoff: Date;
  license: DatasetLicense;
  language: LanguageCode;
  /** This language's validated clips, as written in its validated.tsv. */
  clips: readonly ClipRow[];
  /** What its other tables counted as they were written. */
  tally: LanguageTally;
  sampleRate: number;
  citation: string;
}

/** How votes decide a recording, read from the rule the service applies (recordingStatusFor), not restated. */
export function voteRule() {
  const first = (ok: (n: number) => boolean) => {
    for (let n = 0; n <= 100; n += 1) if (ok(n)) return n;
    throw new Error('the vote rule decides nothing below 100 votes');
  };
  const minYes = first((n) => recordingStatusFor(n, 0) === 'validated');
  const minNo = first((n) => recordingStatusFor(0, n) === 'invalidated');
  const margin = first((d) => recordingStatusFor(minYes + d, minYes) === 'validated');
  return { minYes, minNo, margin };
}

const hours = (ms: number) => (ms / 3_600_000).toFixed(2);
const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '–');
/** A table cell from free text (accents are typed by the speakers). */
const cell = (s: string) => s.replace(/[|\r\n]+/g, ' ').trim();

/** What a demographic table shows for a speaker who gave nothing. */
const NOT_GIVEN = '(not given)';

function countBy(clips: readonly ClipRow[], key: (c: ClipRow) => string): DatasheetCountRow[] {
  const rows = new Map<string, { clips: number; speakers: Set<string> }>();
  for (const c of clips) {
    const k = key(c);
    const row = rows.get(k) ?? { clips: 0, speakers: new Set<string>() };
    row.clips += 1;
    row.speakers.add(c.client_id);
    rows.set(k, row);
  }
  return [...rows.entries()]
    .map(([value, r]) => ({ value, clips: r.clips, speakers: r.speakers.size }))
    .sort((a, b) => b.clips - a.clips || (a.value || NOT_GIVEN).localeCompare(b.value || NOT_GIVEN));
}

/**
 * A language folder's datasheet figures, computed once from the release's own rows: the README renders them
 * and the manifest keeps them for the details panel.
 */
export function datasheetFigures(f: DatasheetFacts): LanguageDatasheet {
  const speakers = new Set(f.clips.map((c) => c.client_id));
  const donated = f.clips.filter((c) => c.up_votes === '').length;
  const { tally } = f;
  const figures: LanguageDatasheet = {
    language: f.language,
    clips: f.clips.length,
    audioMs: f.clips.reduce((n, c) => n + c.durationMs, 0),
    speakers: speakers.size,
    readRecordings: f.clips.length - donated,
    donatedSides: donated,
    invalidated: tally.invalidated,
    other: tally.other,
    reported: tally.reported,
    validatedSentences: tally.validatedSentences,
    unvalidatedSentences: tally.unvalidatedSentences,
    voteRule: voteRule(),
    age: countBy(f.clips, (c) => c.age),
    gender: countBy(f.clips, (c) => c.gender),
    accent: countBy(f.clips, (c) => c.accents),
    splits: RELEASE_SPLITS.map((split) => {
      const inSplit = f.clips.filter((c) => c.split === split);
      return {
        split,
        clips: inSplit.length,
        audioMs: inSplit.reduce((n, c) => n + c.durationMs, 0),
        speakers: new Set(inSplit.map((c) => c.client_id)).size,
      };
    }),
  };
  if (f.language === 'yo') {
    const transcriptions = emptyToneCoverage();
    for (const c of f.clips) countToneMarks(transcriptions, c.sentence);
    figures.toneMarks = { sentences: { ...tally.sentenceTones }, transcriptions };
  }
  return figures;
}

function toneLines(label: string, t: ToneCoverage): string[] {
  return [
    `| ${label} | ${t.sentences} | ${t.toneMarked} (${pct(t.toneMarked, t.sentences)}) | ` +
      `${t.underDotted} (${pct(t.underDotted, t.sentences)}) | ${t.bare} (${pct(t.bare, t.sentences)}) |`,
  ];
}

/**
 * A language folder's README.md: a datasheet whose every figure is computed from the release's own rows
 * (`figures`, from datasheetFigures; computed here when not given).
 */
export function datasheet(f: DatasheetFacts, figures: LanguageDatasheet = datasheetFigures(f)): string {
  const name = languageName(f.language);
  const g = figures;
  const donated = g.donatedSides;
  const rule = g.voteRule;
  const demographics = (title: string, rows: readonly DatasheetCountRow[]) => [
    `### ${title}`,
    '',
    '| value | clips | speakers |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${cell(r.value || NOT_GIVEN)} | ${r.clips} | ${r.speakers} |`),
    '',
  ];

  const lines = [
    `# ${name} (\`${f.language}\`): ${f.title}, version ${f.version}`,
    '',
    `The ${name} part of ${f.title}, version ${f.version}, published ${f.publishedAt.toISOString()} with the ` +
      `data validated up to ${f.cutoff.toISOString()}. ${f.description}`,
    '',
    '## At a glance',
    '',
    '| figure | value |',
    '| --- | --- |',
    `| validated clips (validated.tsv) | ${g.clips} |`,
    `| hours of validated audio | ${hours(g.audioMs)} |`,
    `| speakers | ${g.speakers} |`,
    `| read recordings | ${g.readRecordings} |`,
    `| sides of paired voice donations | ${donated} |`,
    `| recordings votes rejected (invalidated.tsv) | ${g.invalidated} |`,
    `| recordings votes had not decided (other.tsv) | ${g.other} |`,
    `| reports on sentences (reported.tsv) | ${g.reported} |`,
    `| approved sentences (validated_sentences.tsv) | ${g.validatedSentences} |`,
    `| sentences not approved (unvalidated_sentences.tsv) | ${g.unvalidatedSentences} |`,
    '',
    '## What the data is',
    '',
    `Read speech in ${name}: each clip is one person reading one written sentence aloud, with the sentence ` +
      `as its transcription. Audio is WAV, 16-bit PCM, mono, ${f.sampleRate} Hz, in \`clips/\`.` +
      (donated
        ? ' Paired voice donations add their sides: a donor reads an English sentence and its Yoruba ' +
          'translation; each side is a clip of its own language, `variant` holding the donor’s dialect.'
        : ''),
    '',
    '## How it was collected',
    '',
    'Contributors signed in on the platform and read aloud the sentences it offered them, in their browser ' +
      'or the installed app; a sentence is offered only once the text service has approved it.',
    '',
    '## How it was validated',
    '',
    `A recording is **validated** once at least ${rule.minYes} listeners have said it matches its sentence ` +
      `and yes votes outnumber no votes by at least ${rule.margin}; it is **invalidated** once at least ` +
      `${rule.minNo} have said it does not match and no votes outnumber yes votes; until then it is ` +
      'undecided (`other.tsv`). Each person votes once on a recording and never on their own. Only validated ' +
      'recordings are in `clips/` and `validated.tsv`; the rows of `invalidated.tsv` and `other.tsv` say ' +
      'what the votes were, without the audio.' +
      (donated
        ? ' Paired voice donations are not voted on: a reviewer who is not the donor approved each pair, so ' +
          'their up_votes and down_votes are empty.'
        : ''),
    '',
    '## Speakers and demographics',
    '',
    'Each speaker is one `client_id`, a salted hash unique to this release. Age range, gender and accent are ' +
      'what the speaker chose to give in their settings (all optional, accent typed freely); these are counts ' +
      'of clips and of speakers.',
    '',
    ...demographics('Age range', g.age),
    ...demographics('Gender', g.gender),
    ...demographics('Accent', g.accent),
    '## Splits',
    '',
    '| split | clips | hours | speakers |',
    '| --- | --- | --- | --- |',
    ...g.splits.map((r) => `| ${r.split} | ${r.clips} | ${hours(r.audioMs)} | ${r.speakers} |`),
    '',
    'The splits are speaker-disjoint over the whole release, every language at once: no speaker has clips in ' +
      `two splits. Test, then dev, take speakers with the fewest clips first until each holds about ` +
      `${Math.round(HELD_OUT_SHARE * 100)}% of the release’s clips; train takes the rest. With fewer than ` +
      `${MIN_SPEAKERS_FOR_SPLITS} speakers in the release every clip is in train.`,
    '',
    '## Licence',
    '',
    `${DATASET_LICENSE_LABELS[f.license]} (${LICENSE_URLS[f.license]}). By using the data you agree not to ` +
      'attempt to identify the speakers.',
    '',
    '## Known limitations',
    '',
    `- ${g.speakers} speakers: a model trained on few voices generalises poorly to others; check the ` +
      'speaker counts per split above before reading much into a test score.',
    '- Demographic fields are optional and self-declared; “(not given)” rows are speakers who gave nothing, and ' +
      'the ones who did may not be representative of those who did not.',
    '- Read speech only: sentences were written to be read, so spontaneous speech, overlapping talk and ' +
      'noisy settings are under-represented.',
    `- The vote rule needs only ${rule.minYes} agreeing listeners: a clip with a small misreading can pass.`,
  ];
  if (g.toneMarks) {
    lines.push(
      '- Tone marks. Standard Yoruba orthography marks high and low tone (acute and grave accents) and writes ' +
        'ẹ, ọ, ṣ with a dot below; text typed without them is ambiguous to read and to learn from. Measured on ' +
        'this release (a sentence counts as tone-marked when it carries at least one tone mark: whether every ' +
        'syllable that needs one has it cannot be checked without a dictionary):',
      '',
      '| text | sentences | with tone marks | with dots below | with neither |',
      '| --- | --- | --- | --- | --- |',
      ...toneLines('validated_sentences.tsv', g.toneMarks.sentences),
      ...toneLines('transcriptions in validated.tsv', g.toneMarks.transcriptions),
      '',
    );
  }
  lines.push(
    '',
    ...howToCiteLines(f.citation, 'at the top of the release'),
    '',
    '## How to report a problem clip',
    '',
    'Write to the platform through the contact form on its home page (interest “Other inquiry”), giving the ' +
      'dataset, its version and the clip’s `path`: the file name holds the recording’s id, so the clip can ' +
      'be found. A published version never changes; a clip found wrong or harmful is left out of the next ' +
      `one. Contributors signed in can also report a recording still being voted on in Listen (reasons: ` +
      `${RECORDING_REPORT_REASONS.join(', ')}).`,
    '',
  );
  return lines.join('\n');
}
