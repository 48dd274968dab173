import { ObjectId } from 'mongodb';
import {
  DOWNLOAD_HISTORY_PAGE_SIZE,
  getDownloadFile,
  getDownloadHistory,
  getReleaseFile,
  postLicenceAcceptance,
} from '@platform/contracts';
import { databaseOf, HttpError, serveRoute, type ServiceApp } from '@platform/service-kit';
import { datasetCollections, type DownloadDoc } from '../../datasets/dataset-collections';
import { recordDownload } from '../../datasets/download-counts';
import { artifactFile, downloadExpiry, toDownloadEntry } from '../../datasets/downloads';
import { findRelease, findVisibleDataset } from '../../datasets/lookup';
import { planStoredFile, sendPlanned } from '../../files/send-stored-file';

const downloadNotFound = () => new HttpError(404, 'download.not_found');

/** The licence terms, the three downloads of a release, Download History and Download Again. */
export function datasetDownloadRoutes(app: ServiceApp, options: { now: () => Date }) {
  const { now } = options;
  const db = () => databaseOf(app);
  const col = () => datasetCollections(db());

  serveRoute(app, postLicenceAcceptance, async (request) => {
    const c = col();
    const dataset = await findVisibleDataset(c, request.params.id, request.identity);
    const acceptedAt = now();
    const userId = request.identity.id;
    // Accepting again records the dataset's licence as it reads now.
    await c.licenceAcceptances.updateOne(
      { _id: `${userId}:${dataset._id}` },
      { $set: { userId, datasetId: dataset._id, license: dataset.license, acceptedAt } },
      { upsert: true },
    );
    return { datasetId: dataset._id, license: dataset.license, acceptedAt: acceptedAt.toISOString() };
  });

  serveRoute(app, getReleaseFile, async (request, reply) => {
    const c = col();
    const { id, version, artifact: name } = request.params;
    const dataset = await findVisibleDataset(c, id, request.identity);
    const release = await findRelease(c, dataset, version, { publishedOnly: false });
    if (!release && version !== 'latest') throw new HttpError(404, 'release.not_found');
    if (!release || release.status !== 'published') throw new HttpError(409, 'release.not_published');
    const userId = request.identity.id;
    const accepted = await c.licenceAcceptances.findOne(
      { _id: `${userId}:${dataset._id}` },
      { projection: { _id: 1 } },
    );
    if (!accepted) throw new HttpError(403, 'download.licence_required');
    const artifact = release.artifacts.find((a) => a.name === name);
    if (!artifact) throw new HttpError(404, 'release.not_found');
    const file = artifactFile(db(), artifact, {
      datasetName: dataset.name,
      version: release.version,
      publishedAt: release.publishedAt,
    });
    const plan = planStoredFile(request, reply, file);
    // A download from the first byte is one download in the person's history; a resumed range is not.
    if (plan.start === 0 && request.method === 'GET') {
      const at = now();
      const doc: DownloadDoc = {
        _id: new ObjectId(),
        userId,
        datasetId: dataset._id,
        datasetName: dataset.name,
        releaseId: release._id,
        version: release.version,
        artifact: artifact.name,
        bytes: artifact.bytes,
        createdAt: at,
        expiresAt: downloadExpiry(at),
      };
      await recordDownload(db(), doc);
    }
    return sendPlanned(request, reply, file, plan);
  });

  serveRoute(app, getDownloadHistory, async (request) => {
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? DOWNLOAD_HISTORY_PAGE_SIZE;
    const filter = { userId: request.identity.id };
    const c = col();
    const [docs, total] = await Promise.all([
      c.downloads
        .find(filter)
        .sort({ userId: 1, createdAt: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      c.downloads.countDocuments(filter),
    ]);
    const at = now();
    return { items: docs.map((d) => toDownloadEntry(d, at)), total, page, pageSize };
  });

  serveRoute(app, getDownloadFile, async (request, reply) => {
    const { id } = request.params;
    if (!/^[0-9a-f]{24}$/.test(id)) throw downloadNotFound();
    const c = col();
    // Someone else's download is not found either: its existence is not for them to learn.
    const download = await c.downloads.findOne({ _id: new ObjectId(id), userId: request.identity.id });
    if (!download) throw downloadNotFound();
    if (now().getTime() >= download.expiresAt.getTime()) throw new HttpError(410, 'download.expired');
    const release = await c.releases.findOne(
      { _id: download.releaseId, status: 'published' },
      { projection: { artifacts: 1, version: 1, publishedAt: 1 } },
    );
    const artifact = release?.artifacts.find((a) => a.name === download.artifact);
    if (!release || !artifact) throw downloadNotFound();
    const file = artifactFile(db(), artifact, {
      datasetName: download.datasetName,
      version: release.version,
      publishedAt: release.publishedAt,
    });
    return sendPlanned(request, reply, file, planStoredFile(request, reply, file));
  });
}
