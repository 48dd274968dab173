import type { ResumableUploadPurpose, ResumableUploadState } from '@platform/contracts';
import {
  getResumableUpload,
  postResumableUpload,
  putResumableUpload,
  routeUrl,
} from '@platform/contracts/client';
import { uploadWithProgress, type UploadAnswer, type UploadProgress } from './upload-with-progress';

export interface ResumableUploadOptions {
  /** Bytes the server holds plus those of the piece going out, of the file's size. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /**
   * An upload begun earlier for this very file (kept on the device with it): asked how far it got and
   * continued. One the server no longer has (removed after a day idle) is begun again.
   */
  uploadId?: string;
  /** Told the upload's id as soon as the server made it, so the caller can keep it to resume after a reload. */
  onBegun?: (id: string) => void;
  /** The file's media type, kept with the upload. */
  contentType?: string;
  /** Failed tries in a row (no answer, a 5xx, a busy server) before giving up; 8 unless given. */
  maxTries?: number;
  /** The wait before try `n` after a failure (1 for the first retry); `backoffDelay` unless given. */
  retryDelayMs?: (n: number) => number;
}

export interface ResumableUploadResult {
  id: string;
  size: number;
}

/**
 * A resumable upload that did not finish: `status` and `data` as RTK Query reports a failed call (a number
 * and the error body, or 'FETCH_ERROR' when no answer came back), so `readApiError` reads it like any other.
 */
export class ResumableUploadError extends Error {
  readonly status: number | 'FETCH_ERROR';
  readonly data: unknown;
  constructor(status: number | 'FETCH_ERROR', data: unknown) {
    super(
      status === 'FETCH_ERROR'
        ? 'The upload could not reach the server.'
        : `The upload was refused (${String(status)}).`,
    );
    this.name = 'ResumableUploadError';
    this.status = status;
    this.data = data;
  }
}

/** Waits double the time after each failure in a row, from one second to half a minute, give or take a fifth. */
export function backoffDelay(n: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, n - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

const aborted = () => new DOMException('The upload was aborted.', 'AbortError');

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** The file's SHA-256 in hex, where the browser can make one (Web Crypto: HTTPS or localhost only). */
async function sha256Of(file: Blob): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || typeof file.arrayBuffer !== 'function') return undefined;
  const digest = new Uint8Array(await subtle.digest('SHA-256', await file.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A JSON call the way the store's HTTP client makes it: with the site's cookies, asking for JSON. */
async function callJson(
  method: string,
  url: string,
  signal?: AbortSignal,
  body?: unknown,
): Promise<UploadAnswer> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed };
}

const codeOf = (answer: UploadAnswer) => (answer.body as { code?: unknown } | undefined)?.code;

/**
 * Answers worth another try: no answer, the server busy or failing, or the file's bytes changed on the way.
 * Too many open uploads is not one of them: those go only when used or after a day idle, so the caller's
 * own (longer) backoff decides when to ask again.
 */
const worthRetrying = (answer: UploadAnswer) =>
  answer.status === 408 ||
  (answer.status === 429 && codeOf(answer) !== 'upload.too_many_open') ||
  answer.status >= 500 ||
  (answer.status === 422 && codeOf(answer) === 'upload.checksum_mismatch');

const isAbort = (thrown: unknown) => thrown instanceof DOMException && thrown.name === 'AbortError';

/**
 * Sends a file so that a dropped connection costs only the piece under way: the server is told the file's size
 * (and SHA-256, where the browser can make it), then gets the bytes in PUTs of at most `maxPutBytes`, each a
 * `blob.slice` of the file; after a failure it is asked how many bytes it holds and the upload goes on from
 * there, waiting longer after each failure in a row. Resolves once the server holds the whole file, with the
 * upload's id for the route that uses it (Donate's `postAudioPairFromUploads`); rejects with a
 * `ResumableUploadError` on a refusal (401 for a session that ended included) or after `maxTries` failures,
 * and with an AbortError when `signal` aborts.
 *
 *   const { id } = await resumableUpload(file, 'audio-pair-file', { onProgress, signal, onBegun: keepId });
 */
export async function resumableUpload(
  file: Blob,
  purpose: ResumableUploadPurpose,
  options: ResumableUploadOptions = {},
): Promise<ResumableUploadResult> {
  const { onProgress, signal, maxTries = 8, retryDelayMs = backoffDelay } = options;
  const size = file.size;
  let failures = 0;

  /** One more failure in a row: waits before the next try, or gives up with what the last try got. */
  const failed = async (answer: UploadAnswer | null) => {
    failures++;
    if (failures >= maxTries) {
      throw answer
        ? new ResumableUploadError(answer.status, answer.body)
        : new ResumableUploadError('FETCH_ERROR', {});
    }
    await wait(retryDelayMs(failures), signal);
  };

  /** A JSON call retried through failures; a refusal ends the upload, unless `accept` takes it. */
  const call = async (
    method: string,
    url: string,
    body?: unknown,
    accept: (answer: UploadAnswer) => boolean = () => false,
  ): Promise<UploadAnswer> => {
    for (;;) {
      let answer: UploadAnswer | null = null;
      try {
        answer = await callJson(method, url, signal, body);
      } catch (thrown) {
        if (isAbort(thrown) || signal?.aborted) throw aborted();
      }
      if (answer && ((answer.status >= 200 && answer.status < 300) || accept(answer))) return answer;
      if (answer && !worthRetrying(answer)) throw new ResumableUploadError(answer.status, answer.body);
      await failed(answer);
    }
  };

  const begin = async (): Promise<ResumableUploadState> => {
    const sha256 = await sha256Of(file);
    const answer = await call(postResumableUpload.method, routeUrl(postResumableUpload.path), {
      purpose,
      size,
      ...(sha256 ? { sha256 } : {}),
      ...(options.contentType || file.type ? { contentType: options.contentType || file.type } : {}),
    });
    const state = answer.body as ResumableUploadState;
    options.onBegun?.(state.id);
    return state;
  };

  const ask = async (id: string): Promise<ResumableUploadState | null> => {
    const answer = await call(
      getResumableUpload.method,
      routeUrl(getResumableUpload.path, { id }),
      undefined,
      (a) => a.status === 404,
    );
    return answer.status === 404 ? null : (answer.body as ResumableUploadState);
  };

  let state = (options.uploadId ? await ask(options.uploadId) : null) ?? (await begin());
  if (state.size !== size) throw new ResumableUploadError(409, { code: 'upload.offset_mismatch' });
  const putBytes = Math.max(
    state.chunkBytes,
    Math.floor(state.maxPutBytes / state.chunkBytes) * state.chunkBytes,
  );
  onProgress?.({ loaded: state.received, total: size });

  while (!state.complete) {
    const start = state.received;
    const end = Math.min(size, start + putBytes);
    let answer: UploadAnswer | null = null;
    try {
      answer = await uploadWithProgress(
        routeUrl(putResumableUpload.path, { id: state.id }),
        file.slice(start, end),
        {
          method: putResumableUpload.method,
          headers: {
            'Content-Type': 'application/offset+octet-stream',
            'Content-Range': `bytes ${start}-${end - 1}/${size}`,
          },
          onProgress: (p) => onProgress?.({ loaded: start + p.loaded, total: size }),
          ...(signal ? { signal } : {}),
        },
      );
    } catch (thrown) {
      if (isAbort(thrown) || signal?.aborted) throw aborted();
    }
    if (answer && answer.status >= 200 && answer.status < 300) {
      state = answer.body as ResumableUploadState;
      failures = 0;
      onProgress?.({ loaded: state.received, total: size });
      continue;
    }
    // The server holds other bytes than this try assumed (a PUT whose answer was lost): go on from there.
    const received = (answer?.body as { received?: unknown } | undefined)?.received;
    if (
      answer?.status === 409 &&
      codeOf(answer) === 'upload.offset_mismatch' &&
      typeof received === 'number' &&
      received !== start
    ) {
      state = { ...state, received, complete: received === size };
      continue;
    }
    if (answer && !worthRetrying(answer)) throw new ResumableUploadError(answer.status, answer.body);
    await failed(answer);
    // Pieces that arrived whole before the failure are kept: ask how far the server got.
    const asked = await ask(state.id);
    if (!asked) throw new ResumableUploadError(404, { code: 'upload.not_found' });
    state = asked;
    onProgress?.({ loaded: state.received, total: size });
  }
  return { id: state.id, size };
}
