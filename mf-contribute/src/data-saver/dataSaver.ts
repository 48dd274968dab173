import { useSyncExternalStore } from 'react';

/** Where the person's choice is kept on the device. */
export const DATA_SAVER_KEY = 'platform:data-saver';

/** Whether the browser asks pages to save data (the Save-Data hint, `navigator.connection.saveData`). */
export function browserSavesData(): boolean {
  const connection = (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)
    ?.connection;
  return connection?.saveData === true;
}

const listeners = new Set<() => void>();

/** The person's choice kept on this device; until they make one, the browser's Save-Data hint. */
export function dataSaverOn(): boolean {
  try {
    const kept = globalThis.localStorage?.getItem(DATA_SAVER_KEY);
    if (kept === 'on') return true;
    if (kept === 'off') return false;
  } catch {
    // Storage refused (private mode in some browsers): the hint decides.
  }
  return browserSavesData();
}

export function setDataSaver(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(DATA_SAVER_KEY, on ? 'on' : 'off');
  } catch {
    // Not kept past this page; the choice still holds for it through the listeners.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The data saver setting, following changes from this page and other tabs. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, dataSaverOn, () => false);
}

/** A recording's address asking for its small rendition (the audio route's `rendition` query). */
export function smallRenditionUrl(audioUrl: string): string {
  const [path, query] = audioUrl.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(query);
  params.set('rendition', 'small');
  return `${path}?${params.toString()}`;
}
