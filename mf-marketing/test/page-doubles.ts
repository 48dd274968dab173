// Test doubles for what jsdom lacks: IntersectionObserver (driven by the test) and matchMedia.

type Callback = (entries: Array<Partial<IntersectionObserverEntry>>, observer: unknown) => void;

/** An IntersectionObserver whose crossings the test decides. */
export class FakeIntersectionObserver {
  static live: FakeIntersectionObserver[] = [];
  readonly elements: Element[] = [];
  constructor(
    private readonly callback: Callback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.live.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  disconnect() {
    FakeIntersectionObserver.live = FakeIntersectionObserver.live.filter((o) => o !== this);
  }
  /** Every live observer of an element matching `selector` reports it in range (top: its place on screen). */
  static enter(selector: string, top = 0) {
    for (const observer of [...FakeIntersectionObserver.live]) {
      const element = observer.elements.find((e) => e.matches(selector));
      if (element)
        observer.callback(
          [{ isIntersecting: true, target: element, boundingClientRect: { top } as DOMRect }],
          observer,
        );
    }
  }
}

export function installIntersectionObserver() {
  FakeIntersectionObserver.live = [];
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: FakeIntersectionObserver,
  });
}

export function removeIntersectionObserver() {
  Reflect.deleteProperty(window, 'IntersectionObserver');
}

/** matchMedia answering `reducedMotion` for prefers-reduced-motion: reduce, and no to anything else. */
export function installMatchMedia(reducedMotion: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }),
  });
}

export const stats = (overrides: Record<string, unknown> = {}) => ({
  languages: 3,
  activeContributors: 1234,
  dataPoints: 56789,
  validationAccuracy: 87.5,
  computedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
