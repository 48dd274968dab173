import { Type, type Static } from '@sinclair/typebox';
import { RefusalProperties } from './errors';
import { LanguageCode } from './languages';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  DATASET_DESCRIPTION_MAX_LENGTH,
  DATASET_NAME_MAX_LENGTH,
  DATASET_PAGE_SIZE,
  DATASET_PAGE_SIZE_MAX,
  DATASET_TAG_MAX_LENGTH,
  DATASET_TAGS_MAX,
  DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH,
  DATASET_UPLOAD_PAGE_SIZE,
  DOWNLOAD_HISTORY_PAGE_SIZE,
} from './limits';
import { Id, NonEmptyText, StrictObject } from './schema-helpers';
import { SentenceDomain } from './sentences';
import {
  DATASET_CATEGORIES,
  DATASET_LANGUAGES,
  DATASET_LICENSES,
  DATASET_SOURCES,
  DATASET_UPLOAD_IMPORT_KINDS,
  DATASET_UPLOAD_STATUSES,
  DATASET_UPLOAD_TYPES,
  RELEASE_ARTIFACTS,
  RELEASE_SPLITS,
  RELEASE_STATUSES,
} from './vocabularies';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const DateTime = Type.String({ format: 'date-time' });
const Count = Type.Integer({ minimum: 0 });
const Page = Type.Integer({ minimum: 1 });

export const DatasetLanguage = literals(DATASET_LANGUAGES);
export type DatasetLanguage = Static<typeof DatasetLanguage>;
export const DatasetCategory = literals(DATASET_CATEGORIES);
export type DatasetCategory = Static<typeof DatasetCategory>;
export const DatasetLicense = literals(DATASET_LICENSES);
export type DatasetLicense = Static<typeof DatasetLicense>;
export const DatasetSourceKind = literals(DATASET_SOURCES);
export type DatasetSourceKind = Static<typeof DatasetSourceKind>;
export const ReleaseStatus = literals(RELEASE_STATUSES);
export type ReleaseStatus = Static<typeof ReleaseStatus>;
export const ReleaseArtifactName = literals(RELEASE_ARTIFACTS);
export type ReleaseArtifactName = Static<typeof ReleaseArtifactName>;
export const ReleaseSplit = literals(RELEASE_SPLITS);
export type ReleaseSplit = Static<typeof ReleaseSplit>;

// ---------------------------------------------------------------------------------------------- definitions

/**
 * What a dataset draws from, and the filters on it. Empty filter lists mean "all": a Yoruba dataset with
 * `languages: ['yo']` takes Yoruba recordings and sentences; text pairs and paired donations are always
 * English–Yoruba. `domains` filters sentences (and the recordings of them) by sentence domain; `categories`
 * filters text pairs and donations by text category.
 */
export const DatasetSources = StrictObject({
  include: Type.Array(DatasetSourceKind, { minItems: 1, uniqueItems: true }),
  languages: Type.Array(LanguageCode, { uniqueItems: true }),
  domains: Type.Array(SentenceDomain, { uniqueItems: true }),
  categories: Type.Array(DatasetCategory, { uniqueItems: true }),
});
export type DatasetSources = Static<typeof DatasetSources>;

/** POST /api/datasets and PUT /api/datasets/{id}: an admin's definition of a dataset. */
export const DatasetInput = StrictObject({
  name: NonEmptyText(DATASET_NAME_MAX_LENGTH),
  description: NonEmptyText(DATASET_DESCRIPTION_MAX_LENGTH),
  language: DatasetLanguage,
  category: DatasetCategory,
  tags: Type.Array(NonEmptyText(DATASET_TAG_MAX_LENGTH), { maxItems: DATASET_TAGS_MAX, uniqueItems: true }),
  license: DatasetLicense,
  sources: DatasetSources,
});
export type DatasetInput = Static<typeof DatasetInput>;

/** Figures measured from a published release (what a card and the details panel show). */
export const ReleaseFigures = StrictObject({
  /** Clips in `clips/` (a paired donation counts as its two WAVs). */
  clips: Count,
  audioSeconds: Type.Number({ minimum: 0 }),
  /** Distinct speakers and writers whose data is in the release. */
  contributors: Count,
  sentences: Count,
  textPairs: Count,
  /** Every file in the complete archive. */
  files: Count,
  /** The complete archive's size in bytes. */
  bytes: Count,
});
export type ReleaseFigures = Static<typeof ReleaseFigures>;

/** The technical facts of a release's audio, measured from its clips (the details panel). */
export const ReleaseAudioFormat = StrictObject({
  /** Always 'WAV (16-bit PCM)'; kept as data so the panel shows what was written. */
  format: Type.String(),
  sampleRate: Count,
  channels: Count,
  bitDepth: Count,
  /** Mean estimated signal-to-noise ratio over the clips, in dB; null without audio. */
  meanSnrDb: Type.Union([Type.Number(), Type.Null()]),
});
export type ReleaseAudioFormat = Static<typeof ReleaseAudioFormat>;

/** One artifact of a published release. */
export const ReleaseArtifact = StrictObject({
  name: ReleaseArtifactName,
  bytes: Count,
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  contentType: Type.String(),
});
export type ReleaseArtifact = Static<typeof ReleaseArtifact>;

/** A release as listed (on a dataset's card and its older releases). */
export const ReleaseSummary = StrictObject({
  version: Type.Integer({ minimum: 1 }),
  status: ReleaseStatus,
  createdAt: DateTime,
  /** When it was published; absent while building or after a failure. */
  publishedAt: Type.Optional(DateTime),
  /** Building: how far along (0 to 1) and what it is doing, in English (the screen shows the share). */
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  stage: Type.Optional(Type.String()),
  /** A failed build's reason (for admins). */
  error: Type.Optional(Type.String()),
  figures: Type.Optional(ReleaseFigures),
  audio: Type.Optional(ReleaseAudioFormat),
  /** What the release was built from: the dataset's sources when it was published (later edits don't change it). */
  sources: DatasetSources,
  artifacts: Type.Array(ReleaseArtifact),
  downloads: Count,
  /** A delta release: the version it holds only what is new since (the full release is that one plus this). */
  base: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ReleaseSummary = Static<typeof ReleaseSummary>;

/** A dataset as the Browse Datasets tab shows it: its definition and its latest published release. */
export const Dataset = StrictObject({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  language: DatasetLanguage,
  category: DatasetCategory,
  tags: Type.Array(Type.String()),
  license: DatasetLicense,
  sources: DatasetSources,
  createdAt: DateTime,
  /** When the latest release was published, else when the definition last changed ('Last updated'). */
  updatedAt: DateTime,
  latestRelease: Type.Union([ReleaseSummary, Type.Null()]),
  /** A build in progress, for admins to watch (null otherwise). */
  building: Type.Union([ReleaseSummary, Type.Null()]),
  /** Downloads of every release of this dataset. */
  downloads: Count,
  /** Whether the person asking has accepted this dataset's licence terms (false when signed out). */
  licenceAccepted: Type.Boolean(),
});
export type Dataset = Static<typeof Dataset>;

/**
 * GET /api/datasets?q=&language=&category=&page=&pageSize=. Filtered on the server, case-insensitively
 * (SPEC §5: language and category match; q matches name or description). Signed-out people and
 * non-admins see only datasets with a published release; admins see every definition.
 */
export const DatasetListQuery = StrictObject({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  language: Type.Optional(DatasetLanguage),
  category: Type.Optional(DatasetCategory),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: DATASET_PAGE_SIZE_MAX, default: DATASET_PAGE_SIZE }),
  ),
});
export type DatasetListQuery = Static<typeof DatasetListQuery>;

export const DatasetPage = StrictObject({
  items: Type.Array(Dataset),
  total: Count,
  page: Page,
  pageSize: Page,
});
export type DatasetPage = Static<typeof DatasetPage>;

/** A dataset with every release, newest first ('older releases listed'). */
export const DatasetDetail = StrictObject({
  dataset: Dataset,
  releases: Type.Array(ReleaseSummary),
});
export type DatasetDetail = Static<typeof DatasetDetail>;

/** The four stat cards of /data/downloads, all from stored data. */
export const DatasetsSummary = StrictObject({
  /** Datasets with a published release. */
  availableDatasets: Count,
  /** Downloads of every release, by everyone. */
  totalDownloads: Count,
  /** Distinct people whose data is in a latest published release. */
  contributors: Count,
  /** Audio hours of the latest published release of each dataset. */
  audioHours: Type.Number({ minimum: 0 }),
});
export type DatasetsSummary = Static<typeof DatasetsSummary>;

export const DatasetIdParams = StrictObject({ id: Id });
export type DatasetIdParams = Static<typeof DatasetIdParams>;

/** `version` is a release number, or `latest` for the newest published one. */
export const ReleaseParams = StrictObject({
  id: Id,
  version: Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,8}$' }), Type.Literal('latest')]),
});
export type ReleaseParams = Static<typeof ReleaseParams>;

export const ReleaseFileParams = StrictObject({
  id: Id,
  version: Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,8}$' }), Type.Literal('latest')]),
  artifact: ReleaseArtifactName,
});
export type ReleaseFileParams = Static<typeof ReleaseFileParams>;

/**
 * One file of complete.zip fetched on its own: `<folder>/<file>` as the archive lays it out below its top
 * folder (`data/train-00000-of-00001.parquet`, `yo/validated.tsv`).
 */
export const ReleasePartParams = StrictObject({
  id: Id,
  version: Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,8}$' }), Type.Literal('latest')]),
  folder: Type.String({ pattern: '^(data|[a-z]{2,3})$' }),
  file: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,99}\\.(parquet|tsv)$' }),
});
export type ReleasePartParams = Static<typeof ReleasePartParams>;

// ---------------------------------------------------------------------------------------------- statistics

export const HistogramBin = StrictObject({
  /** Lower bound (inclusive) and upper bound (exclusive), in seconds. */
  from: Type.Number({ minimum: 0 }),
  to: Type.Number({ minimum: 0 }),
  clips: Count,
});
export type HistogramBin = Static<typeof HistogramBin>;

export const BreakdownRow = StrictObject({
  /** A language code, a dialect, or a text category. */
  key: Type.String(),
  clips: Count,
  seconds: Type.Number({ minimum: 0 }),
  speakers: Count,
});
export type BreakdownRow = Static<typeof BreakdownRow>;

export const SplitRow = StrictObject({
  split: ReleaseSplit,
  clips: Count,
  seconds: Type.Number({ minimum: 0 }),
  speakers: Count,
});
export type SplitRow = Static<typeof SplitRow>;

/** GET /api/datasets/{id}/releases/{version}/statistics: View Statistics, measured when the release was built. */
export const ReleaseStatistics = StrictObject({
  version: Type.Integer({ minimum: 1 }),
  clips: Count,
  audioSeconds: Type.Number({ minimum: 0 }),
  speakers: Count,
  /** Validated recordings as a share of every decided recording in the dataset's scope (0–1); null without any. */
  validatedShare: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  splits: Type.Array(SplitRow),
  durations: Type.Array(HistogramBin),
  languages: Type.Array(BreakdownRow),
  dialects: Type.Array(BreakdownRow),
  sentences: Count,
  textPairs: Count,
});
export type ReleaseStatistics = Static<typeof ReleaseStatistics>;

// ---------------------------------------------------------------------------------------------- datasheet

/** One value of a demographic field and how many clips and speakers gave it ('' for those who gave none). */
export const DatasheetCountRow = StrictObject({ value: Type.String(), clips: Count, speakers: Count });
export type DatasheetCountRow = Static<typeof DatasheetCountRow>;

/** How many sentences carry tone marks, dots below, neither (Yoruba's datasheet). */
export const ToneMarkCoverage = StrictObject({
  sentences: Count,
  toneMarked: Count,
  underDotted: Count,
  bare: Count,
});
export type ToneMarkCoverage = Static<typeof ToneMarkCoverage>;

/** The figures of one language folder's datasheet (`<lang>/README.md`), as the build computed them. */
export const LanguageDatasheet = StrictObject({
  language: LanguageCode,
  clips: Count,
  /** Milliseconds of validated audio. */
  audioMs: Count,
  speakers: Count,
  readRecordings: Count,
  donatedSides: Count,
  invalidated: Count,
  other: Count,
  reported: Count,
  validatedSentences: Count,
  unvalidatedSentences: Count,
  /** The vote rule the recordings were decided by. */
  voteRule: StrictObject({ minYes: Count, minNo: Count, margin: Count }),
  age: Type.Array(DatasheetCountRow),
  gender: Type.Array(DatasheetCountRow),
  accent: Type.Array(DatasheetCountRow),
  /** Per split; `audioMs` in milliseconds. */
  splits: Type.Array(StrictObject({ split: ReleaseSplit, clips: Count, audioMs: Count, speakers: Count })),
  /** Yoruba only: tone marks on the approved sentences and on the clips' transcriptions. */
  toneMarks: Type.Optional(StrictObject({ sentences: ToneMarkCoverage, transcriptions: ToneMarkCoverage })),
});
export type LanguageDatasheet = Static<typeof LanguageDatasheet>;

/**
 * GET /api/datasets/{id}/releases/{version}/datasheet: what the details panel shows of a published release,
 * read from its manifest (metadata.json): the datasheet of each language folder, the citation, the folder the
 * archive unzips to, the Parquet splits it holds and, for a delta release, the version it adds to.
 */
export const ReleaseDatasheet = StrictObject({
  version: Type.Integer({ minimum: 1 }),
  /** The folder complete.zip unzips to. */
  folder: Type.String(),
  /** The release's citation (the words of its CITATION.cff). */
  citation: Type.String(),
  /** Splits with Parquet shards in the archive (`data/<split>-NNNNN-of-MMMMM.parquet`); empty without. */
  parquetSplits: Type.Array(ReleaseSplit),
  /** The languages with a Common Voice folder (`<lang>/validated.tsv`). */
  languages: Type.Array(LanguageCode),
  /**
   * The files served on their own (getReleasePart), by their path below the folder: every Parquet shard and each
   * language's TSVs. Empty for a release built before they were.
   */
  parts: Type.Array(Type.String()),
  /** A delta release: the version it holds only what is new since; null for a full release. */
  base: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** Empty for a release built before datasheet figures were kept, or without audio. */
  datasheets: Type.Array(LanguageDatasheet),
});
export type ReleaseDatasheet = Static<typeof ReleaseDatasheet>;

/** POST /api/datasets/{id}/releases?base=N: publish a delta of published release N (only what is new since). */
export const PublishReleaseQuery = StrictObject({
  base: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
});
export type PublishReleaseQuery = Static<typeof PublishReleaseQuery>;

// ---------------------------------------------------------------------------------------------- licence

/** POST /api/datasets/{id}/licence: both promises are required before the first download of a dataset. */
export const LicenceAcceptanceBody = StrictObject({
  acceptLicence: Type.Literal(true),
  noReidentification: Type.Literal(true),
});
export type LicenceAcceptanceBody = Static<typeof LicenceAcceptanceBody>;

export const LicenceAcceptance = StrictObject({
  datasetId: Id,
  license: DatasetLicense,
  acceptedAt: DateTime,
});
export type LicenceAcceptance = Static<typeof LicenceAcceptance>;

// ---------------------------------------------------------------------------------------------- downloads

/**
 * One row of Download History. Available for DOWNLOAD_AVAILABILITY_DAYS from `date`: until `expiresAt`
 * `url` downloads the very same file again; after it the entry is `expired` and the person requests the
 * dataset again (a new download of its latest release).
 */
export const DownloadEntry = StrictObject({
  id: Id,
  datasetId: Id,
  dataset: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  artifact: ReleaseArtifactName,
  date: DateTime,
  expiresAt: DateTime,
  bytes: Count,
  status: literals(['completed', 'expired'] as const),
  url: Type.String(),
});
export type DownloadEntry = Static<typeof DownloadEntry>;

export const DownloadHistoryQuery = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: DOWNLOAD_HISTORY_PAGE_SIZE })),
});
export type DownloadHistoryQuery = Static<typeof DownloadHistoryQuery>;

export const DownloadHistoryPage = StrictObject({
  items: Type.Array(DownloadEntry),
  total: Count,
  page: Page,
  pageSize: Page,
});
export type DownloadHistoryPage = Static<typeof DownloadHistoryPage>;

export const DownloadIdParams = StrictObject({ id: Id });
export type DownloadIdParams = Static<typeof DownloadIdParams>;

// ---------------------------------------------------------------------------------------------- API tokens

/** A personal API token as listed: never its secret, which is shown once when created. */
export const ApiToken = StrictObject({
  id: Id,
  name: Type.String(),
  /** The first characters of the secret, so a person can tell their tokens apart. */
  prefix: Type.String(),
  createdAt: DateTime,
  lastUsedAt: Type.Union([DateTime, Type.Null()]),
});
export type ApiToken = Static<typeof ApiToken>;

export const ApiTokenList = StrictObject({ items: Type.Array(ApiToken) });
export type ApiTokenList = Static<typeof ApiTokenList>;

export const ApiTokenCreateBody = StrictObject({ name: NonEmptyText(API_TOKEN_NAME_MAX_LENGTH) });
export type ApiTokenCreateBody = Static<typeof ApiTokenCreateBody>;

/** The only answer that carries the secret: `Authorization: Bearer <secret>`. */
export const ApiTokenCreated = StrictObject({ token: ApiToken, secret: Type.String() });
export type ApiTokenCreated = Static<typeof ApiTokenCreated>;

export const ApiTokenIdParams = StrictObject({ id: Id });
export type ApiTokenIdParams = Static<typeof ApiTokenIdParams>;

export const ApiTokenRevoked = StrictObject({ id: Id, revoked: Type.Literal(true) });
export type ApiTokenRevoked = Static<typeof ApiTokenRevoked>;

// ---------------------------------------------------------------------------------------------- uploads

export const DatasetUploadType = literals(DATASET_UPLOAD_TYPES);
export type DatasetUploadType = Static<typeof DatasetUploadType>;
export const DatasetUploadStatus = literals(DATASET_UPLOAD_STATUSES);
export type DatasetUploadStatus = Static<typeof DatasetUploadStatus>;
export const DatasetUploadImportKind = literals(DATASET_UPLOAD_IMPORT_KINDS);
export type DatasetUploadImportKind = Static<typeof DatasetUploadImportKind>;

/** POST /api/uploads is multipart: a `file` part and these fields (SPEC: file, type, description). */
export const DatasetUploadFields = StrictObject({
  type: DatasetUploadType,
  description: Type.String({ maxLength: DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH }),
});
export type DatasetUploadFields = Static<typeof DatasetUploadFields>;

/** What importing an upload into the review queue did, row by row (as bulk Write reports its lines). */
export const DatasetUploadImport = StrictObject({
  kind: DatasetUploadImportKind,
  rows: Count,
  accepted: Count,
  refused: Type.Array(
    StrictObject({
      /** 1-based row (CSV: after the header line) or array index + 1 (JSON). */
      row: Type.Integer({ minimum: 1 }),
      ...RefusalProperties,
    }),
  ),
  importedAt: DateTime,
});
export type DatasetUploadImport = Static<typeof DatasetUploadImport>;

export const DatasetUpload = StrictObject({
  id: Id,
  fileName: Type.String(),
  type: DatasetUploadType,
  description: Type.String(),
  status: DatasetUploadStatus,
  bytes: Count,
  /** SHA-256 of the stored bytes; absent until the upload completes. */
  sha256: Type.Optional(Type.String()),
  /** When the content can be imported into the review queue, what it holds. */
  importable: Type.Union([DatasetUploadImportKind, Type.Null()]),
  import: Type.Union([DatasetUploadImport, Type.Null()]),
  /** Share of rows accepted by the import (0–1); null until imported or for an attachment. */
  quality: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  uploadedBy: Type.String(),
  uploadDate: DateTime,
  /** Why a failed upload failed, in English (the screen looks `failureCode` up). */
  failureCode: Type.Optional(Type.String()),
});
export type DatasetUpload = Static<typeof DatasetUpload>;

export const DatasetUploadListQuery = StrictObject({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  type: Type.Optional(DatasetUploadType),
  status: Type.Optional(DatasetUploadStatus),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: DATASET_UPLOAD_PAGE_SIZE })),
});
export type DatasetUploadListQuery = Static<typeof DatasetUploadListQuery>;

export const DatasetUploadPage = StrictObject({
  items: Type.Array(DatasetUpload),
  total: Count,
  page: Page,
  pageSize: Page,
});
export type DatasetUploadPage = Static<typeof DatasetUploadPage>;

/** The three summary cards: Total, Successful (completed), Pending (uploading, or importable and not imported). */
export const DatasetUploadSummary = StrictObject({ total: Count, successful: Count, pending: Count });
export type DatasetUploadSummary = Static<typeof DatasetUploadSummary>;

export const DatasetUploadIdParams = StrictObject({ id: Id });
export type DatasetUploadIdParams = Static<typeof DatasetUploadIdParams>;
