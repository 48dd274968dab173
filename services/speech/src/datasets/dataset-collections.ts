import type { Db, ObjectId } from 'mongodb';
import type {
  DatasetCategory,
  DatasetLanguage,
  DatasetLicense,
  DatasetSources,
  LanguageCode,
  ReleaseArtifactName,
  ReleaseAudioFormat,
  ReleaseFigures,
  ReleaseStatistics,
  ReleaseStatus,
} from '@platform/contracts';

/** The datasets feature's collections (database `speech`); indexes in dataset-indexes.ts. */
export const DC = {
  datasets: 'datasets',
  releases: 'releases',
  licenceAcceptances: 'licence_acceptances',
  downloads: 'downloads',
} as const;

/** GridFS bucket holding every release's artifacts (release_files.files / release_files.chunks). */
export const RELEASE_BUCKET = 'release_files';
/** Large chunks: an archive is written and read sequentially, and fewer chunks mean fewer round trips. */
export const RELEASE_CHUNK_BYTES = 1024 * 1024;

/** An admin's definition of a dataset; `_id` is an ObjectId's hex string (the public dataset id). */
export interface DatasetDoc {
  _id: string;
  name: string;
  /** `name` lower-cased and trimmed: names are unique regardless of case. */
  nameKey: string;
  description: string;
  language: DatasetLanguage;
  category: DatasetCategory;
  tags: string[];
  license: DatasetLicense;
  sources: DatasetSources;
  /** Set on the datasets the platform defined itself, one per language with data. */
  seededFor?: LanguageCode;
  createdAt: Date;
  updatedAt: Date;
  /** The latest published release's number and time, kept here so listing is one indexed query. */
  latestVersion?: number;
  publishedAt?: Date;
  /** Downloads of every release (a running count moved beside each DownloadDoc; see download-counts.ts). */
  downloads?: number;
}

/** One artifact stored in the release bucket. */
export interface ReleaseArtifactDoc {
  name: ReleaseArtifactName;
  fileId: ObjectId;
  bytes: number;
  sha256: string;
  contentType: string;
}

/**
 * One release: created `building` by the publish call, built by the release worker, then `published`
 * (immutable from then on) or `failed`. `definition` is the dataset as it was when the release was asked for,
 * so editing the dataset later never changes what a release was built from.
 */
export interface ReleaseDoc {
  _id: ObjectId;
  datasetId: string;
  version: number;
  status: ReleaseStatus;
  definition: Pick<
    DatasetDoc,
    'name' | 'description' | 'language' | 'category' | 'tags' | 'license' | 'sources'
  >;
  /** Data validated up to this moment is in the release. */
  cutoff: Date;
  createdAt: Date;
  createdBy: string;
  publishedAt?: Date;
  progress: number;
  stage?: string;
  error?: string;
  /** A worker holds the build while `lease.until` is in the future (renewed as it works). */
  lease?: { owner: string; until: Date };
  figures?: ReleaseFigures;
  audio?: ReleaseAudioFormat;
  artifacts: ReleaseArtifactDoc[];
  statistics?: ReleaseStatistics;
  /**
   * The accounts whose data is in the release: internal only (the stat cards count distinct contributors
   * across releases); never leaves the service. The archive carries salted hashes instead.
   */
  contributorIds?: string[];
  /** Downloads of this release (a running count moved beside each DownloadDoc; see download-counts.ts). */
  downloads?: number;
}

/** A person's acceptance of a dataset's licence terms; `_id` is `${userId}:${datasetId}`. */
export interface LicenceAcceptanceDoc {
  _id: string;
  userId: string;
  datasetId: string;
  license: DatasetLicense;
  acceptedAt: Date;
}

/** One download in a person's history: a request for an artifact from its first byte. */
export interface DownloadDoc {
  _id: ObjectId;
  userId: string;
  datasetId: string;
  datasetName: string;
  releaseId: ObjectId;
  version: number;
  artifact: ReleaseArtifactName;
  bytes: number;
  createdAt: Date;
  expiresAt: Date;
}

export const datasetCollections = (db: Db) => ({
  datasets: db.collection<DatasetDoc>(DC.datasets),
  releases: db.collection<ReleaseDoc>(DC.releases),
  licenceAcceptances: db.collection<LicenceAcceptanceDoc>(DC.licenceAcceptances),
  downloads: db.collection<DownloadDoc>(DC.downloads),
});
export type DatasetCollections = ReturnType<typeof datasetCollections>;
