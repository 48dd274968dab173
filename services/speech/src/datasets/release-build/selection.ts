import type { Db, Filter } from 'mongodb';
import type { DatasetSources } from '@platform/contracts';
import {
  collections,
  type AudioPairDoc,
  type RecordingDoc,
  type SentenceDoc,
  type TextPairCopyDoc,
} from '../../collections';

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

const ID_BATCH = 5000;

/** The ids of the sentences (validated or not) tagged with one of `domains`. */
async function sentenceIdsInDomains(db: Db, domains: string[]): Promise<string[]> {
  const docs = await collections(db)
    .sentences.find({ domains: { $in: domains } } as Filter<SentenceDoc>, { projection: { _id: 1 } })
    .batchSize(ID_BATCH)
    .toArray();
  return docs.map((d) => d._id);
}

export async function selectionFor(db: Db, sources: DatasetSources, cutoff?: Date): Promise<Selection> {
  const include = new Set(sources.include);
  const languages = sources.languages.length ? { $in: sources.languages } : undefined;
  const domains = sources.domains.length ? sources.domains : null;
  const categories = sources.categories.length ? { $in: sources.categories } : undefined;

  const sentenceScope: Filter<SentenceDoc> = {
    recordable: true,
    ...(languages ? { language: languages } : {}),
    ...(domains ? { domains: { $in: domains } } : {}),
  };

  let recordingScope: Filter<RecordingDoc> | null = null;
  if (include.has('recordings')) {
    recordingScope = {
      ...(languages ? { language: languages } : {}),
      ...(cutoff ? { createdAt: { $lte: cutoff } } : {}),
    };
    if (domains) recordingScope.sentenceId = { $in: await sentenceIdsInDomains(db, domains) };
  }

  return {
    recordings: recordingScope ? { ...recordingScope, status: 'validated' } : null,
    recordingScope,
    audioPairs: include.has('audio-pairs')
      ? {
          status: 'approved',
          ...(categories ? { category: categories } : {}),
          ...(cutoff ? { 'decision.at': { $lte: cutoff } } : {}),
        }
      : null,
    sentences: include.has('sentences') ? sentenceScope : null,
    sentenceScope,
    textPairs: include.has('text-pairs')
      ? { approved: true, ...(categories ? { text_category: categories } : {}) }
      : null,
  };
}
