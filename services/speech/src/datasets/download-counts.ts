import type { Db } from 'mongodb';
import { collections } from '../collections';
import { datasetCollections, type DownloadDoc } from './dataset-collections';

/** The running count of every download, in the speech service's counters. */
export const TOTAL_DOWNLOADS = 'downloads:total';

/**
 * Records one download in the person's history and moves the running counts the cards read (the dataset's,
 * the release's and the total), so no page ever counts DownloadDocs one by one.
 */
export async function recordDownload(db: Db, doc: DownloadDoc) {
  const dc = datasetCollections(db);
  await dc.downloads.insertOne(doc);
  await Promise.all([
    dc.datasets.updateOne({ _id: doc.datasetId }, { $inc: { downloads: 1 } }),
    dc.releases.updateOne({ _id: doc.releaseId }, { $inc: { downloads: 1 } }),
    collections(db).counters.updateOne({ _id: TOTAL_DOWNLOADS }, { $inc: { n: 1 } }, { upsert: true }),
  ]);
}

export async function totalDownloads(db: Db): Promise<number> {
  return Math.max(0, (await collections(db).counters.findOne({ _id: TOTAL_DOWNLOADS }))?.n ?? 0);
}
