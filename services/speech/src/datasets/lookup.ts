import type { Identity, ReleaseParams } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import type { DatasetCollections, DatasetDoc, ReleaseDoc } from './dataset-collections';
import { seesEverything } from './dataset-views';

/** A dataset the caller may see: admins any, everyone else only one with a published release (else 404). */
export async function findVisibleDataset(
  col: DatasetCollections,
  id: string,
  identity: Identity | null | undefined,
): Promise<DatasetDoc> {
  const doc = await col.datasets.findOne({ _id: id });
  if (!doc || (doc.latestVersion === undefined && !seesEverything(identity))) {
    throw new HttpError(404, 'dataset.not_found');
  }
  return doc;
}

/**
 * Release `version` of a dataset (a number, or `latest`: the newest published one), without its internal
 * fields; `publishedOnly` hides the others (building, failed) as if they did not exist.
 */
export async function findRelease(
  col: DatasetCollections,
  dataset: DatasetDoc,
  version: ReleaseParams['version'],
  options: { publishedOnly: boolean },
): Promise<ReleaseDoc | null> {
  const projection = { contributorIds: 0, lease: 0 } as const;
  if (version === 'latest') {
    return col.releases
      .find({ datasetId: dataset._id, status: 'published' }, { projection })
      .sort({ datasetId: 1, version: -1 })
      .limit(1)
      .next();
  }
  const release = await col.releases.findOne(
    { datasetId: dataset._id, version: Number(version) },
    { projection },
  );
  if (!release || (options.publishedOnly && release.status !== 'published')) return null;
  return release;
}
