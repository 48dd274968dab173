import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, replyNotFound } from '@platform/service-kit';
import { isApiPath } from './routing-table';

/** Webpack's [contenthash] names: safe to cache for a year because a new build changes the name. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|woff2?|ttf|png|jpe?g|gif|svg|webp|avif|ico|wasm|map)$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(filePath: string) {
  return HASHED_ASSET.test(filePath) ? IMMUTABLE : NO_CACHE;
}

/** Serves the shell's build; files without a content hash (index.html, manifests) are revalidated each time. */
export async function registerShellStatic(app: FastifyInstance, shellDist: string) {
  await app.register(fastifyStatic, {
    root: shellDist,
    wildcard: true,
    cacheControl: false,
    index: ['index.html'],
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
}

const wantsHtml = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return request.headers['sec-fetch-mode'] === 'navigate' || accept.includes('text/html');
};

/**
 * The 404 of the whole gateway: a page navigation that matches no file gets the shell's index.html (the
 * shell's router then shows the page or its own not-found screen); API paths and asset requests get the
 * JSON 404. Under /auth only the catalogue's pages (/auth/verify, ...) count as pages; the rest is API.
 */
export function spaFallback(shellDist: string, pages: Set<string>) {
  const indexFile = 'index.html';
  return async function notFound(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml(request) &&
      (!isApiPath(path) || pages.has(path));
    if (!isPage) return replyNotFound(request, reply);
    if (!existsSync(join(shellDist, indexFile))) {
      throw new HttpError(503, 'site.not_built');
    }
    reply.header('cache-control', NO_CACHE);
    return reply.sendFile(indexFile);
  };
}
