import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GridFSBucket, ObjectId } from 'mongodb';
import type { ErrorCode } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { ifRangeAllows, parseRange } from './byte-range';

export interface StoredFile {
  bucket: GridFSBucket;
  fileId: ObjectId;
  /** Where the file's bytes start in the stored file (a file kept inside a stored archive); 0 when absent. */
  offset?: number;
  /** The stored length in bytes. */
  size: number;
  contentType: string;
  /** Strong entity tag, quoted (`"<sha256>"`), when the file has one. */
  etag?: string;
  lastModified?: Date;
  /** Sent as Content-Disposition when the file is a download (`attachment; filename="…"`). */
  disposition?: string;
  cacheControl: string;
  /** The 416 answer's code. */
  unsatisfiableCode: ErrorCode;
}

/** What was sent: the whole file, or one range of it (`start` tells whether it began at the first byte). */
export type SendPlan = { status: 200 | 206; start: number; end: number };

/**
 * Decides what a GET or HEAD of a stored file answers: the whole file (200), one byte range (206, when the
 * Range is satisfiable and If-Range still matches) or a 416 `unsatisfiableCode` (thrown, with
 * `Content-Range: bytes * /size`). Sets every header on `reply` but sends nothing.
 */
export function planStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile): SendPlan {
  const { size } = file;
  const lastModified = file.lastModified?.toUTCString();
  reply.header('accept-ranges', 'bytes');
  if (file.etag) reply.header('etag', file.etag);
  if (lastModified) reply.header('last-modified', lastModified);
  const ifRange = request.headers['if-range'];
  const range = ifRangeAllows(typeof ifRange === 'string' ? ifRange : undefined, {
    etag: file.etag,
    lastModified,
  })
    ? parseRange(request.headers.range, size)
    : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new HttpError(416, file.unsatisfiableCode);
  }
  reply.header('content-type', file.contentType);
  reply.header('cache-control', file.cacheControl);
  if (file.disposition) reply.header('content-disposition', file.disposition);
  if (range.kind === 'partial') {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
    return { status: 206, start: range.start, end: range.end };
  }
  reply.header('content-length', size);
  return { status: 200, start: 0, end: size - 1 };
}

/**
 * Streams the planned bytes straight from GridFS, never holding the file in memory. A HEAD request gets the
 * same headers and no body (nothing is read from the store).
 */
export function sendPlanned(request: FastifyRequest, reply: FastifyReply, file: StoredFile, plan: SendPlan) {
  if (request.method === 'HEAD' || file.size === 0) return reply.send(Readable.from([]));
  const offset = file.offset ?? 0;
  return reply.send(
    file.bucket.openDownloadStream(file.fileId, { start: offset + plan.start, end: offset + plan.end + 1 }),
  );
}

/** planStoredFile then sendPlanned: one stored file, whole or one byte range. */
export function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile) {
  return sendPlanned(request, reply, file, planStoredFile(request, reply, file));
}
