import { uploadWithProgress, type UploadProgress } from './upload-with-progress';

/** Records what the page asked of XMLHttpRequest, and plays the browser's part. */
class RecordingXhr {
  static last: RecordingXhr;
  opened: [string, string] | null = null;
  withCredentials = false;
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    RecordingXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

let realXhr: typeof XMLHttpRequest;
beforeEach(() => {
  realXhr = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = RecordingXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

describe('uploadWithProgress', () => {
  it("posts the form with the site's cookies, asking for JSON, and reports the bytes sent", async () => {
    const form = new FormData();
    form.append('lang', 'yo');
    const seen: UploadProgress[] = [];
    const answer = uploadWithProgress('/api/sentences/bulk', form, { onProgress: (p) => seen.push(p) });
    const xhr = RecordingXhr.last;
    expect(xhr.opened).toEqual(['POST', '/api/sentences/bulk']);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toEqual({ Accept: 'application/json' });
    expect(xhr.sent).toBe(form);

    xhr.upload.onprogress!({ lengthComputable: true, loaded: 10, total: 40 });
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 20, total: 0 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 40 });
    expect(seen).toEqual([
      { loaded: 10, total: 40 },
      { loaded: 40, total: 40 },
    ]);

    xhr.status = 201;
    xhr.responseText = '{"accepted":1,"refused":0,"lines":[]}';
    xhr.onload!();
    await expect(answer).resolves.toEqual({ status: 201, body: { accepted: 1, refused: 0, lines: [] } });
  });

  it('sends the headers it is given besides Accept (the key that names a retryable contribution)', () => {
    void uploadWithProgress('/api/recordings', new FormData(), { headers: { 'idempotency-key': 'k-1' } });
    expect(RecordingXhr.last.headers).toEqual({ Accept: 'application/json', 'idempotency-key': 'k-1' });
  });

  it("resolves with a refusal's status and body, and with no body when the answer is not JSON", async () => {
    const refused = uploadWithProgress('/x', new FormData());
    RecordingXhr.last.status = 413;
    RecordingXhr.last.responseText = '{"code":"sentence.file_too_large"}';
    RecordingXhr.last.onload!();
    await expect(refused).resolves.toEqual({ status: 413, body: { code: 'sentence.file_too_large' } });

    const proxyPage = uploadWithProgress('/x', new FormData());
    RecordingXhr.last.status = 502;
    RecordingXhr.last.responseText = '<html>Bad gateway</html>';
    RecordingXhr.last.onload!();
    await expect(proxyPage).resolves.toEqual({ status: 502, body: undefined });
  });

  it('rejects as fetch does when no answer comes back, and stops when aborted', async () => {
    const lost = uploadWithProgress('/x', new FormData());
    RecordingXhr.last.onerror!();
    await expect(lost).rejects.toThrow(TypeError);

    const controller = new AbortController();
    const stopped = uploadWithProgress('/x', new FormData(), { signal: controller.signal });
    controller.abort();
    expect(RecordingXhr.last.aborted).toBe(true);
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
  });
});
