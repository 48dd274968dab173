// XMLHttpRequest for tests, made of the page's fetch: an upload sent with XMLHttpRequest (a take, a donation)
// reaches the fake gateway of @platform/store/testing like every other call, which records it with its form
// and headers and answers from its routes. Its progress is told once, when every byte has gone.

class XhrOverFetch {
  method = 'GET';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  private headers: Record<string, string> = {};
  private aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    void (async () => {
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        if (!this.aborted) this.onerror?.();
      }
    })();
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

/** Installs it for the test file's tests (call at the top of the file or in a describe block). */
export function withXhrOverFetch(): void {
  let real: typeof XMLHttpRequest;
  beforeEach(() => {
    real = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = XhrOverFetch as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = real;
  });
}
