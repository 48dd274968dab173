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
import type { DatasetDoc, DatasetStore, ReleaseDoc } from './store';

/** Admins see every definition and every build; everyone else only what has been published. */
export const seesEverything = (identity: Identity | null | undefined) => identity?.role === 'admin';

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
    ...(doc.base ? { base: doc.base.version } : {}),
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

/**
 * What the cards of these datasets show beside their definitions: the latest published release, a build in
 * progress (admins) and whether `identity` accepted each licence: indexed queries, run together.
 */
export async function datasetExtras(
  store: DatasetStore,
  docs: DatasetDoc[],
  identity: Identity | null | undefined,
): Promise<Map<string, DatasetExtras>> {
  const forAdmin = seesEverything(identity);
  const ids = docs.map((d) => d._id);
  const published = docs.filter((d) => d.latestVersion !== undefined);
  const [latest, building, accepted] = await Promise.all([
    store.latestReleases(published.map((d) => ({ datasetId: d._id, version: d.latestVersion! }))),
    forAdmin ? store.buildsOf(ids) : [],
    identity ? store.acceptedAmong(identity.id, ids) : new Set<string>(),
  ]);
  const result = new Map<string, DatasetExtras>();
  for (const doc of docs) {
    result.set(doc._id, {
      latest: latest.find((r) => r.datasetId === doc._id) ?? null,
      building: building.find((r) => r.datasetId === doc._id) ?? null,
      licenceAccepted: accepted.has(doc._id),
    });
  }
  return result;
}

/** Browse Datasets: filtered, searched and paged on the server, newest publish first. */
export async function listDatasets(
  store: DatasetStore,
  query: DatasetListQuery,
  identity: Identity | null | undefined,
): Promise<DatasetPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DATASET_PAGE_SIZE;
  const forAdmin = seesEverything(identity);
  const { docs, total } = await store.listDatasets(
    { publishedOnly: !forAdmin, language: query.language, category: query.category, q: query.q },
    page,
    pageSize,
  );
  const extras = await datasetExtras(store, docs, identity);
  return { items: docs.map((d) => toDataset(d, extras.get(d._id)!, forAdmin)), total, page, pageSize };
}

/** One dataset with its releases, newest first: non-admins see published ones of published datasets only. */
export async function datasetDetail(
  store: DatasetStore,
  doc: DatasetDoc,
  identity: Identity | null | undefined,
): Promise<DatasetDetail> {
  const forAdmin = seesEverything(identity);
  const [extras, releases] = await Promise.all([
    datasetExtras(store, [doc], identity),
    store.releasesOf(doc._id, forAdmin),
  ]);
  return {
    dataset: toDataset(doc, extras.get(doc._id)!, forAdmin),
    releases: releases.map((r) => toReleaseSummary(r, forAdmin)),
  };
}

/**
 * The four stat cards, all from stored data: datasets with a published release, every download (a running
 * count beside each DownloadDoc), and — computed in MongoDB — the distinct people in each dataset's latest
 * published release and those releases' hours. That aggregation only changes when a release is published,
 * so its result is kept while the set of latest releases (read from the database each time, so every
 * process sees a publish at once) stays the same.
 */
export function createDatasetsSummary(store: DatasetStore) {
  let cached: { key: string; contributors: number; seconds: number } | null = null;
  return async function datasetsSummary(): Promise<DatasetsSummary> {
    const [published, totalDownloads] = await Promise.all([
      store.publishedDatasets(),
      store.totalDownloads(),
    ]);
    const key = published
      .map((d) => `${d._id}:${d.latestVersion}`)
      .sort()
      .join(',');
    if (cached?.key !== key) {
      const totals = await store.releaseTotals(
        published.map((d) => ({ datasetId: d._id, version: d.latestVersion! })),
      );
      cached = { key, ...totals };
    }
    return {
      availableDatasets: published.length,
      totalDownloads,
      contributors: cached.contributors,
      audioHours: cached.seconds / 3600,
    };
  };
}
