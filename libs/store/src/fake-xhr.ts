// XMLHttpRequest as a test drives it (imported as @platform/store/testing): the screen's upload is caught, the test says how far it went and
// what the server answered. Call withFakeXhr() in a describe block (or at the top of a test file).

export class FakeXhr {
  static sent: FakeXhr[] = [];
  static get last(): FakeXhr | null {
    return FakeXhr.sent[FakeXhr.sent.length - 1] ?? null;
  }
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
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
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  /** No answer at all: the network failed. */
  fail() {
    this.onerror?.();
  }
}

export function withFakeXhr(): void {
  let real: typeof XMLHttpRequest;
  beforeEach(() => {
    real = globalThis.XMLHttpRequest;
    FakeXhr.sent = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = real;
  });
}
