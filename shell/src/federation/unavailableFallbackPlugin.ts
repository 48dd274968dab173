// A federation runtime plugin, listed in the shell's webpack config (runtimePlugins). It runs inside the
// federation runtime before shared modules are negotiated, so it must not import React or anything shared:
// the fallback it returns is plain data that the shell's remote loader turns into the unavailable screen.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const UNAVAILABLE_MARK = '__platformRemoteUnavailable';

export interface UnavailableMark {
  id: string;
  reason: string;
}

/** The module `loadRemote` resolves with when a remote could not be loaded. */
export function unavailableModule(id: string, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  return { default: { routes: [], [UNAVAILABLE_MARK]: { id, reason } satisfies UnavailableMark } };
}

export default function unavailableFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'platform-remote-unavailable',
    errorLoadRemote(args) {
      // Only a failed load of an exposed module gets a fallback. Other lifecycles (manifest resolution,
      // shared module loading) expect a different value, and a module there would be misread.
      if (args.lifecycle !== 'onLoad') return undefined;
      console.error(`Remote module ${args.id} could not be loaded:`, args.error);
      return unavailableModule(args.id, args.error);
    },
  };
}
