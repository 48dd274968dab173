import type { Identity } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { seesEverything } from './dataset-views';
import type { DatasetDoc, DatasetStore } from './store';

/** A dataset the caller may see: admins any, everyone else only one with a published release (else 404). */
export async function findVisibleDataset(
  store: DatasetStore,
  id: string,
  identity: Identity | null | undefined,
): Promise<DatasetDoc> {
  const doc = await store.findDataset(id);
  if (!doc || (doc.latestVersion === undefined && !seesEverything(identity))) {
    throw new HttpError(404, 'dataset.not_found');
  }
  return doc;
}
