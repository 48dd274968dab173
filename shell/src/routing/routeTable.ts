import type { LayoutKind, RemotesManifest } from '@platform/contracts';

export interface ShellRoute {
  path: string;
  layout: LayoutKind;
  remote: string;
  /** Open to signed-out visitors although its layout is for signed-in people (RemoteRouteDescriptor). */
  signedOutAllowed: boolean;
}

/** Every path of every remote with its layout. If two remotes claim one path, the first listed keeps it. */
export function buildRouteTable(manifest: RemotesManifest): ShellRoute[] {
  const seen = new Set<string>();
  const table: ShellRoute[] = [];
  for (const remote of manifest.remotes) {
    for (const { path, layout, signedOut } of remote.routes) {
      if (seen.has(path)) {
        console.warn(`${path} is claimed by more than one remote; ${remote.name} is ignored for it`);
        continue;
      }
      seen.add(path);
      table.push({ path, layout, remote: remote.name, signedOutAllowed: signedOut === 'allowed' });
    }
  }
  return table;
}
