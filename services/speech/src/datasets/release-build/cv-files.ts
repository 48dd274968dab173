import type { Filter } from 'mongodb';
import { MAX_RECORDINGS_PER_SENTENCE, type LanguageCode, type RecordingStatus } from '@platform/contracts';
import type { SpeechStores } from '../../stores';
import type { RecordingDoc } from '../../recordings/store';
import type { SentenceDoc } from '../../sentences/store';
import type { Selection } from './selection';
import {
  CV_COLUMNS,
  REPORTED_COLUMNS,
  SENTENCE_COLUMNS,
  UNVALIDATED_SENTENCE_COLUMNS,
  tsvLine,
} from './tables';
import { countToneMarks, emptyToneCoverage, type ToneCoverage } from './tone-marks';

/**
 * What the streamed tables of one language counted as they went by, for the language's datasheet: its
 * README comes after them in the archive, so every figure it gives is one the tables hold.
 */
export interface LanguageTally {
  invalidated: number;
  other: number;
  reported: number;
  validatedSentences: number;
  unvalidatedSentences: number;
  /** Tone marks on the validated sentences (validated_sentences.tsv). */
  sentenceTones: ToneCoverage;
}

export const emptyTally = (): LanguageTally => ({
  invalidated: 0,
  other: 0,
  reported: 0,
  validatedSentences: 0,
  unvalidatedSentences: 0,
  sentenceTones: emptyToneCoverage(),
});

/** Rows read from the database per round trip; speaker details and domains are fetched per batch. */
const BATCH = 1000;

/** The clip file name a recording has in every table (the same whether or not its audio is in the release). */
export const recordingClipName = (slug: string, language: string, id: string) =>
  `${slug}_${language}_${id}.wav`;

export interface CvFileContext {
  stores: SpeechStores;
  selection: Selection;
  slug: string;
  cutoff: Date;
  /** The release's speaker hash (client_id). */
  clientIdOf(accountId: string): string;
}

const inLanguage = <T>(scope: Filter<T>, language: LanguageCode): Filter<T> =>
  ({ $and: [scope, { language }] }) as Filter<T>;

/**
 * invalidated.tsv or other.tsv of one language, with Common Voice's columns: the recordings of the release's
 * scope that votes rejected, or that votes have not decided, read from a cursor a batch at a time.
 */
export async function* recordingRows(
  ctx: CvFileContext,
  language: LanguageCode,
  status: Exclude<RecordingStatus, 'validated'>,
  counted: (n: number) => void,
): AsyncGenerator<string> {
  yield tsvLine(CV_COLUMNS);
  if (!ctx.selection.recordingScope) return;
  const filter: Filter<RecordingDoc> = { ...inLanguage(ctx.selection.recordingScope, language), status };
  let batch: RecordingDoc[] = [];
  const flush = async () => {
    const details = await ctx.stores.users.speakerDetailsFor([...new Set(batch.map((r) => r.speakerId))]);
    const domains = await ctx.stores.sentences.domainsOf([...new Set(batch.map((r) => r.sentenceId))]);
    const text = batch
      .map((r) => {
        const d = details.get(r.speakerId);
        return tsvLine([
          ctx.clientIdOf(r.speakerId),
          recordingClipName(ctx.slug, r.language, r._id.toHexString()),
          r.sentenceId,
          r.sentenceText,
          domains.get(r.sentenceId) ?? '',
          String(r.yes),
          String(r.no),
          d?.ageRange ?? '',
          d?.gender ?? '',
          d?.accent ?? '',
          '',
          r.language,
          '',
        ]);
      })
      .join('');
    counted(batch.length);
    batch = [];
    return text;
  };
  for await (const r of ctx.stores.recordings.clipsOf(filter)) {
    batch.push(r);
    if (batch.length === BATCH) yield await flush();
  }
  if (batch.length) yield await flush();
}

/**
 * validated_sentences.tsv of one language: the approved sentences of the dataset's scope. `is_used` is whether
 * the sentence is still offered for recording; `clips_count` is its clips in this release's validated.tsv.
 */
export async function* validatedSentenceRows(
  ctx: CvFileContext,
  language: LanguageCode,
  clipsPerSentence: ReadonlyMap<string, number>,
  tally: LanguageTally,
): AsyncGenerator<string> {
  yield tsvLine(SENTENCE_COLUMNS);
  const lines: string[] = [];
  for await (const s of ctx.stores.sentences.inIdOrder(inLanguage(ctx.selection.sentenceScope, language))) {
    const used = s.recordable && s.recordingCount < MAX_RECORDINGS_PER_SENTENCE;
    lines.push(
      tsvLine([
        s._id,
        s.text,
        '',
        (s.domains ?? []).join(','),
        '',
        used ? '1' : '0',
        String(clipsPerSentence.get(s._id) ?? 0),
      ]),
    );
    tally.validatedSentences += 1;
    countToneMarks(tally.sentenceTones, s.text);
    if (lines.length === BATCH) yield lines.splice(0).join('');
  }
  if (lines.length) yield lines.join('');
}

/** The dataset's sentence scope without its approval: its languages and domains (unvalidated and reported). */
function anyStatusScope(selection: Selection): Filter<SentenceDoc> {
  const { recordable: _approved, ...rest } = selection.sentenceScope;
  return rest;
}

/**
 * unvalidated_sentences.tsv of one language: the sentences of the scope not approved, pending or rejected as
 * the text service last said. The copy keeps no sentence votes, so up_votes and down_votes are empty.
 */
export async function* unvalidatedSentenceRows(
  ctx: CvFileContext,
  language: LanguageCode,
  tally: LanguageTally,
): AsyncGenerator<string> {
  yield tsvLine(UNVALIDATED_SENTENCE_COLUMNS);
  const filter: Filter<SentenceDoc> = {
    ...inLanguage(anyStatusScope(ctx.selection), language),
    recordable: false,
  };
  const lines: string[] = [];
  for await (const s of ctx.stores.sentences.inIdOrder(filter)) {
    lines.push(tsvLine([s._id, s.text, '', (s.domains ?? []).join(','), '', '', '', s.status ?? '']));
    tally.unvalidatedSentences += 1;
    if (lines.length === BATCH) yield lines.splice(0).join('');
  }
  if (lines.length) yield lines.join('');
}

/** reported.tsv of one language: one row per report made on a sentence of the scope up to the cutoff. */
export async function* reportedRows(
  ctx: CvFileContext,
  language: LanguageCode,
  tally: LanguageTally,
): AsyncGenerator<string> {
  yield tsvLine(REPORTED_COLUMNS);
  const lines: string[] = [];
  for await (const r of ctx.stores.sentences.reportsOf(language, ctx.cutoff, anyStatusScope(ctx.selection))) {
    lines.push(tsvLine([r.sentenceId, r.text, language, r.reason ?? '']));
    tally.reported += 1;
    if (lines.length === BATCH) yield lines.splice(0).join('');
  }
  if (lines.length) yield lines.join('');
}
