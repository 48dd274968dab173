/**
 * @jest-environment node
 */
// The worker's entry as the browser runs it: it precaches what the build injected and listens to the events
// the worker answers. A fetch listener is also one of the conditions for Chromium to offer installing the site.
const precache = jest.fn();
jest.mock('workbox-precaching', () => ({
  precache,
  cleanupOutdatedCaches: jest.fn(),
  getCacheKeyForURL: jest.fn(),
  matchPrecache: jest.fn(),
}));

describe("the worker's entry", () => {
  const listeners: string[] = [];
  const injected = [{ url: '/index.html', revision: 'abc' }];

  beforeAll(() => {
    Object.assign(globalThis, {
      self: {
        __WB_MANIFEST: injected,
        location: { origin: 'http://localhost:3000' },
        addEventListener: (type: string) => listeners.push(type),
      },
    });
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('./index');
    });
  });

  afterAll(() => {
    delete (globalThis as { self?: unknown }).self;
  });

  it("precaches the shell's files the build lists", () => {
    expect(precache).toHaveBeenCalledWith(injected);
  });

  it('listens to fetch, install, sync and message', () => {
    expect(listeners.sort()).toEqual(['fetch', 'install', 'message', 'sync']);
  });
});
