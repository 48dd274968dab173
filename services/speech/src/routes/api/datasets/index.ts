import { ObjectId } from 'mongodb';
import {
  getDataset,
  getDatasets,
  getDatasetsSummary,
  getRelease,
  getReleaseFile,
  getReleaseStatistics,
  postDataset,
  postLicenceAcceptance,
  postRelease,
  putDataset,
  type DatasetInput,
  type Identity,
} from '@platform/contracts';
import { databaseOf, HttpError, isDuplicateKey, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import { selectionCounts } from '../../../datasets/release-build';
import {
  datasetCollections,
  type DatasetDoc,
  type DownloadDoc,
  type ReleaseDoc,
} from '../../../datasets/dataset-collections';
import {
  createDatasetsSummary,
  datasetDetail,
  datasetExtras,
  listDatasets,
  seesEverything,
  toDataset,
  toReleaseSummary,
} from '../../../datasets/dataset-views';
import { recordDownload, totalDownloads } from '../../../datasets/download-counts';
import { artifactFile, downloadExpiry } from '../../../datasets/downloads';
import { findRelease, findVisibleDataset } from '../../../datasets/lookup';
import { planStoredFile, sendPlanned } from '../../../files/send-stored-file';

/** A definition as stored: words trimmed, tags without repeats, the name's case-free key beside it. */
function definitionOf(input: DatasetInput) {
  const name = input.name.trim();
  return {
    name,
    nameKey: name.toLowerCase(),
    description: input.description.trim(),
    language: input.language,
    category: input.category,
    tags: [...new Set(input.tags.map((t) => t.trim()))],
    license: input.license,
    sources: input.sources,
  };
}

const nameTaken = () => new HttpError(409, 'dataset.name_taken');

/**
 * Browse Datasets, the stat cards, a dataset and its releases, what admins do (define, edit, publish), the
 * licence terms and the three downloads of a release.
 */
export default routeModule<SpeechContext>(
  [
    getDatasets,
    getDatasetsSummary,
    getDataset,
    postDataset,
    putDataset,
    postRelease,
    getRelease,
    getReleaseStatistics,
    postLicenceAcceptance,
    getReleaseFile,
  ],
  (app, { worker, now }) => {
    const db = () => databaseOf(app);
    const col = () => datasetCollections(db());

    serveRoute(app, getDatasets, async (request) => listDatasets(col(), request.query, request.identity));

    let summary: ReturnType<typeof createDatasetsSummary> | null = null;
    serveRoute(app, getDatasetsSummary, async () => {
      summary ??= createDatasetsSummary(col(), () => totalDownloads(databaseOf(app)));
      return summary();
    });

    serveRoute(app, getDataset, async (request) => {
      const doc = await findVisibleDataset(col(), request.params.id, request.identity);
      return datasetDetail(col(), doc, request.identity);
    });

    /** The answer to a create or an edit: the dataset as an admin's card shows it. */
    const adminView = async (doc: DatasetDoc, identity: Identity) => {
      const extras = await datasetExtras(col(), [doc], identity);
      return toDataset(doc, extras.get(doc._id)!, true);
    };

    serveRoute(app, postDataset, async (request, reply) => {
      const at = now();
      const doc: DatasetDoc = {
        _id: new ObjectId().toHexString(),
        ...definitionOf(request.body),
        createdAt: at,
        updatedAt: at,
      };
      try {
        await col().datasets.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw nameTaken();
        throw err;
      }
      reply.code(201);
      return adminView(doc, request.identity);
    });

    serveRoute(app, putDataset, async (request) => {
      let updated: DatasetDoc | null;
      try {
        updated = await col().datasets.findOneAndUpdate(
          { _id: request.params.id },
          { $set: { ...definitionOf(request.body), updatedAt: now() } },
          { returnDocument: 'after' },
        );
      } catch (err) {
        if (isDuplicateKey(err)) throw nameTaken();
        throw err;
      }
      if (!updated) throw new HttpError(404, 'dataset.not_found');
      return adminView(updated, request.identity);
    });

    serveRoute(app, postRelease, async (request, reply) => {
      const c = col();
      const dataset = await c.datasets.findOne({ _id: request.params.id });
      if (!dataset) throw new HttpError(404, 'dataset.not_found');
      const running = () => new HttpError(409, 'release.build_running');
      if (
        await c.releases.findOne({ datasetId: dataset._id, status: 'building' }, { projection: { _id: 1 } })
      ) {
        throw running();
      }
      const counts = await selectionCounts(databaseOf(app), dataset.sources);
      if (counts.recordings + counts.audioPairs + counts.sentences + counts.textPairs === 0) {
        throw new HttpError(422, 'release.nothing_to_release');
      }
      // The next number; two publishes at once meet the unique indexes (one build per dataset, one release
      // per number), and the loser is told a build is running.
      const last = await c.releases
        .find({ datasetId: dataset._id }, { projection: { version: 1 } })
        .sort({ datasetId: 1, version: -1 })
        .limit(1)
        .next();
      const at = now();
      const release: ReleaseDoc = {
        _id: new ObjectId(),
        datasetId: dataset._id,
        version: (last?.version ?? 0) + 1,
        status: 'building',
        definition: {
          name: dataset.name,
          description: dataset.description,
          language: dataset.language,
          category: dataset.category,
          tags: dataset.tags,
          license: dataset.license,
          sources: dataset.sources,
        },
        cutoff: at,
        createdAt: at,
        createdBy: request.identity.id,
        progress: 0,
        artifacts: [],
      };
      try {
        await c.releases.insertOne(release);
      } catch (err) {
        if (isDuplicateKey(err)) throw running();
        throw err;
      }
      worker.kick();
      reply.code(202);
      return toReleaseSummary(release, true);
    });

    serveRoute(app, getRelease, async (request) => {
      const c = col();
      const dataset = await findVisibleDataset(c, request.params.id, request.identity);
      const release = await findRelease(c, dataset, request.params.version, {
        publishedOnly: !seesEverything(request.identity),
      });
      if (!release) throw new HttpError(404, 'release.not_found');
      return toReleaseSummary(release, seesEverything(request.identity));
    });

    serveRoute(app, getReleaseStatistics, async (request) => {
      const c = col();
      const dataset = await findVisibleDataset(c, request.params.id, request.identity);
      const release = await findRelease(c, dataset, request.params.version, { publishedOnly: false });
      // `latest` with nothing published yet is a release that is not published, as a building one is.
      if (!release && request.params.version !== 'latest') throw new HttpError(404, 'release.not_found');
      if (!release || release.status !== 'published' || !release.statistics) {
        throw new HttpError(409, 'release.not_published');
      }
      return release.statistics;
    });

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
  },
);
