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
  'definition.description': 0,
  'definition.tags': 0,
} as const;

export function toReleaseSummary(doc: ReleaseDoc, forAdmin: boolean): ReleaseSummary {
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
    sources: doc.definition.sources,
    artifacts: (doc.artifacts ?? []).map((a) => ({
      name: a.name,
      bytes: a.bytes,
      sha256: a.sha256,
      contentType: a.contentType,
    })),
    downloads: Math.max(0, doc.downloads ?? 0),
  };
}

export interface DatasetExtras {
  latest: ReleaseDoc | null;
  building: ReleaseDoc | null;
  licenceAccepted: boolean;
}

export function toDataset(doc: DatasetDoc, extras: DatasetExtras, forAdmin: boolean): Dataset {
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
    latestRelease: extras.latest ? toReleaseSummary(extras.latest, forAdmin) : null,
    building: forAdmin && extras.building ? toReleaseSummary(extras.building, forAdmin) : null,
    downloads: Math.max(0, doc.downloads ?? 0),
    licenceAccepted: extras.licenceAccepted,
  };
}

/** `q` matched literally: every character that means something to a regular expression is escaped. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * What the cards of these datasets show beside their definitions: the latest published release, a build in
 * progress (admins) and whether `identity` accepted each licence: indexed queries, run together.
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
  const acceptedIds = new Set(accepted.map((a) => a.datasetId));
  const result = new Map<string, DatasetExtras>();
  for (const doc of docs) {
    result.set(doc._id, {
      latest: latest.find((r) => r.datasetId === doc._id) ?? null,
      building: building.find((r) => r.datasetId === doc._id) ?? null,
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
  return {
    dataset: toDataset(doc, extras.get(doc._id)!, forAdmin),
    releases: releases.map((r) => toReleaseSummary(r, forAdmin)),
  };
}

interface SummaryRow {
  hours: Array<{ seconds: number }>;
  people: Array<{ n: number }>;
}

/**
 * The four stat cards, all from stored data: datasets with a published release, every download (a running
 * count beside each DownloadDoc), and — computed in MongoDB — the distinct people in each dataset's latest
 * published release and those releases' hours. That aggregation only changes when a release is published,
 * so its result is kept while the set of latest releases (read from the database each time, so every
 * process sees a publish at once) stays the same.
 */
export function createDatasetsSummary(col: DatasetCollections, total: () => Promise<number>) {
  let cached: { key: string; contributors: number; seconds: number } | null = null;
  return async function datasetsSummary(): Promise<DatasetsSummary> {
    const [published, totalDownloads] = await Promise.all([
      col.datasets
        .find({ latestVersion: { $exists: true } }, { projection: { _id: 1, latestVersion: 1 } })
        .toArray(),
      total(),
    ]);
    const key = published
      .map((d) => `${d._id}:${d.latestVersion}`)
      .sort()
      .join(',');
    if (cached?.key !== key) {
      const rows = published.length
        ? await col.releases
            .aggregate<SummaryRow>([
              { $match: { $or: published.map((d) => ({ datasetId: d._id, version: d.latestVersion })) } },
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
      cached = {
        key,
        contributors: rows[0]?.people[0]?.n ?? 0,
        seconds: rows[0]?.hours[0]?.seconds ?? 0,
      };
    }
    return {
      availableDatasets: published.length,
      totalDownloads,
      contributors: cached.contributors,
      audioHours: cached.seconds / 3600,
    };
  };
}
