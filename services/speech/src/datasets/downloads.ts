import type { GridFSBucket } from 'mongodb';
import {
  DOWNLOAD_AVAILABILITY_DAYS,
  getDownloadFile,
  routeUrl,
  type DownloadEntry,
} from '@platform/contracts';
import type { StoredFile } from '../files/send-stored-file';
import type { DownloadDoc, ReleaseArtifactDoc, ReleasePartDoc } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a download made at `at` stops being available again (SPEC §9: 30 days). */
export const downloadExpiry = (at: Date) => new Date(at.getTime() + DOWNLOAD_AVAILABILITY_DAYS * DAY_MS);

/** A name for files: ASCII letters and digits joined by dashes (`Yorùbá Speech` → `yoruba-speech`). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'dataset';
}

/** `yoruba-speech-v3-complete.zip`: the dataset, the release and the artifact, safe in any file system. */
export const downloadFileName = (datasetName: string, version: number, artifact: string) =>
  `${slugOf(datasetName)}-v${version}-${artifact}`;

/** How a release artifact is sent: its SHA-256 as a strong ETag, as an attachment with a good name. */
export function artifactFile(
  bucket: GridFSBucket,
  artifact: ReleaseArtifactDoc,
  options: { datasetName: string; version: number; publishedAt?: Date },
): StoredFile {
  return {
    bucket,
    fileId: artifact.fileId,
    size: artifact.bytes,
    contentType: artifact.contentType,
    etag: `"${artifact.sha256}"`,
    lastModified: options.publishedAt,
    // The name is ASCII letters, digits, dashes and dots by construction: no quoting or encoding is needed.
    disposition: `attachment; filename="${downloadFileName(options.datasetName, options.version, artifact.name)}"`,
    // A published artifact never changes, but `latest` moves and access is per person: revalidate.
    cacheControl: 'private, no-cache',
    unsatisfiableCode: 'download.range_unsatisfiable',
  };
}

/**
 * How a file of complete.zip is sent on its own: its bytes are a range of the stored archive (`offset` says
 * where they start), with its own SHA-256 as a strong ETag. Inline, not an attachment: readers load it.
 */
export function partFile(
  bucket: GridFSBucket,
  archive: ReleaseArtifactDoc,
  part: ReleasePartDoc,
  publishedAt?: Date,
): StoredFile {
  return {
    bucket,
    fileId: archive.fileId,
    offset: part.offset,
    size: part.bytes,
    contentType: part.contentType,
    etag: `"${part.sha256}"`,
    lastModified: publishedAt,
    cacheControl: 'private, no-cache',
    unsatisfiableCode: 'download.range_unsatisfiable',
  };
}

export function toDownloadEntry(doc: DownloadDoc, now: Date): DownloadEntry {
  const id = doc._id.toHexString();
  return {
    id,
    datasetId: doc.datasetId,
    dataset: doc.datasetName,
    version: doc.version,
    artifact: doc.artifact,
    date: doc.createdAt.toISOString(),
    expiresAt: doc.expiresAt.toISOString(),
    bytes: doc.bytes,
    status: now.getTime() < doc.expiresAt.getTime() ? 'completed' : 'expired',
    url: routeUrl(getDownloadFile.path, { id }),
  };
}
