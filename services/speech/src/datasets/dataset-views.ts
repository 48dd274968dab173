import type { Filter } from 'mongodb';
import type {
  Dataset,
  DatasetDetail,
  DatasetListQuery,
  DatasetPage,
  DatasetsSummary,
  Identity,
  ReleaseSummary,
} from '@platform/contracts';
import { DATASET_PAGE_SIZE } from '@platform/contracts';
import type { DatasetCollections, DatasetDoc, ReleaseDoc } from './dataset-collections';

/** Admins see every definition and every build; everyone else only what has been published. */
export const seesEverything = (identity: Identity | null | undefined) => identity?.role === 'admin';

/** The release fields a summary needs: never the contributor ids or the lease. */
export const RELEASE_SUMMARY_PROJECTION = {
  contributorIds: 0,
  statistics: 0,
  lease: 0,
  definition: 0,
} as const;

export function toReleaseSummary(doc: ReleaseDoc, downloads: number, forAdmin: boolean): ReleaseSummary {
  return {
    version: doc.version,
    status: doc.status,
    createdAt: doc.createdAt.toISOString(),
    ...(doc.publishedAt ? { publishedAt: doc.publishedAt.toISOString() } : {}),
    progress: Math.min(1, Math.max(0, doc.progress ?? 0)),
    ...(doc.stage !== undefined ? { stage: doc.stage } : {}),
    ...(doc.error !== undefined && forAdmin ? { error: doc.error } : {}),
    ...(doc.figures ? { figures: doc.figures } : {}),
    ...(doc.audio ? { audio: doc.audio } : {}),
    artifacts: (doc.artifacts ?? []).map((a) => ({
      name: a.name,
      bytes: a.bytes,
      sha256: a.sha256,
      contentType: a.contentType,
    })),
    downloads,
  };
}

export interface DatasetExtras {
  latest: ReleaseDoc | null;
  building: ReleaseDoc | null;
  /** Downloads of every release of the dataset, and of the latest and building ones. */
  downloads: number;
  releaseDownloads: Map<string, number>;
  licenceAccepted: boolean;
}

export function toDataset(doc: DatasetDoc, extras: DatasetExtras, forAdmin: boolean): Dataset {
  const count = (r: ReleaseDoc) => extras.releaseDownloads.get(r._id.toHexString()) ?? 0;
  return {
    id: doc._id,
    name: doc.name,
    description: doc.description,
    language: doc.language,
    category: doc.category,
    tags: doc.tags,
    license: doc.license,
    sources: doc.sources,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: (doc.publishedAt ?? doc.updatedAt).toISOString(),
    latestRelease: extras.latest ? toReleaseSummary(extras.latest, count(extras.latest), forAdmin) : null,
    building:
      forAdmin && extras.building
        ? toReleaseSummary(extras.building, count(extras.building), forAdmin)
        : null,
    downloads: extras.downloads,
    licenceAccepted: extras.licenceAccepted,
  };
}

/** `q` matched literally: every character that means something to a regular expression is escaped. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Downloads grouped by one key (a dataset or a release), counted in MongoDB. */
async function countDownloads(
  col: DatasetCollections,
  key: 'datasetId' | 'releaseId',
  values: unknown[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!values.length) return counts;
  const rows = await col.downloads
    .aggregate<{ _id: unknown; n: number }>([
      { $match: { [key]: { $in: values } } },
      { $group: { _id: `$${key}`, n: { $sum: 1 } } },
    ])
    .toArray();
  for (const row of rows) counts.set(String(row._id), row.n);
  return counts;
}

/**
 * What the cards of these datasets show beside their definitions: the latest published release, a build in
 * progress (admins), downloads, and whether `identity` accepted each licence — a handful of indexed queries
 * for the whole page, not one per dataset.
 */
export async function datasetExtras(
  col: DatasetCollections,
  docs: DatasetDoc[],
  identity: Identity | null | undefined,
): Promise<Map<string, DatasetExtras>> {
  const forAdmin = seesEverything(identity);
  const ids = docs.map((d) => d._id);
  const published = docs.filter((d) => d.latestVersion !== undefined);
  const [latest, building, accepted] = await Promise.all([
    published.length
      ? col.releases
          .find(
            { $or: published.map((d) => ({ datasetId: d._id, version: d.latestVersion! })) },
            { projection: RELEASE_SUMMARY_PROJECTION },
          )
          .toArray()
      : [],
    forAdmin && ids.length
      ? col.releases
          .find({ datasetId: { $in: ids }, status: 'building' }, { projection: RELEASE_SUMMARY_PROJECTION })
          .toArray()
      : [],
    identity && ids.length
      ? col.licenceAcceptances
          .find({ _id: { $in: ids.map((id) => `${identity.id}:${id}`) } }, { projection: { datasetId: 1 } })
          .toArray()
      : [],
  ]);
  const releaseIds = [...latest, ...building].map((r) => r._id);
  const [perDataset, perRelease] = await Promise.all([
    countDownloads(col, 'datasetId', ids),
    countDownloads(col, 'releaseId', releaseIds),
  ]);
  const acceptedIds = new Set(accepted.map((a) => a.datasetId));
  const result = new Map<string, DatasetExtras>();
  for (const doc of docs) {
    result.set(doc._id, {
      latest: latest.find((r) => r.datasetId === doc._id && r.version === doc.latestVersion) ?? null,
      building: building.find((r) => r.datasetId === doc._id) ?? null,
      downloads: perDataset.get(doc._id) ?? 0,
      releaseDownloads: perRelease,
      licenceAccepted: acceptedIds.has(doc._id),
    });
  }
  return result;
}

/** Browse Datasets: filtered, searched and paged on the server, newest publish first. */
export async function listDatasets(
  col: DatasetCollections,
  query: DatasetListQuery,
  identity: Identity | null | undefined,
): Promise<DatasetPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DATASET_PAGE_SIZE;
  const filter: Filter<DatasetDoc> = {};
  if (!seesEverything(identity)) filter.latestVersion = { $exists: true };
  if (query.language) filter.language = query.language;
  if (query.category) filter.category = query.category;
  const q = query.q?.trim();
  if (q) {
    const pattern = new RegExp(escapeRegex(q), 'i');
    filter.$or = [{ name: pattern }, { description: pattern }];
  }
  const [docs, total] = await Promise.all([
    col.datasets
      .find(filter)
      .sort({ publishedAt: -1, createdAt: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .toArray(),
    col.datasets.countDocuments(filter),
  ]);
  const extras = await datasetExtras(col, docs, identity);
  const forAdmin = seesEverything(identity);
  return { items: docs.map((d) => toDataset(d, extras.get(d._id)!, forAdmin)), total, page, pageSize };
}

/** One dataset with its releases, newest first: non-admins see published ones of published datasets only. */
export async function datasetDetail(
  col: DatasetCollections,
  doc: DatasetDoc,
  identity: Identity | null | undefined,
): Promise<DatasetDetail> {
  const forAdmin = seesEverything(identity);
  const [extras, releases] = await Promise.all([
    datasetExtras(col, [doc], identity),
    col.releases
      .find(
        { datasetId: doc._id, ...(forAdmin ? {} : { status: 'published' as const }) },
        { projection: RELEASE_SUMMARY_PROJECTION },
      )
      .sort({ datasetId: 1, version: -1 })
      .toArray(),
  ]);
  const counts = await countDownloads(
    col,
    'releaseId',
    releases.map((r) => r._id),
  );
  return {
    dataset: toDataset(doc, extras.get(doc._id)!, forAdmin),
    releases: releases.map((r) => toReleaseSummary(r, counts.get(r._id.toHexString()) ?? 0, forAdmin)),
  };
}

interface SummaryRow {
  hours: Array<{ seconds: number }>;
  people: Array<{ n: number }>;
}

/**
 * The four stat cards, all from stored data and computed in MongoDB: datasets with a published release,
 * every download, the distinct people in each dataset's latest published release, and those releases' hours.
 */
export async function datasetsSummary(col: DatasetCollections): Promise<DatasetsSummary> {
  const [availableDatasets, totalDownloads, rows] = await Promise.all([
    col.datasets.countDocuments({ latestVersion: { $exists: true } }),
    col.downloads.countDocuments({}),
    col.releases
      .aggregate<SummaryRow>([
        { $match: { status: 'published' } },
        { $sort: { status: 1, datasetId: 1, version: -1 } },
        {
          $group: {
            _id: '$datasetId',
            contributorIds: { $first: '$contributorIds' },
            seconds: { $first: '$figures.audioSeconds' },
          },
        },
        {
          $facet: {
            hours: [{ $group: { _id: null, seconds: { $sum: '$seconds' } } }],
            people: [{ $unwind: '$contributorIds' }, { $group: { _id: '$contributorIds' } }, { $count: 'n' }],
          },
        },
      ])
      .toArray(),
  ]);
  const seconds = rows[0]?.hours[0]?.seconds ?? 0;
  return {
    availableDatasets,
    totalDownloads,
    contributors: rows[0]?.people[0]?.n ?? 0,
    audioHours: seconds / 3600,
  };
}
