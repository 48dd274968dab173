import type { FastifyInstance } from 'fastify';
import { BAD_URL_MESSAGE, HttpError } from '@platform/service-kit';

export const URL_MESSAGES = {
  pathEncoding: BAD_URL_MESSAGE,
  queryEncoding: 'The query string is not validly encoded.',
  separator: 'The request path may not contain a backslash or an encoded slash.',
  dotSegment: 'The request path may not contain "." or ".." segments.',
  notNormal: 'The request path is not in its normal form.',
} as const;

/** A `%` not followed by two hex digits. */
const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;
/** `%2F` (/) and `%5C` (\), in either case. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

function decodes(text: string) {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const isDotSegment = (segment: string) => {
  const decoded = decodeURIComponent(segment);
  return decoded === '.' || decoded === '..';
};

/** The path of a request target and its query (without the `?`). */
export function splitTarget(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q >= 0 ? { path: url.slice(0, q), query: url.slice(q + 1) } : { path: url, query: '' };
}

/**
 * Why a request target must be refused, or null when it may be routed as it is. The proxy builds the
 * service's URL with WHATWG URL parsing, which turns `\` into `/` and resolves dot segments (also
 * percent-encoded ones): a path that parsing would change could walk out of the prefix it was routed by.
 * So a path must already be what URL parsing makes of it, with no backslash, encoded separator or dot
 * segment. The query is only checked for valid encoding: `../` there is data (a search for it).
 */
export function urlProblem(url: string): string | null {
  const { path, query } = splitTarget(url);
  if (MALFORMED_ESCAPE.test(path) || !decodes(path)) return URL_MESSAGES.pathEncoding;
  if (MALFORMED_ESCAPE.test(query) || !decodes(query)) return URL_MESSAGES.queryEncoding;
  if (path.includes('\\') || ENCODED_SEPARATOR.test(path)) return URL_MESSAGES.separator;
  if (path.split('/').some(isDotSegment)) return URL_MESSAGES.dotSegment;
  if (!path.startsWith('/') || new URL(`http://gateway${path}`).pathname !== path) {
    return URL_MESSAGES.notNormal;
  }
  return null;
}

/** Refuses, before any route runs, every request whose target urlProblem finds fault with (400 ErrorBody). */
export function registerPathGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const problem = urlProblem(request.url);
    if (problem) {
      request.log.warn({ problem }, 'request target refused');
      throw new HttpError(
        400,
        problem === URL_MESSAGES.pathEncoding ? 'request.bad_path_encoding' : 'request.bad_target',
        problem,
      );
    }
  });
}
