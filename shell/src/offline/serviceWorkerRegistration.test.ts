import { SERVICE_WORKER_MESSAGES } from '@platform/contracts/client';
import { takeOverWaitingWorker, type ServiceWorkerHost } from './serviceWorkerRegistration';
import { SERVICE_WORKER_URL, registerServiceWorker, startServiceWorker } from './startServiceWorker';

/** A browser's service worker container with a worker in control and, if asked, a newer one waiting. */
function fakeHost({ controlled = true, waiting = true, takesOver = true } = {}) {
  const listeners = new Map<string, () => void>();
  const messages: unknown[] = [];
  const waitingWorker = {
    postMessage: (message: unknown) => {
      messages.push(message);
      if (takesOver) queueMicrotask(() => listeners.get('controllerchange')?.());
    },
  };
  const store = new Map<string, string>();
  const reload = jest.fn();
  const register = jest.fn(async () => ({}) as ServiceWorkerRegistration);
  const host = {
    container: {
      controller: controlled ? ({} as ServiceWorker) : null,
      getRegistration: async () => ({ waiting: waiting ? waitingWorker : null }) as ServiceWorkerRegistration,
      getRegistrations: async () => [],
      register,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    },
    session: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
    reload,
  } as unknown as ServiceWorkerHost;
  return { host, messages, reload, register };
}

describe("the page's part of the service worker", () => {
  it('lets a worker waiting since an earlier visit take over at the start of a visit, then reloads once', async () => {
    const { host, messages, reload } = fakeHost();
    await expect(takeOverWaitingWorker(host)).resolves.toBe(true);
    expect(messages).toEqual([{ type: SERVICE_WORKER_MESSAGES.skipWaiting }]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads twice in a tab for a worker that does not take over', async () => {
    const { host, reload } = fakeHost({ takesOver: false });
    jest.useFakeTimers();
    try {
      const first = takeOverWaitingWorker(host);
      await jest.advanceTimersByTimeAsync(3000);
      await expect(first).resolves.toBe(false);
      await expect(takeOverWaitingWorker(host)).resolves.toBe(false);
    } finally {
      jest.useRealTimers();
    }
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing on a first visit (no worker in control) or with no worker waiting', async () => {
    for (const options of [{ controlled: false }, { waiting: false }]) {
      const { host, messages, reload } = fakeHost(options);
      await expect(takeOverWaitingWorker(host)).resolves.toBe(false);
      expect(messages).toEqual([]);
      expect(reload).not.toHaveBeenCalled();
    }
  });

  it('registers the worker at the root once the page has loaded, not before', () => {
    const { host, register } = fakeHost();
    const listeners: Record<string, () => void> = {};
    const win = {
      document: { readyState: 'interactive' },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    } as unknown as Window;
    registerServiceWorker(host, win);
    expect(register).not.toHaveBeenCalled();
    listeners.load?.();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  });

  it("waits after the load event until the page's own downloads have gone quiet", () => {
    jest.useFakeTimers();
    try {
      const { host, register } = fakeHost();
      const listeners: Record<string, () => void> = {};
      let downloadFinished = () => undefined as void;
      class FakeObserver {
        constructor(callback: () => void) {
          downloadFinished = callback;
        }
        observe() {}
        disconnect() {}
      }
      const win = {
        document: { readyState: 'interactive' },
        addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
        PerformanceObserver: FakeObserver,
      } as unknown as Window;
      registerServiceWorker(host, win);
      listeners.load?.();
      // The section's code and first data still arriving, one every second.
      for (let i = 0; i < 5; i += 1) {
        jest.advanceTimersByTime(1000);
        downloadFinished();
      }
      expect(register).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1500);
      expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does nothing in a browser without service workers', async () => {
    expect('serviceWorker' in navigator).toBe(false);
    await expect(startServiceWorker()).resolves.toBe(false);
  });
});
