import { GridFSBucket, ObjectId, type Collection, type Db, type Filter } from 'mongodb';
import type {
  DatasetCategory,
  DatasetLanguage,
  DatasetLicense,
  DatasetSources,
  LanguageCode,
  ReleaseArtifactName,
  ReleaseAudioFormat,
  ReleaseFigures,
  ReleaseParams,
  ReleaseStatistics,
  ReleaseStatus,
} from '@platform/contracts';
import { takeLease, type CollectionIndexes } from '@platform/service-kit';
import { COUNTERS, type CounterDoc } from '../audio-pairs/store';

/** The datasets feature's collections (database `speech`). */
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
/**
 * Every file a build starts, noted before its first chunk is written: GridFS writes the files document only
 * at the end, so the chunks of a build that crashed half-way can only be found from this list.
 */
export const BUILD_FILES = 'release_build_files';
/** The running count of every download, in the speech service's counters (audio-pairs/store.ts). */
export const TOTAL_DOWNLOADS = 'downloads:total';

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
  /** Downloads of every release (a running count moved beside each DownloadDoc; see recordDownload below). */
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
 * A file of complete.zip served on its own (a Parquet shard, a language's TSV): the archive stores it without
 * compression, so its bytes are `bytes` bytes of complete.zip's stored file from `offset`. It needs no file of
 * its own, so it is owned by the release as complete.zip is.
 */
export interface ReleasePartDoc {
  /** Its path below the archive's folder: `data/train-00000-of-00001.parquet`, `yo/validated.tsv`. */
  path: string;
  offset: number;
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
  /** A delta release: the published release it holds only what is new since (and through it, that one's bases). */
  base?: { version: number; releaseId: ObjectId };
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
  /** The files of complete.zip served on their own; absent from releases built before they were. */
  parts?: ReleasePartDoc[];
  statistics?: ReleaseStatistics;
  /**
   * The accounts whose data is in the release: internal only (the stat cards count distinct contributors
   * across releases); never leaves the service. The archive carries salted hashes instead.
   */
  contributorIds?: string[];
  /** Downloads of this release (a running count moved beside each DownloadDoc; see recordDownload below). */
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

interface BuildFileDoc {
  _id: ObjectId;
  releaseId: ObjectId;
  createdAt: Date;
}

/** Indexes of the datasets feature; each names the query it serves. */
export const DATASET_INDEXES: CollectionIndexes[] = [
  {
    collection: DC.datasets,
    indexes: [
      // Names are unique regardless of case (409 dataset.name_taken), under any concurrency.
      { key: { nameKey: 1 }, name: 'name_key_unique', unique: true },
      // The platform defines one dataset per language, once, even with several speech processes.
      {
        key: { seededFor: 1 },
        name: 'seeded_for_unique',
        unique: true,
        partialFilterExpression: { seededFor: { $exists: true } },
      },
      // Browse Datasets: newest publish first, alone or with the language or category filter.
      { key: { publishedAt: -1, createdAt: -1, _id: -1 }, name: 'newest_published' },
      { key: { language: 1, publishedAt: -1, createdAt: -1 }, name: 'language_newest' },
      { key: { category: 1, publishedAt: -1, createdAt: -1 }, name: 'category_newest' },
    ],
  },
  {
    collection: DC.releases,
    indexes: [
      // One release per number: two publishes at once cannot both take the next version.
      { key: { datasetId: 1, version: -1 }, name: 'dataset_version_unique', unique: true },
      // At most one build at a time per dataset (409 release.build_running), under any concurrency.
      {
        key: { datasetId: 1 },
        name: 'dataset_building_unique',
        unique: true,
        partialFilterExpression: { status: 'building' },
      },
      // The stat cards: the latest published release of each dataset.
      { key: { status: 1, datasetId: 1, version: -1 }, name: 'status_dataset_version' },
    ],
  },
  {
    collection: DC.downloads,
    indexes: [
      // Download History: a person's own downloads, newest first.
      { key: { userId: 1, createdAt: -1 }, name: 'user_newest' },
      // Downloads per dataset (cards) and per release (older releases listed).
      { key: { datasetId: 1 }, name: 'dataset' },
      { key: { releaseId: 1 }, name: 'release' },
    ],
  },
  // Licence acceptances are found by `_id` (`${userId}:${datasetId}`), which is always indexed.
  {
    collection: `${RELEASE_BUCKET}.files`,
    indexes: [{ key: { filename: 1, uploadDate: 1 }, name: 'filename_uploadDate' }],
  },
  {
    collection: `${RELEASE_BUCKET}.chunks`,
    indexes: [{ key: { files_id: 1, n: 1 }, name: 'files_id_n_unique', unique: true }],
  },
];

export const releaseBucket = (db: Db) =>
  new GridFSBucket(db, { bucketName: RELEASE_BUCKET, chunkSizeBytes: RELEASE_CHUNK_BYTES });

/** The release fields a summary needs: never the contributor ids or the lease. */
export const RELEASE_SUMMARY_PROJECTION = {
  contributorIds: 0,
  parts: 0,
  statistics: 0,
  lease: 0,
  'definition.description': 0,
  'definition.tags': 0,
} as const;

/** `q` matched literally: every character that means something to a regular expression is escaped. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Which datasets Browse Datasets lists. */
export interface DatasetListFilter {
  /** Only datasets with a published release (everyone but admins). */
  publishedOnly: boolean;
  language?: DatasetLanguage;
  category?: DatasetCategory;
  /** Matched literally, without case, in the name or the description. */
  q?: string;
}

/** A dataset's latest published release, by number. */
export type LatestVersion = { datasetId: string; version: number };

/** A definition as stored, without what the service adds (ids, times, counts). */
export type DatasetDefinition = Pick<
  DatasetDoc,
  'name' | 'nameKey' | 'description' | 'language' | 'category' | 'tags' | 'license' | 'sources'
>;

/** What a finished build leaves on its release. */
export type BuiltRelease = Required<
  Pick<
    ReleaseDoc,
    'publishedAt' | 'figures' | 'audio' | 'artifacts' | 'parts' | 'statistics' | 'contributorIds'
  >
>;

interface SummaryRow {
  hours: Array<{ seconds: number }>;
  people: Array<{ n: number }>;
}

const DOWNLOAD_ID = /^[0-9a-f]{24}$/;

/**
 * The datasets feature's data: definitions, releases (and the lease a builder holds on one), their stored
 * files, licence acceptances and downloads with their running counts.
 */
export function datasetStore(db: Db) {
  const datasets = db.collection<DatasetDoc>(DC.datasets);
  const releases = db.collection<ReleaseDoc>(DC.releases);
  const acceptances = db.collection<LicenceAcceptanceDoc>(DC.licenceAcceptances);
  const downloads = db.collection<DownloadDoc>(DC.downloads);
  const buildFiles = db.collection<BuildFileDoc>(BUILD_FILES);
  // Shared with the audio pairs' counts; the total downloads are one key of it.
  const counters: Collection<CounterDoc> = db.collection<CounterDoc>(COUNTERS);
  const releaseFiles = db.collection(`${RELEASE_BUCKET}.files`);
  const releaseChunks = db.collection(`${RELEASE_BUCKET}.chunks`);
  const owned = (id: ObjectId, owner: string) => ({ _id: id, 'lease.owner': owner });

  /** Removes these files (finished or not) from the release bucket and from the list of started ones. */
  const deleteFiles = async (ids: ObjectId[]) => {
    if (ids.length === 0) return;
    await releaseFiles.deleteMany({ _id: { $in: ids } });
    await releaseChunks.deleteMany({ files_id: { $in: ids } });
    await buildFiles.deleteMany({ _id: { $in: ids } });
  };

  return {
    releaseBucket: () => releaseBucket(db),

    // Datasets.

    findDataset: (id: string) => datasets.findOne({ _id: id }),

    /** One page of Browse Datasets, newest publish first, and how many match. */
    async listDatasets(filter: DatasetListFilter, page: number, pageSize: number) {
      const query: Filter<DatasetDoc> = {};
      if (filter.publishedOnly) query.latestVersion = { $exists: true };
      if (filter.language) query.language = filter.language;
      if (filter.category) query.category = filter.category;
      const q = filter.q?.trim();
      if (q) {
        const pattern = new RegExp(escapeRegex(q), 'i');
        query.$or = [{ name: pattern }, { description: pattern }];
      }
      const [docs, total] = await Promise.all([
        datasets
          .find(query)
          .sort({ publishedAt: -1, createdAt: -1, _id: -1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .toArray(),
        datasets.countDocuments(query),
      ]);
      return { docs, total };
    },

    /** A new definition; a name taken (regardless of case) fails with a duplicate key error. */
    async insertDataset(doc: DatasetDoc): Promise<void> {
      await datasets.insertOne(doc);
    },

    /** Replaces a definition; null when there is no such dataset. A name taken fails with a duplicate key. */
    updateDataset: (id: string, definition: DatasetDefinition, at: Date) =>
      datasets.findOneAndUpdate(
        { _id: id },
        { $set: { ...definition, updatedAt: at } },
        { returnDocument: 'after' },
      ),

    /** The datasets with a published release, with the number of the latest. */
    publishedDatasets: () =>
      datasets
        .find({ latestVersion: { $exists: true } }, { projection: { _id: 1, latestVersion: 1 } })
        .toArray(),

    /** Whether the platform's own dataset of `language` exists. */
    async isSeeded(language: LanguageCode): Promise<boolean> {
      return !!(await datasets.findOne({ seededFor: language }, { projection: { _id: 1 } }));
    },

    /** The languages whose platform dataset exists. */
    async seededLanguages(): Promise<Set<LanguageCode | undefined>> {
      const docs = await datasets
        .find({ seededFor: { $exists: true } }, { projection: { seededFor: 1 } })
        .toArray();
      return new Set(docs.map((d) => d.seededFor));
    },

    // Releases.

    /**
     * Release `version` of a dataset (a number, or `latest`: the newest published one), without its internal
     * fields; `publishedOnly` hides the others (building, failed) as if they did not exist.
     */
    async findRelease(
      dataset: Pick<DatasetDoc, '_id'>,
      version: ReleaseParams['version'],
      options: { publishedOnly: boolean },
    ): Promise<ReleaseDoc | null> {
      const projection = { contributorIds: 0, lease: 0 } as const;
      if (version === 'latest') {
        return releases
          .find({ datasetId: dataset._id, status: 'published' }, { projection })
          .sort({ datasetId: 1, version: -1 })
          .limit(1)
          .next();
      }
      const release = await releases.findOne(
        { datasetId: dataset._id, version: Number(version) },
        { projection },
      );
      if (!release || (options.publishedOnly && release.status !== 'published')) return null;
      return release;
    },

    /** A dataset's releases, newest first, as summaries show them (published ones only, unless `all`). */
    releasesOf: (datasetId: string, all: boolean) =>
      releases
        .find(
          { datasetId, ...(all ? {} : { status: 'published' as const }) },
          { projection: RELEASE_SUMMARY_PROJECTION },
        )
        .sort({ datasetId: 1, version: -1 })
        .toArray(),

    /** These releases, as summaries show them. */
    latestReleases: (latest: LatestVersion[]) =>
      latest.length
        ? releases
            .find(
              { $or: latest.map((l) => ({ datasetId: l.datasetId, version: l.version })) },
              { projection: RELEASE_SUMMARY_PROJECTION },
            )
            .toArray()
        : Promise.resolve([]),

    /** The builds in progress of these datasets, as summaries show them. */
    buildsOf: (datasetIds: string[]) =>
      datasetIds.length
        ? releases
            .find(
              { datasetId: { $in: datasetIds }, status: 'building' },
              { projection: RELEASE_SUMMARY_PROJECTION },
            )
            .toArray()
        : Promise.resolve([]),

    /**
     * The distinct people in these releases and their audio seconds, computed in MongoDB (the stat cards).
     */
    async releaseTotals(latest: LatestVersion[]): Promise<{ contributors: number; seconds: number }> {
      const rows = latest.length
        ? await releases
            .aggregate<SummaryRow>([
              { $match: { $or: latest.map((l) => ({ datasetId: l.datasetId, version: l.version })) } },
              { $project: { contributorIds: 1, seconds: '$figures.audioSeconds' } },
              {
                $facet: {
                  hours: [{ $group: { _id: null, seconds: { $sum: '$seconds' } } }],
                  people: [
                    { $unwind: '$contributorIds' },
                    { $group: { _id: '$contributorIds' } },
                    { $count: 'n' },
                  ],
                },
              },
            ])
            .toArray()
        : [];
      return { contributors: rows[0]?.people[0]?.n ?? 0, seconds: rows[0]?.hours[0]?.seconds ?? 0 };
    },

    async hasBuildRunning(datasetId: string): Promise<boolean> {
      return !!(await releases.findOne({ datasetId, status: 'building' }, { projection: { _id: 1 } }));
    },

    /** The highest release number of a dataset (0 when it has none). */
    async lastVersion(datasetId: string): Promise<number> {
      const last = await releases
        .find({ datasetId }, { projection: { version: 1 } })
        .sort({ datasetId: 1, version: -1 })
        .limit(1)
        .next();
      return last?.version ?? 0;
    },

    /**
     * A release asked for; a second build of the dataset, or a number taken meanwhile, fails with a
     * duplicate key error (the unique indexes settle two publishes at once).
     */
    async insertRelease(release: ReleaseDoc): Promise<void> {
      await releases.insertOne(release);
    },

    /**
     * Claims the oldest `building` release nobody holds (or whose holder stopped renewing) for `owner`, with
     * the lease's one atomic update: of two workers, one gets it.
     */
    async claimBuild(owner: string, at: number, leaseMs: number): Promise<ReleaseDoc | null> {
      return takeLease(
        {
          collection: releases,
          filter: { status: 'building' },
          holderField: 'lease.owner',
          untilField: 'lease.until',
          sort: { createdAt: 1 },
          set: { progress: 0, stage: 'Starting' },
        },
        owner,
        at,
        leaseMs,
      );
    },

    /**
     * Writes a build's progress and renews its lease; false when the lease is no longer `owner`'s (another
     * worker took the release over).
     */
    async reportProgress(
      id: ObjectId,
      owner: string,
      progress: { progress: number; stage: string; until: Date },
    ): Promise<boolean> {
      const res = await releases.updateOne(owned(id, owner), {
        $set: { progress: progress.progress, stage: progress.stage, 'lease.until': progress.until },
      });
      return res.matchedCount === 1;
    },

    /**
     * The build is done: the release is published with what it holds, and the lease given back; false when
     * it was no longer `owner`'s. Its files are no longer a build's leftovers, and the dataset's latest
     * version moves to it (never back, should an older one finish later).
     */
    async publish(
      release: Pick<ReleaseDoc, '_id' | 'datasetId' | 'version'>,
      owner: string,
      out: BuiltRelease,
    ) {
      const res = await releases.updateOne(owned(release._id, owner), {
        $set: { status: 'published', progress: 1, ...out },
        $unset: { lease: '', stage: '', error: '' },
      });
      if (res.matchedCount === 0) return false;
      await buildFiles.deleteMany({ releaseId: release._id });
      await datasets.updateOne(
        {
          _id: release.datasetId,
          $or: [{ latestVersion: { $exists: false } }, { latestVersion: { $lt: release.version } }],
        },
        {
          $set: { latestVersion: release.version, publishedAt: out.publishedAt, updatedAt: out.publishedAt },
        },
      );
      return true;
    },

    /** Left `building` for the next claim (this process after a restart, or another one). */
    async pauseBuild(id: ObjectId, owner: string): Promise<void> {
      await releases.updateOne(owned(id, owner), {
        $unset: { lease: '' },
        $set: { progress: 0, stage: 'Waiting' },
      });
    },

    async failBuild(id: ObjectId, owner: string, error: string): Promise<void> {
      await releases.updateOne(owned(id, owner), {
        $set: { status: 'failed', error },
        $unset: { lease: '', stage: '' },
      });
    },

    // The release bucket.

    /** Notes a file as being built for a release, before its first chunk is written. */
    async noteBuildFile(fileId: ObjectId, releaseId: ObjectId): Promise<void> {
      await buildFiles.insertOne({ _id: fileId, releaseId, createdAt: new Date() });
    },

    deleteFiles,

    /** Removes every file a build of this release started: a failed build's, or a crashed one's leftovers. */
    async deleteReleaseFiles(releaseId: ObjectId): Promise<void> {
      const started = await buildFiles.find({ releaseId }, { projection: { _id: 1 } }).toArray();
      await deleteFiles(started.map((f) => f._id));
    },

    // Licences and downloads.

    /** Records (again) that a person accepts a dataset's licence as it reads now. */
    async acceptLicence(userId: string, dataset: Pick<DatasetDoc, '_id' | 'license'>, acceptedAt: Date) {
      await acceptances.updateOne(
        { _id: `${userId}:${dataset._id}` },
        { $set: { userId, datasetId: dataset._id, license: dataset.license, acceptedAt } },
        { upsert: true },
      );
    },

    async hasAccepted(userId: string, datasetId: string): Promise<boolean> {
      return !!(await acceptances.findOne({ _id: `${userId}:${datasetId}` }, { projection: { _id: 1 } }));
    },

    /** Of these datasets, the ones whose licence this person accepted. */
    async acceptedAmong(userId: string, datasetIds: string[]): Promise<Set<string>> {
      if (datasetIds.length === 0) return new Set();
      const found = await acceptances
        .find({ _id: { $in: datasetIds.map((id) => `${userId}:${id}`) } }, { projection: { datasetId: 1 } })
        .toArray();
      return new Set(found.map((a) => a.datasetId));
    },

    /**
     * Records one download in the person's history and moves the running counts the cards read (the
     * dataset's, the release's and the total), so no page ever counts DownloadDocs one by one.
     */
    async recordDownload(doc: DownloadDoc): Promise<void> {
      await downloads.insertOne(doc);
      await Promise.all([
        datasets.updateOne({ _id: doc.datasetId }, { $inc: { downloads: 1 } }),
        releases.updateOne({ _id: doc.releaseId }, { $inc: { downloads: 1 } }),
        counters.updateOne({ _id: TOTAL_DOWNLOADS }, { $inc: { n: 1 } }, { upsert: true }),
      ]);
    },

    async totalDownloads(): Promise<number> {
      return Math.max(0, (await counters.findOne({ _id: TOTAL_DOWNLOADS }))?.n ?? 0);
    },

    /** A page of a person's Download History, newest first, and how many they made. */
    async downloadsOf(userId: string, page: number, pageSize: number) {
      const [docs, total] = await Promise.all([
        downloads
          .find({ userId })
          .sort({ userId: 1, createdAt: -1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .toArray(),
        downloads.countDocuments({ userId }),
      ]);
      return { docs, total };
    },

    /** One of this person's downloads; someone else's (or an id naming none) is null. */
    async findDownload(id: string, userId: string): Promise<DownloadDoc | null> {
      if (!DOWNLOAD_ID.test(id)) return null;
      return downloads.findOne({ _id: new ObjectId(id), userId });
    },

    /** A published release's artifacts and what naming them needs; null when it is not published. */
    publishedArtifacts: (releaseId: ObjectId) =>
      releases.findOne(
        { _id: releaseId, status: 'published' },
        { projection: { artifacts: 1, version: 1, publishedAt: 1 } },
      ) as Promise<Pick<ReleaseDoc, '_id' | 'artifacts' | 'version' | 'publishedAt'> | null>,

    // A deleted account.

    /** Their licence acceptances and download history go (the download counts are totals kept apart). */
    async forget(userId: string): Promise<void> {
      await Promise.all([acceptances.deleteMany({ userId }), downloads.deleteMany({ userId })]);
    },

    /** Releases' internal contributor lists and the publisher's id carry `pseudonym` instead. */
    async pseudonymise(userId: string, pseudonym: string): Promise<void> {
      await Promise.all([
        releases.updateMany(
          { contributorIds: userId },
          { $set: { 'contributorIds.$[id]': pseudonym } },
          { arrayFilters: [{ id: userId }] },
        ),
        releases.updateMany({ createdBy: userId }, { $set: { createdBy: pseudonym } }),
      ]);
    },
  };
}

export type DatasetStore = ReturnType<typeof datasetStore>;

/** A new dataset's id: an ObjectId's hex string (the public dataset id). */
export const newDatasetId = () => new ObjectId().toHexString();
export const newReleaseId = () => new ObjectId();
export const newDownloadId = () => new ObjectId();
