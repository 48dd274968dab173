import { useSyncExternalStore } from 'react';

/**
 * Bytes of audio and uploads this page session moved: the sizes of audio fetched (bodies as received, or
 * the browser's own transfer figures for audio its player streamed) and the bytes uploads reported sent.
 * Kept in memory: a new page session starts from zero.
 */
let total = 0;
/** Addresses whose streamed bytes were counted already (a clip put back by Undo is done with twice). */
const streamedCounted = new Set<string>();
const listeners = new Set<() => void>();

export function addSessionBytes(bytes: number): void {
  if (!(bytes > 0)) return;
  total += bytes;
  for (const listener of listeners) listener();
}

export const sessionBytes = () => total;

/** For tests: a fresh page session. */
export function resetSessionBytes(): void {
  total = 0;
  streamedCounted.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSessionBytes = () => useSyncExternalStore(subscribe, sessionBytes, sessionBytes);

/**
 * An upload's progress callback that also counts its bytes: each report adds what went out since the one
 * before; a resumed upload reporting fewer bytes (it goes on from the server's count) counts again from there.
 */
export function countingProgress<P extends { loaded: number }>(onProgress: (progress: P) => void) {
  let last = 0;
  return (progress: P) => {
    if (progress.loaded < last) last = progress.loaded;
    addSessionBytes(progress.loaded - last);
    last = progress.loaded;
    onProgress(progress);
  };
}

/**
 * Bytes the browser reports for an address it fetched itself (an <audio> element streaming a clip), from
 * Resource Timing's `transferSize`: what came over the network (0 when served from its cache, and where the
 * browser keeps no such entry).
 */
export function measuredBytesOf(url: string): number {
  const performance = globalThis.performance as Performance | undefined;
  if (!performance?.getEntriesByName) return 0;
  const absolute = new URL(url, globalThis.location?.href ?? 'http://localhost/').href;
  return (performance.getEntriesByName(absolute) as PerformanceResourceTiming[]).reduce(
    (sum, entry) => sum + (entry.transferSize || 0),
    0,
  );
}

/** Counts, once per address, the bytes the browser measured for audio its player streamed from `url`. */
export function countStreamed(url: string): void {
  if (streamedCounted.has(url)) return;
  streamedCounted.add(url);
  addSessionBytes(measuredBytesOf(url));
}
