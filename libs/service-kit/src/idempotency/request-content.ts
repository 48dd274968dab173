import type { FastifyRequest } from 'fastify';
import { MultipartDigest } from './content-hash';

/**
 * The content hash of a multipart call that carries an Idempotency-Key, as readMultipart works it out while
 * it streams the parts (the serving code only knows it once the body has been read).
 */
interface MultipartContent {
  digest: MultipartDigest;
  hash: string | null;
}

const contents = new WeakMap<FastifyRequest, MultipartContent>();

/** Asks readMultipart to hash this request's parts as they stream. */
export function hashMultipartContent(request: FastifyRequest): void {
  contents.set(request, { digest: new MultipartDigest(), hash: null });
}

/** The digest readMultipart feeds, when the request's content is wanted (undefined otherwise). */
export const multipartDigestOf = (request: FastifyRequest): MultipartDigest | undefined =>
  contents.get(request)?.digest;

/** Called by readMultipart once every part has been read. */
export function multipartContentRead(request: FastifyRequest): void {
  const content = contents.get(request);
  if (content) content.hash = content.digest.digest(request.params, request.query);
}

/** The content hash, once readMultipart has read the whole body (null before). */
export const multipartContentHash = (request: FastifyRequest): string | null =>
  contents.get(request)?.hash ?? null;
