/** How far an upload has gone: bytes sent of the request body's total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The server's answer: its status and its JSON body (undefined when the body was empty or not JSON). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

export interface UploadOptions {
  /** The declared route's method; POST unless given. */
  method?: string;
  /** Called as the request body goes out (XMLHttpRequest's upload progress events). */
  onProgress?: (progress: UploadProgress) => void;
  /** Headers of the request besides Accept (an `Idempotency-Key` that names a retryable contribution). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends a multipart form, or a Blob's raw bytes (a piece of a resumable upload), POST unless `method` says
 * otherwise, with XMLHttpRequest, the one browser call that reports upload progress (fetch does not). Sent as
 * the store's HTTP client sends every call: with the site's cookies (`credentials: 'include'`), asking for
 * JSON. Resolves with any answer the server gave (a 4xx or 5xx too); rejects, as fetch does with a
 * TypeError, only when no answer came back or the upload was aborted.
 */
export function uploadWithProgress(
  url: string,
  body: FormData | Blob,
  { method = 'POST', onProgress, headers = {}, signal }: UploadOptions = {},
): Promise<UploadAnswer> {
  return new Promise<UploadAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.ontimeout = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
