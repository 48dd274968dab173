import { version as reactVersion } from 'react';
import type { PlatformStore } from '@platform/store';

export interface PlatformDebugInfo {
  readonly store: PlatformStore;
  readonly reactVersion: string;
  readonly remotesSource: 'remotes.json' | 'catalogue';
}

/**
 * `window.__PLATFORM__`: read-only facts the end-to-end tests compare with the federation share registry
 * (one React, one store). It grants nothing a visitor's devtools could not already reach.
 */
export function exposeDebugInfo(
  store: PlatformStore,
  remotesSource: PlatformDebugInfo['remotesSource'],
): void {
  const info: PlatformDebugInfo = Object.freeze({ store, reactVersion, remotesSource });
  Object.defineProperty(window, '__PLATFORM__', { value: info, writable: false, configurable: false });
}
