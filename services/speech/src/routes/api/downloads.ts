import { ObjectId } from 'mongodb';
import { DOWNLOAD_HISTORY_PAGE_SIZE, getDownloadFile, getDownloadHistory } from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';
import { datasetCollections } from '../../datasets/dataset-collections';
import { artifactFile, toDownloadEntry } from '../../datasets/downloads';
import { planStoredFile, sendPlanned } from '../../files/send-stored-file';

const downloadNotFound = () => new HttpError(404, 'download.not_found');

/** Download History and Download Again. */
export default routeModule<SpeechContext>([getDownloadHistory, getDownloadFile], (app, { now }) => {
  const db = () => databaseOf(app);
  const col = () => datasetCollections(db());

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
});
