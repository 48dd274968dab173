// The parts of the service worker's global scope this worker uses. The shell is type-checked against the DOM
// library, which has no service worker events; these few shapes keep the worker's modules checked without a
// second TypeScript program.

export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  /** The page that asked (empty for a navigation, which has no page yet). */
  readonly clientId: string;
  respondWith(response: Promise<Response> | Response): void;
}

export interface SyncEventLike extends ExtendableEventLike {
  readonly tag: string;
}

export interface MessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
}

export interface WindowClientLike {
  readonly id: string;
  postMessage(message: unknown): void;
}

export interface ClientsLike {
  matchAll(options?: {
    includeUncontrolled?: boolean;
    type?: 'window';
  }): Promise<readonly WindowClientLike[]>;
}

export interface ServiceWorkerScopeLike {
  readonly location: { readonly origin: string };
  readonly caches: CacheStorage;
  readonly clients: ClientsLike;
  /** The Cookie Store API (Chromium has it in workers; Safari and Firefox do not). */
  readonly cookieStore?: { get(name: string): Promise<{ value: string } | null | undefined> };
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}
