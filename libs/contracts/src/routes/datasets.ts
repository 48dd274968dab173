import { Type } from '@sinclair/typebox';
import {
  Dataset,
  DatasetDetail,
  DatasetIdParams,
  DatasetInput,
  DatasetListQuery,
  DatasetPage,
  DatasetsSummary,
  DownloadHistoryPage,
  DownloadHistoryQuery,
  DownloadIdParams,
  LicenceAcceptance,
  LicenceAcceptanceBody,
  PublishReleaseQuery,
  ReleaseDatasheet,
  ReleaseFileParams,
  ReleaseParams,
  ReleasePartParams,
  ReleaseStatistics,
  ReleaseSummary,
} from '../datasets';
import { defineRoute } from '../route';

const tag = 'datasets';
const fileReply = {
  200: Type.Unknown({ description: 'The file (JSON or ZIP), with Content-Length, ETag and Accept-Ranges' }),
  206: Type.Unknown({ description: 'One byte range of the file' }),
};

/** Browse Datasets: filtered and paged on the server. Anyone may browse; downloads need a researcher. */
export const getDatasets = defineRoute({
  name: 'getDatasets',
  method: 'GET',
  path: '/api/datasets',
  owner: 'speech',
  access: 'public',
  apiToken: true,
  summary: 'Datasets, searched and filtered, a page at a time',
  tag,
  query: DatasetListQuery,
  reply: { 200: DatasetPage },
});

/** The four stat cards of /data/downloads. */
export const getDatasetsSummary = defineRoute({
  name: 'getDatasetsSummary',
  method: 'GET',
  path: '/api/datasets/summary',
  owner: 'speech',
  access: 'public',
  apiToken: true,
  summary: 'Available datasets, total downloads, contributors and audio hours',
  tag,
  reply: { 200: DatasetsSummary },
});

/** One dataset with all its releases, newest first. */
export const getDataset = defineRoute({
  name: 'getDataset',
  method: 'GET',
  path: '/api/datasets/:id',
  owner: 'speech',
  access: 'public',
  apiToken: true,
  summary: 'A dataset and its releases',
  tag,
  params: DatasetIdParams,
  reply: { 200: DatasetDetail },
  errors: [404],
});

/** An admin defines a dataset. */
export const postDataset = defineRoute({
  name: 'postDataset',
  method: 'POST',
  path: '/api/datasets',
  owner: 'speech',
  access: ['admin'],
  summary: 'Define a dataset',
  tag,
  body: DatasetInput,
  reply: { 201: Dataset },
  errors: [409],
});

/** An admin edits a dataset's definition; published releases keep what they were built from. */
export const putDataset = defineRoute({
  name: 'putDataset',
  method: 'PUT',
  path: '/api/datasets/:id',
  owner: 'speech',
  access: ['admin'],
  summary: "Edit a dataset's definition",
  tag,
  params: DatasetIdParams,
  body: DatasetInput,
  reply: { 200: Dataset },
  errors: [404, 409],
});

/**
 * An admin publishes a release: built in the background; poll getRelease for its progress. With `?base=N` it
 * is a delta of published release N: only the clips, sentences and text pairs new since N and its own bases.
 */
export const postRelease = defineRoute({
  name: 'postRelease',
  method: 'POST',
  path: '/api/datasets/:id/releases',
  owner: 'speech',
  access: ['admin'],
  summary: 'Publish a new release of a dataset, full or a delta of an earlier one (built in the background)',
  tag,
  params: DatasetIdParams,
  query: PublishReleaseQuery,
  reply: { 202: ReleaseSummary },
  errors: [404, 409, 422],
});

/** One release: its status and progress while building, its figures and artifacts once published. */
export const getRelease = defineRoute({
  name: 'getRelease',
  method: 'GET',
  path: '/api/datasets/:id/releases/:version',
  owner: 'speech',
  access: 'public',
  apiToken: true,
  summary: 'A release of a dataset (version number or latest)',
  tag,
  params: ReleaseParams,
  reply: { 200: ReleaseSummary },
  errors: [404],
});

/** View Statistics: measured when the release was built. */
export const getReleaseStatistics = defineRoute({
  name: 'getReleaseStatistics',
  method: 'GET',
  path: '/api/datasets/:id/releases/:version/statistics',
  owner: 'speech',
  access: 'public',
  apiToken: true,
  summary: "A published release's statistics",
  tag,
  params: ReleaseParams,
  reply: { 200: ReleaseStatistics },
  errors: [404, 409],
});

/**
 * A published release's datasheet figures per language, citation, folder and Parquet splits (the details
 * panel's datasheet and "Use it" box); the same access as downloading the release.
 */
export const getReleaseDatasheet = defineRoute({
  name: 'getReleaseDatasheet',
  method: 'GET',
  path: '/api/datasets/:id/releases/:version/datasheet',
  owner: 'speech',
  access: ['researcher', 'admin'],
  apiToken: true,
  summary: "A published release's datasheet figures, citation and layout",
  tag,
  params: ReleaseParams,
  reply: { 200: ReleaseDatasheet },
  errors: [403, 404, 409],
});

/** Accept a dataset's licence terms and promise not to identify speakers; remembered per person and dataset. */
export const postLicenceAcceptance = defineRoute({
  name: 'postLicenceAcceptance',
  method: 'POST',
  path: '/api/datasets/:id/licence',
  owner: 'speech',
  access: ['researcher', 'admin'],
  summary: "Accept a dataset's licence terms",
  tag,
  params: DatasetIdParams,
  body: LicenceAcceptanceBody,
  reply: { 200: LicenceAcceptance },
  errors: [404],
});

/**
 * Download one artifact of a release: metadata.json, audio.zip or complete.zip. Streams with Content-Length,
 * ETag and Accept-Ranges; a Range request (with If-Range) answers 206, so `curl -C -` resumes. A request
 * from the first byte is one download in the person's history.
 */
export const getReleaseFile = defineRoute({
  name: 'getReleaseFile',
  method: 'GET',
  path: '/api/datasets/:id/releases/:version/files/:artifact',
  owner: 'speech',
  access: ['researcher', 'admin'],
  apiToken: true,
  summary: 'Download a release file (byte ranges supported)',
  tag,
  params: ReleaseFileParams,
  reply: fileReply,
  errors: [403, 404, 409, 416],
});

/**
 * One Parquet shard or one language's TSV of a release, on its own (the bytes of that file in complete.zip), so
 * `datasets`, pandas or pyarrow read it straight from its URL: the same access as the archive (session or API
 * token, licence accepted), Content-Length, the file's SHA-256 as ETag, and byte ranges (a Parquet reader reads
 * the footer first). Not one download in the person's history: a reader asks for many ranges of many files.
 */
export const getReleasePart = defineRoute({
  name: 'getReleasePart',
  method: 'GET',
  path: '/api/datasets/:id/releases/:version/files/:folder/:file',
  owner: 'speech',
  access: ['researcher', 'admin'],
  apiToken: true,
  summary: 'Download one Parquet shard or TSV of a release (byte ranges supported)',
  tag,
  params: ReleasePartParams,
  reply: fileReply,
  errors: [403, 404, 409, 416],
});

/** Download History: the person's own downloads, newest first. */
export const getDownloadHistory = defineRoute({
  name: 'getDownloadHistory',
  method: 'GET',
  path: '/api/downloads',
  owner: 'speech',
  access: ['researcher', 'admin'],
  apiToken: true,
  summary: 'My downloads, a page at a time',
  tag,
  query: DownloadHistoryQuery,
  reply: { 200: DownloadHistoryPage },
});

/** Download Again: the same file as an earlier download of this person's, for 30 days (410 after). */
export const getDownloadFile = defineRoute({
  name: 'getDownloadFile',
  method: 'GET',
  path: '/api/downloads/:id/file',
  owner: 'speech',
  access: ['researcher', 'admin'],
  apiToken: true,
  summary: 'Download an earlier download again (byte ranges supported; 30 days)',
  tag,
  params: DownloadIdParams,
  reply: fileReply,
  errors: [404, 410, 416],
});
