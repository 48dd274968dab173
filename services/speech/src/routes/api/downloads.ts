import { DOWNLOAD_HISTORY_PAGE_SIZE, getDownloadFile, getDownloadHistory } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';
import { artifactFile, toDownloadEntry } from '../../datasets/downloads';
import { planStoredFile, sendPlanned } from '../../files/send-stored-file';

const downloadNotFound = () => new HttpError(404, 'download.not_found');

/** Download History and Download Again. */
export default routeModule<SpeechContext>([getDownloadHistory, getDownloadFile], (app, { now, stores }) => {
  const { datasets } = stores;

  serveRoute(app, getDownloadHistory, async (request) => {
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? DOWNLOAD_HISTORY_PAGE_SIZE;
    const { docs, total } = await datasets.downloadsOf(request.identity.id, page, pageSize);
    const at = now();
    return { items: docs.map((d) => toDownloadEntry(d, at)), total, page, pageSize };
  });

  serveRoute(app, getDownloadFile, async (request, reply) => {
    // Someone else's download is not found either: its existence is not for them to learn.
    const download = await datasets.findDownload(request.params.id, request.identity.id);
    if (!download) throw downloadNotFound();
    if (now().getTime() >= download.expiresAt.getTime()) throw new HttpError(410, 'download.expired');
    const release = await datasets.publishedArtifacts(download.releaseId);
    const artifact = release?.artifacts.find((a) => a.name === download.artifact);
    if (!release || !artifact) throw downloadNotFound();
    const file = artifactFile(datasets.releaseBucket(), artifact, {
      datasetName: download.datasetName,
      version: release.version,
      publishedAt: release.publishedAt,
    });
    return sendPlanned(request, reply, file, planStoredFile(request, reply, file));
  });
});
