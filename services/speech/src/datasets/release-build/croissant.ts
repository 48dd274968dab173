import { DATASET_LICENSE_LABELS, languageName, type LanguageCode } from '@platform/contracts';
import { AUTHOR, PUBLISHER, citationBibtex, type CitationFacts } from './citation';
import { voteRule } from './datasheet';
import { PARQUET_FIELDS } from './parquet-shards';
import {
  CLIP_DURATION_COLUMNS,
  CV_COLUMNS,
  LICENSE_URLS,
  METADATA_CSV_COLUMNS,
  REPORTED_COLUMNS,
  SENTENCE_COLUMNS,
  UNVALIDATED_SENTENCE_COLUMNS,
} from './tables';

/** Croissant 1.1's recommended JSON-LD context (its specification's first appendix). */
const CONTEXT = {
  '@language': 'en',
  '@vocab': 'http://schema.org/',
  sc: 'http://schema.org/',
  cr: 'http://mlcommons.org/croissant/',
  rai: 'http://mlcommons.org/croissant/RAI/',
  dct: 'http://purl.org/dc/terms/',
  annotation: 'cr:annotation',
  arrayShape: 'cr:arrayShape',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  containedIn: 'cr:containedIn',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  equivalentProperty: 'cr:equivalentProperty',
  examples: { '@id': 'cr:examples', '@type': '@json' },
  excludes: 'cr:excludes',
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isArray: 'cr:isArray',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  readLines: 'cr:readLines',
  sdVersion: 'cr:sdVersion',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
  unArchive: 'cr:unArchive',
  value: 'cr:value',
} as const;

export const CROISSANT_CONFORMS_TO = 'http://mlcommons.org/croissant/1.1';

/** A file of the archive as the builder noted it: its path below the release folder, size and SHA-256. */
export interface ListedFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface CroissantFacts extends CitationFacts {
  /** The release folder's name (the BibTeX key). */
  folder: string;
  languages: readonly LanguageCode[];
  sampleRate: number;
  /** Every file written before croissant.json, clips included (they are described as file sets). */
  files: readonly ListedFile[];
  /** Clips, speakers and hours of the whole release (its statistics). */
  clips: number;
  speakers: number;
  audioSeconds: number;
  /** Clips per gender value as the speakers gave it, '' for none. */
  genders: ReadonlyMap<string, number>;
}

const ENCODINGS: Array<[RegExp, string]> = [
  [/\.tsv$/, 'text/tab-separated-values'],
  [/\.csv$/, 'text/csv'],
  [/\.md$/, 'text/markdown'],
  [/\.jsonl$/, 'application/jsonlines'],
  [/\.json$/, 'application/json'],
  [/\.cff$/, 'application/yaml'],
  [/\.wav$/, 'audio/wav'],
  [/\.parquet$/, 'application/x-parquet'],
];
const encodingOf = (path: string) => ENCODINGS.find(([re]) => re.test(path))?.[1] ?? 'text/plain';

/** Columns holding whole numbers in every row; the vote columns are empty for donations, so stay text. */
const INTEGER_COLUMNS = new Set(['duration[ms]', 'is_used', 'clips_count']);

type Json = Record<string, unknown>;

/** A TSV's record set; `clipsOf` names the language whose clips its path (or clip) column names, if in the archive. */
function tableRecordSet(
  id: string,
  file: string,
  columns: readonly string[],
  description: string,
  clipsOf: string | null,
): Json {
  return {
    '@type': 'cr:RecordSet',
    '@id': id,
    name: id,
    description,
    field: columns.map((column) => ({
      '@type': 'cr:Field',
      '@id': `${id}/${column}`,
      name: column,
      dataType: INTEGER_COLUMNS.has(column) ? 'sc:Integer' : 'sc:Text',
      source: { fileObject: { '@id': file }, extract: { column } },
      ...(clipsOf && (column === 'path' || column === 'clip')
        ? { references: { field: { '@id': `${clipsOf}/clips/file_name` } } }
        : {}),
    })),
  };
}

const PARQUET_SHARD = /^data\/.+\.parquet$/;
const PARQUET_SET = 'data/parquet';

/** The Parquet shards' rows: every column typed, the audio read from the struct's bytes. */
function parquetRecordSet(): Json {
  return {
    '@type': 'cr:RecordSet',
    '@id': 'data',
    name: 'data',
    description: 'Every clip of the release with its audio, one row per clip, from the Parquet shards.',
    field: PARQUET_FIELDS.map((field) => ({
      '@type': 'cr:Field',
      '@id': `data/${field.name}`,
      name: field.name,
      description: field.description,
      dataType: field.type === 'audio' ? 'sc:AudioObject' : field.type === 'int32' ? 'sc:Integer' : 'sc:Text',
      source: {
        fileSet: { '@id': PARQUET_SET },
        extract: { column: field.name },
        ...(field.type === 'audio' ? { transform: { jsonPath: 'bytes' } } : {}),
      },
    })),
  };
}

/**
 * croissant.json (Croissant 1.1, JSON-LD) for the files inside a release's complete archive: every table and
 * text file and Parquet shard as a FileObject with its SHA-256, each language's clips and the shards as
 * FileSets, the Common Voice tables, metadata.csv and the shards' rows as RecordSets, and the responsible-AI
 * fields. It sits inside the archive, so it cannot hold the archive's own SHA-256 (metadata.json and the API
 * give it); file sets carry no hash, SHA256SUMS has one per clip.
 */
export function croissant(f: CroissantFacts): Json {
  const rule = voteRule();
  const hours = (f.audioSeconds / 3600).toFixed(2);
  const files = f.files.filter((file) => !/\/clips\//.test(file.path));
  const shards = files.filter((file) => PARQUET_SHARD.test(file.path));
  const given = [...f.genders].filter(([g]) => g !== '');
  const notGiven = f.genders.get('') ?? 0;
  const distribution: Json[] = [
    ...files.map((file) => ({
      '@type': 'cr:FileObject',
      '@id': file.path,
      name: file.path,
      contentUrl: file.path,
      contentSize: `${file.bytes} B`,
      encodingFormat: encodingOf(file.path),
      sha256: file.sha256,
    })),
    ...(shards.length
      ? [
          {
            '@type': 'cr:FileSet',
            '@id': PARQUET_SET,
            name: PARQUET_SET,
            description:
              'Every clip with its row, as Parquet shards per split (data/<split>-NNNNN-of-MMMMM.parquet); each ' +
              'shard is also listed above with its SHA-256.',
            encodingFormat: 'application/x-parquet',
            includes: 'data/*.parquet',
          },
        ]
      : []),
    ...f.languages.map((language) => ({
      '@type': 'cr:FileSet',
      '@id': `${language}/clips`,
      name: `${language}/clips`,
      description: `The validated ${languageName(language)} clips: WAV, 16-bit PCM, mono, ${f.sampleRate} Hz.`,
      encodingFormat: 'audio/wav',
      includes: `${language}/clips/*.wav`,
    })),
  ];
  const listed = new Set(files.map((file) => file.path));
  const recordSet: Json[] = shards.length ? [parquetRecordSet()] : [];
  for (const language of f.languages) {
    const name = languageName(language);
    recordSet.push({
      '@type': 'cr:RecordSet',
      '@id': `${language}/clips`,
      name: `${language}/clips`,
      description: `The ${name} audio files.`,
      key: { '@id': `${language}/clips/file_name` },
      field: [
        {
          '@type': 'cr:Field',
          '@id': `${language}/clips/file_name`,
          name: 'file_name',
          dataType: 'sc:Text',
          source: {
            fileSet: { '@id': `${language}/clips` },
            extract: { fileProperty: 'filename' },
          },
        },
        {
          '@type': 'cr:Field',
          '@id': `${language}/clips/audio`,
          name: 'audio',
          dataType: 'sc:AudioObject',
          source: { fileSet: { '@id': `${language}/clips` }, extract: { fileProperty: 'content' } },
        },
      ],
    });
    const tables: Array<[string, readonly string[], string]> = [
      ['validated', CV_COLUMNS, `Every validated ${name} clip.`],
      ['train', CV_COLUMNS, `The ${name} clips of the train split.`],
      ['dev', CV_COLUMNS, `The ${name} clips of the dev split.`],
      ['test', CV_COLUMNS, `The ${name} clips of the test split.`],
      ['invalidated', CV_COLUMNS, `${name} recordings votes rejected (no audio in the release).`],
      ['other', CV_COLUMNS, `${name} recordings votes had not decided (no audio in the release).`],
      ['reported', REPORTED_COLUMNS, `Reports made on ${name} sentences.`],
      ['clip_durations', CLIP_DURATION_COLUMNS, `The duration of each ${name} clip.`],
      ['validated_sentences', SENTENCE_COLUMNS, `The approved ${name} sentences.`],
      ['unvalidated_sentences', UNVALIDATED_SENTENCE_COLUMNS, `${name} sentences not approved.`],
    ];
    for (const [table, columns, description] of tables) {
      const file = `${language}/${table}.tsv`;
      const audioIn = ['validated', 'train', 'dev', 'test', 'clip_durations'].includes(table)
        ? language
        : null;
      if (listed.has(file))
        recordSet.push(tableRecordSet(`${language}/${table}`, file, columns, description, audioIn));
    }
  }
  if (listed.has('metadata.csv')) {
    recordSet.push({
      '@type': 'cr:RecordSet',
      '@id': 'metadata',
      name: 'metadata',
      description: 'Every validated clip, for Hugging Face AudioFolder; file_name is relative to the folder.',
      field: METADATA_CSV_COLUMNS.map((column) => ({
        '@type': 'cr:Field',
        '@id': `metadata/${column}`,
        name: column,
        dataType: 'sc:Text',
        source: { fileObject: { '@id': 'metadata.csv' }, extract: { column } },
      })),
    });
  }

  return {
    '@context': CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: CROISSANT_CONFORMS_TO,
    name: f.title,
    description: f.description,
    license: LICENSE_URLS[f.license],
    url: f.url,
    sameAs: f.downloadUrl,
    // Every published version is a full rebuild that may change any record: a new major version each time.
    version: `${f.version}.0.0`,
    datePublished: f.publishedAt.toISOString(),
    creator: { '@type': 'sc:Organization', name: AUTHOR },
    publisher: { '@type': 'sc:Organization', name: PUBLISHER },
    citeAs: citationBibtex(f, f.folder.replace(/[^a-z0-9]+/gi, '_')),
    keywords: [...f.tags],
    inLanguage: [...f.languages],
    isLiveDataset: false,
    distribution,
    recordSet,
    'rai:dataCollection':
      'Crowdsourced read speech: contributors signed in on the platform and read aloud sentences the text ' +
      'service had approved, in their browser or the installed app; paired voice donations add an English ' +
      'sentence and its Yoruba translation read by one donor. Stored takes (WebM or Ogg Opus, donated WAV) were ' +
      `decoded to ${f.sampleRate} Hz mono WAV for the release.`,
    'rai:dataCollectionType': ['Crowdsourced'],
    'rai:dataAnnotationProtocol':
      `Listeners vote on whether a recording matches its sentence. It is validated once at least ${rule.minYes} ` +
      `have said yes and yes votes outnumber no votes by at least ${rule.margin}; invalidated once at least ` +
      `${rule.minNo} have said no and no votes outnumber yes votes; undecided until then. Each person votes ` +
      'once and never on their own recording. Paired donations are approved by one reviewer who is not the ' +
      'donor. Only validated audio is released; invalidated.tsv and other.tsv give the votes of the rest.',
    'rai:annotationsPerItem': `At least ${rule.minYes} votes per validated recording; one review per donation.`,
    'rai:annotatorDemographics':
      'Listeners are the platform’s signed-in contributors; no demographic data is kept about them as voters.',
    'rai:dataBiases':
      `${f.clips} clips (${hours} hours) from ${f.speakers} speakers. Gender as given, in clips: ` +
      `${given.map(([g, n]) => `${g} ${n}`).join(', ') || 'none given'}; not given: ${notGiven}. Speakers ` +
      'are people who found and joined the platform, with a phone or computer and a connection: urban, ' +
      'literate and younger speakers are likely over-represented, and a few prolific speakers may hold many ' +
      'clips. Each language folder’s README.md gives the counts by age range, gender and accent.',
    'rai:personalSensitiveInformation':
      'Voices are biometric data. Speakers appear only as client_id, a salted SHA-256 of their account unique ' +
      'to this release; no name, e-mail or account id is included. Age range, gender and accent are optional ' +
      'and self-declared. Users agree not to attempt to identify speakers.',
    'rai:dataUseCases':
      'Training and evaluating speech recognition and related speech models for the languages included, and ' +
      'studying them. Not for speaker identification or verification, nor for inferring any speaker’s ' +
      'identity or traits.',
    'rai:dataLimitations':
      'Read speech only (no spontaneous or conversational speech); few speakers for some languages; ' +
      'self-declared, often missing demographics; a validation rule of ' +
      `${rule.minYes} agreeing votes can pass small misreadings; Yoruba text may lack tone marks (each ` +
      'Yoruba README.md measures how many sentences carry them).',
    'rai:dataReleaseMaintenancePlan':
      'A published version never changes. Problems reported through the platform’s contact form are fixed ' +
      `in the next version. Licence: ${DATASET_LICENSE_LABELS[f.license]}.`,
  };
}
