import { API_PREFIXES, PAGES } from '@platform/contracts/client';
import { REMOTES_MANIFEST_PATH } from '../federation/remotesManifestShape';

/**
 * What the worker does with a request:
 * - `pass`: not touched (the browser fetches it as if there were no worker): every call to the API, the
 *   accounts and the audio, whatever its method; the offline queue of contributions handles writes (the
 *   one exception: the session the worker asked for as it answered a page from the device is handed over);
 * - `precache`: one of the shell's own files, from the precache;
 * - `navigation`: a page of the site, from the network, or the shell's page when there is none;
 * - `remotes`: /remotes.json, from the network, or the last one read;
 * - `remote`: a file on another origin, which may be a remote's (decided once the worker's records are read).
 */
export type RequestKind = 'pass' | 'precache' | 'navigation' | 'remotes' | 'remote';

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The pages whose address lies under an API prefix (/auth/verify): navigations there are pages. */
const pagesUnderApiPrefixes = new Set(
  PAGES.map((page) => page.path).filter((path) => API_PREFIXES.some((prefix) => under(path, prefix))),
);

export interface RequestFacts {
  method: string;
  url: string;
  mode: RequestMode;
}

export function requestKind(
  request: RequestFacts,
  origin: string,
  isPrecached: (url: string) => boolean,
): RequestKind {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return url.protocol === 'http:' || url.protocol === 'https:' ? 'remote' : 'pass';
  const path = url.pathname;
  if (API_PREFIXES.some((prefix) => under(path, prefix))) {
    return request.mode === 'navigate' && pagesUnderApiPrefixes.has(path) ? 'navigation' : 'pass';
  }
  if (path === REMOTES_MANIFEST_PATH) return 'remotes';
  if (request.mode === 'navigate') return 'navigation';
  return isPrecached(request.url) ? 'precache' : 'pass';
}
