import { ObjectId } from 'mongodb';
import {
  getDataset,
  getDatasets,
  getDatasetsSummary,
  getRelease,
  getReleaseStatistics,
  postDataset,
  postRelease,
  putDataset,
  type DatasetInput,
  type Identity,
} from '@platform/contracts';
import { databaseOf, HttpError, isDuplicateKey, serveRoute, type ServiceApp } from '@platform/service-kit';
import type { ReleaseWorker } from '../../datasets/release-build';
import { selectionCounts } from '../../datasets/release-build';
import { datasetCollections, type DatasetDoc, type ReleaseDoc } from '../../datasets/dataset-collections';
import {
  createDatasetsSummary,
  datasetDetail,
  datasetExtras,
  listDatasets,
  seesEverything,
  toDataset,
  toReleaseSummary,
} from '../../datasets/dataset-views';
import { totalDownloads } from '../../datasets/download-counts';
import { findRelease, findVisibleDataset } from '../../datasets/lookup';
import { datasetDownloadRoutes } from './downloads';

export interface DatasetRouteOptions {
  worker: ReleaseWorker;
  /** The clock (tests move it). */
  now: () => Date;
}

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

/** Browse Datasets, the stat cards, a dataset and its releases, and what admins do: define, edit, publish. */
export function datasetRoutes(app: ServiceApp, options: DatasetRouteOptions) {
  const { worker, now } = options;
  const col = () => datasetCollections(databaseOf(app));

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

  datasetDownloadRoutes(app, { now });
}
