import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, replyNotFound } from '@platform/service-kit';
import { DEFAULT_UI_LOCALE, pageInLanguage, SESSION_COOKIE_NAME } from '@platform/contracts';
import { isApiPath } from './routing-table';
import { localeCookie } from './locale-cookie';
import type { PagePreloads } from './page-preloads';

/** Webpack's [contenthash] names: safe to cache for a year because a new build changes the name. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|woff2?|ttf|png|jpe?g|gif|svg|webp|avif|ico|wasm|map)$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(filePath: string) {
  return HASHED_ASSET.test(filePath) ? IMMUTABLE : NO_CACHE;
}

/**
 * The files of the installable app at the build's root: the service worker (its scope is the folder it is
 * served from, so it must be at the root to serve every page) and the web app manifest, each with its type.
 */
export const APP_FILES: Record<string, Record<string, string>> = {
  'sw.js': {
    'content-type': 'text/javascript; charset=utf-8',
    // Its scope, said outright: every page of the site.
    'service-worker-allowed': '/',
  },
  'manifest.webmanifest': { 'content-type': 'application/manifest+json; charset=utf-8' },
};

/**
 * Serves the shell's build; files without a content hash (index.html, manifests, the service worker and the
 * icons) are revalidated each time, so a new build reaches installed apps on their next visit.
 */
export async function registerShellStatic(app: FastifyInstance, shellDist: string, preloads: PagePreloads) {
  await app.register(fastifyStatic, {
    root: shellDist,
    wildcard: true,
    cacheControl: false,
    // index.html is never served as a file: the fallback below writes the visitor's language into it.
    index: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
      const appFile = APP_FILES[relative(shellDist, filePath).split(sep).join('/')];
      if (appFile) reply.headers(appFile);
    },
  });
  app.get('/', (request, reply) => sendIndex(shellDist, preloads, request, reply));
}

/**
 * index.html in the visitor's language, with hints to fetch what the page will ask for next; revalidated on
 * every visit, and different per cookie (language, session).
 */
async function sendIndex(
  shellDist: string,
  preloads: PagePreloads,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const file = join(shellDist, 'index.html');
  if (!existsSync(file)) throw new HttpError(503, 'site.not_built');
  reply.header('cache-control', NO_CACHE);
  reply.header('vary', 'Cookie');
  const path = request.url.split('?')[0] ?? '/';
  const locale = localeCookie(request);
  const signedIn = Boolean(request.cookies?.[SESSION_COOKIE_NAME]);
  reply.header('link', (await preloads.linksFor(path, locale ?? DEFAULT_UI_LOCALE, signedIn)).join(', '));
  reply.type('text/html; charset=utf-8');
  return pageInLanguage(await readFile(file, 'utf8'), locale);
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
export function spaFallback(shellDist: string, pages: Set<string>, preloads: PagePreloads) {
  return async function notFound(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml(request) &&
      (!isApiPath(path) || pages.has(path));
    if (!isPage) return replyNotFound(request, reply);
    return sendIndex(shellDist, preloads, request, reply);
  };
}
