import {
  getDataset,
  getDatasets,
  getDatasetsSummary,
  getRelease,
  getReleaseDatasheet,
  getReleaseFile,
  getReleasePart,
  getReleaseStatistics,
  postDataset,
  postLicenceAcceptance,
  postRelease,
  putDataset,
  type DatasetInput,
  type Identity,
  type LanguageCode,
} from '@platform/contracts';
import { HttpError, isDuplicateKey, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../../context';
import { selectionCounts } from '../../../datasets/release-build';
import {
  newDatasetId,
  newDownloadId,
  newReleaseId,
  type DatasetDoc,
  type DownloadDoc,
  type ReleaseDoc,
} from '../../../datasets/store';
import {
  createDatasetsSummary,
  datasetDetail,
  datasetExtras,
  listDatasets,
  seesEverything,
  toDataset,
  toReleaseSummary,
} from '../../../datasets/dataset-views';
import { artifactFile, downloadExpiry, partFile } from '../../../datasets/downloads';
import { findVisibleDataset } from '../../../datasets/lookup';
import {
  contentsThrough,
  cvLanguages,
  parquetSplits,
  readManifest,
} from '../../../datasets/release-manifest';
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
    getReleaseDatasheet,
    postLicenceAcceptance,
    getReleaseFile,
    getReleasePart,
  ],
  (app, { worker, now, stores }) => {
    const { datasets } = stores;

    serveRoute(app, getDatasets, async (request) => listDatasets(datasets, request.query, request.identity));

    const summary = createDatasetsSummary(datasets);
    serveRoute(app, getDatasetsSummary, async () => summary());

    serveRoute(app, getDataset, async (request) => {
      const doc = await findVisibleDataset(datasets, request.params.id, request.identity);
      return datasetDetail(datasets, doc, request.identity);
    });

    /** The answer to a create or an edit: the dataset as an admin's card shows it. */
    const adminView = async (doc: DatasetDoc, identity: Identity) => {
      const extras = await datasetExtras(datasets, [doc], identity);
      return toDataset(doc, extras.get(doc._id)!, true);
    };

    serveRoute(app, postDataset, async (request, reply) => {
      const at = now();
      const doc: DatasetDoc = {
        _id: newDatasetId(),
        ...definitionOf(request.body),
        createdAt: at,
        updatedAt: at,
      };
      try {
        await datasets.insertDataset(doc);
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
        updated = await datasets.updateDataset(request.params.id, definitionOf(request.body), now());
      } catch (err) {
        if (isDuplicateKey(err)) throw nameTaken();
        throw err;
      }
      if (!updated) throw new HttpError(404, 'dataset.not_found');
      return adminView(updated, request.identity);
    });

    serveRoute(app, postRelease, async (request, reply) => {
      const dataset = await datasets.findDataset(request.params.id);
      if (!dataset) throw new HttpError(404, 'dataset.not_found');
      const running = () => new HttpError(409, 'release.build_running');
      if (await datasets.hasBuildRunning(dataset._id)) throw running();
      // A delta: only what its base (and the base's own bases) do not hold.
      const baseVersion = request.query.base;
      const base =
        baseVersion === undefined
          ? null
          : await datasets.findRelease(dataset, String(baseVersion), { publishedOnly: false });
      if (baseVersion !== undefined && !base) throw new HttpError(404, 'release.not_found');
      const exclude = base ? await contentsThrough(datasets, base) : null;
      if (exclude === 'not-published') throw new HttpError(409, 'release.not_published');
      if (exclude === 'no-contents') {
        throw new HttpError(
          409,
          'release.not_published',
          `Release ${baseVersion} was built before releases listed what they hold; a delta cannot be based on it.`,
        );
      }
      const counts = await selectionCounts(stores, dataset.sources, exclude);
      if (counts.recordings + counts.audioPairs + counts.sentences + counts.textPairs === 0) {
        throw new HttpError(422, 'release.nothing_to_release');
      }
      // The next number; two publishes at once meet the unique indexes (one build per dataset, one release
      // per number), and the loser is told a build is running.
      const last = await datasets.lastVersion(dataset._id);
      const at = now();
      const release: ReleaseDoc = {
        _id: newReleaseId(),
        datasetId: dataset._id,
        version: last + 1,
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
        ...(base ? { base: { version: base.version, releaseId: base._id } } : {}),
        createdAt: at,
        createdBy: request.identity.id,
        progress: 0,
        artifacts: [],
      };
      try {
        await datasets.insertRelease(release);
      } catch (err) {
        if (isDuplicateKey(err)) throw running();
        throw err;
      }
      worker.kick();
      reply.code(202);
      return toReleaseSummary(release, true);
    });

    serveRoute(app, getRelease, async (request) => {
      const dataset = await findVisibleDataset(datasets, request.params.id, request.identity);
      const release = await datasets.findRelease(dataset, request.params.version, {
        publishedOnly: !seesEverything(request.identity),
      });
      if (!release) throw new HttpError(404, 'release.not_found');
      return toReleaseSummary(release, seesEverything(request.identity));
    });

    serveRoute(app, getReleaseStatistics, async (request) => {
      const dataset = await findVisibleDataset(datasets, request.params.id, request.identity);
      const release = await datasets.findRelease(dataset, request.params.version, { publishedOnly: false });
      // `latest` with nothing published yet is a release that is not published, as a building one is.
      if (!release && request.params.version !== 'latest') throw new HttpError(404, 'release.not_found');
      if (!release || release.status !== 'published' || !release.statistics) {
        throw new HttpError(409, 'release.not_published');
      }
      return release.statistics;
    });

    serveRoute(app, getReleaseDatasheet, async (request) => {
      const { id, version } = request.params;
      const dataset = await findVisibleDataset(datasets, id, request.identity);
      const release = await datasets.findRelease(dataset, version, { publishedOnly: false });
      if (!release && version !== 'latest') throw new HttpError(404, 'release.not_found');
      if (!release || release.status !== 'published') throw new HttpError(409, 'release.not_published');
      // The same terms as downloading the release: what it documents is what the download holds.
      if (!(await datasets.hasAccepted(request.identity.id, dataset._id)))
        throw new HttpError(403, 'download.licence_required');
      const manifest = await readManifest(datasets, release);
      if (!manifest) throw new HttpError(409, 'release.not_published');
      return {
        version: release.version,
        folder: manifest.folder,
        citation: manifest.citation,
        parquetSplits: parquetSplits(manifest.files),
        languages: cvLanguages(manifest.files) as LanguageCode[],
        parts: (release.parts ?? []).map((p) => p.path),
        base: manifest.base?.version ?? null,
        datasheets: manifest.datasheets ?? [],
      };
    });

    serveRoute(app, postLicenceAcceptance, async (request) => {
      const dataset = await findVisibleDataset(datasets, request.params.id, request.identity);
      const acceptedAt = now();
      // Accepting again records the dataset's licence as it reads now.
      await datasets.acceptLicence(request.identity.id, dataset, acceptedAt);
      return { datasetId: dataset._id, license: dataset.license, acceptedAt: acceptedAt.toISOString() };
    });

    serveRoute(app, getReleaseFile, async (request, reply) => {
      const { id, version, artifact: name } = request.params;
      const dataset = await findVisibleDataset(datasets, id, request.identity);
      const release = await datasets.findRelease(dataset, version, { publishedOnly: false });
      if (!release && version !== 'latest') throw new HttpError(404, 'release.not_found');
      if (!release || release.status !== 'published') throw new HttpError(409, 'release.not_published');
      const userId = request.identity.id;
      if (!(await datasets.hasAccepted(userId, dataset._id)))
        throw new HttpError(403, 'download.licence_required');
      const artifact = release.artifacts.find((a) => a.name === name);
      if (!artifact) throw new HttpError(404, 'release.not_found');
      const file = artifactFile(datasets.releaseBucket(), artifact, {
        datasetName: dataset.name,
        version: release.version,
        publishedAt: release.publishedAt,
      });
      const plan = planStoredFile(request, reply, file);
      // A download from the first byte is one download in the person's history; a resumed range is not.
      if (plan.start === 0 && request.method === 'GET') {
        const at = now();
        const doc: DownloadDoc = {
          _id: newDownloadId(),
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
        await datasets.recordDownload(doc);
      }
      return sendPlanned(request, reply, file, plan);
    });

    serveRoute(app, getReleasePart, async (request, reply) => {
      const { id, version, folder, file: name } = request.params;
      const dataset = await findVisibleDataset(datasets, id, request.identity);
      const release = await datasets.findRelease(dataset, version, { publishedOnly: false });
      if (!release && version !== 'latest') throw new HttpError(404, 'release.not_found');
      if (!release || release.status !== 'published') throw new HttpError(409, 'release.not_published');
      if (!(await datasets.hasAccepted(request.identity.id, dataset._id)))
        throw new HttpError(403, 'download.licence_required');
      const part = release.parts?.find((p) => p.path === `${folder}/${name}`);
      const archive = release.artifacts.find((a) => a.name === 'complete.zip');
      if (!part || !archive) throw new HttpError(404, 'release.file_not_found');
      const file = partFile(datasets.releaseBucket(), archive, part, release.publishedAt);
      const plan = planStoredFile(request, reply, file);
      return sendPlanned(request, reply, file, plan);
    });
  },
);
