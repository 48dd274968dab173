import { ObjectId, type Db, type Filter } from 'mongodb';
import type { DatasetSources } from '@platform/contracts';
import type { AudioPairDoc } from '../../audio-pairs/store';
import type { RecordingDoc } from '../../recordings/store';
import { sentenceIdsInDomains, type SentenceDoc } from '../../sentences/store';
import type { TextPairCopyDoc } from '../../text-pairs/store';
import type { ReleaseContents } from '../release-manifest';

/**
 * The MongoDB filters a release of `sources` reads, as of `cutoff` (omitted: now). Recordings count when they
 * are validated and were made before the cutoff; donations when a reviewer approved them before it. The
 * sentence and text pair copies carry no decision time: they are taken as they are when the build reads them.
 */
export interface Selection {
  recordings: Filter<RecordingDoc> | null;
  /** Recordings in scope whatever their verdict: validatedShare's denominator is the decided ones. */
  recordingScope: Filter<RecordingDoc> | null;
  audioPairs: Filter<AudioPairDoc> | null;
  sentences: Filter<SentenceDoc> | null;
  /** The validated sentences of the dataset's languages and domains (validated_sentences.tsv). */
  sentenceScope: Filter<SentenceDoc>;
  textPairs: Filter<TextPairCopyDoc> | null;
}

/** The ids of the sentences (validated or not) tagged with one of `domains`. */
export type SentenceIdsInDomains = (domains: string[]) => Promise<string[]>;

/** selectionOf, for a caller that holds the database rather than the stores. */
export const selectionFor = (db: Db, sources: DatasetSources, cutoff?: Date): Promise<Selection> =>
  selectionOf((domains) => sentenceIdsInDomains(db, domains), sources, cutoff);

/**
 * `exclude`: a delta release's bases' contents, left out of what it reads (its clips, sentences and text
 * pairs; the tables of what votes rejected or left undecided stay whole, as of the cutoff).
 */
export async function selectionOf(
  idsInDomains: SentenceIdsInDomains,
  sources: DatasetSources,
  cutoff?: Date,
  exclude?: ReleaseContents | null,
): Promise<Selection> {
  const include = new Set(sources.include);
  const languages = sources.languages.length ? { $in: sources.languages } : undefined;
  const domains = sources.domains.length ? sources.domains : null;
  const categories = sources.categories.length ? { $in: sources.categories } : undefined;

  const sentenceScope: Filter<SentenceDoc> = {
    recordable: true,
    ...(languages ? { language: languages } : {}),
    ...(domains ? { domains: { $in: domains } } : {}),
    ...(exclude ? { _id: { $nin: exclude.sentences } } : {}),
  };
  const notIn = (ids: string[] | undefined) =>
    ids ? { _id: { $nin: ids.map((id) => ObjectId.createFromHexString(id)) } } : {};

  let recordingScope: Filter<RecordingDoc> | null = null;
  if (include.has('recordings')) {
    recordingScope = {
      ...(languages ? { language: languages } : {}),
      ...(cutoff ? { createdAt: { $lte: cutoff } } : {}),
    };
    if (domains) recordingScope.sentenceId = { $in: await idsInDomains(domains) };
  }

  return {
    recordings: recordingScope
      ? { ...recordingScope, status: 'validated', ...notIn(exclude?.recordings) }
      : null,
    recordingScope,
    audioPairs: include.has('audio-pairs')
      ? {
          status: 'approved',
          ...(categories ? { category: categories } : {}),
          ...(cutoff ? { 'decision.at': { $lte: cutoff } } : {}),
          ...notIn(exclude?.audioPairs),
        }
      : null,
    sentences: include.has('sentences') ? sentenceScope : null,
    sentenceScope,
    textPairs: include.has('text-pairs')
      ? {
          approved: true,
          ...(categories ? { text_category: categories } : {}),
          ...(exclude ? { _id: { $nin: exclude.textPairs } } : {}),
        }
      : null,
  };
}
