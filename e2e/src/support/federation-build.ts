// Reads a federated build folder (a remote's dist) and finds every place where the code of a shared
// singleton ended up. The code of a package shared through Module Federation must only live in the chunks
// the share registration's fallback factory loads (used when no other container provides it); a copy in
// any other chunk is a private instance the remote would use instead of the page's one.
import fs from 'node:fs';
import path from 'node:path';

export interface SharedFallback {
  /** Share key as registered ("react", "react-dom/client", "@platform/ui"). */
  name: string;
  version: string;
  /** Files the fallback factory loads. */
  files: string[];
}

export interface Placement {
  pkg: string;
  file: string;
  /** Shared fallbacks (share keys) whose factory loads this file. */
  loadedBy: string[];
}

/**
 * Every fallback the build declares, read from the webpack runtime it emitted: the share registrations
 * (`"react-dom":[{version:"19.2.0",get:()=>Promise.all([o.e(325)])...` in remoteEntry.js) and the consume
 * fallbacks (`6365:{fallback:()=>o.e(706)...,shareKey:"react-dom"}` in each entry's consumes mapping).
 */
export function readSharedFallbacks(distDir: string): SharedFallback[] {
  const files = fs.readdirSync(distDir);
  const fileOfChunk = (id: string) => files.find((f) => f.startsWith(`${id}.`) && f.endsWith('.js'));
  const chunkFiles = (loader: string) =>
    [...loader.matchAll(/\.e\("?([\w-]+)"?\)/g)]
      .map((m) => fileOfChunk(m[1]!))
      .filter((f): f is string => Boolean(f));
  // Keys are quoted ("react-dom") unless they are identifiers (react).
  const registration = /(?:"([^"]+)"|\b([A-Za-z_$][\w$]*)):\[\{version:"([^"]*)",get:\(\)=>(.*?)\.then\(/g;
  const consume = /\b\d+:\{fallback:\(\)=>(.*?)\.then\([^{}]*?shareKey:"([^"]+)"/g;
  const fallbacks: SharedFallback[] = [];
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(distDir, file), 'utf8');
    for (const m of code.matchAll(registration)) {
      fallbacks.push({ name: (m[1] ?? m[2])!, version: m[3]!, files: chunkFiles(m[4]!) });
    }
    for (const m of code.matchAll(consume)) {
      fallbacks.push({ name: m[2]!, version: '', files: chunkFiles(m[1]!) });
    }
  }
  return fallbacks;
}

/** Package name from a module path: the last node_modules segment, or a workspace library's folder. */
export function packageOfSource(source: string): string | undefined {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const lib = /(?:^|\/)libs\/([\w-]+)\/src\//.exec(source);
  return lib ? `@platform/${lib[1]}` : undefined;
}

/**
 * Strings that survive minification and exist only in one package's own code (react-dom reads React's
 * internals but never assigns them; only react-dom names itself as the renderer package).
 */
const SIGNATURES: Record<string, RegExp> = {
  react: /__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=[^=]/,
  'react-dom': /rendererPackageName:\s*"react-dom"/,
  'react-router': /You cannot render a <Router> inside another <Router>/,
  'react-redux': /could not find react-redux context value/,
  'styled-components': /data-styled-version/,
  redux: /@@redux\/INIT/,
};

/**
 * The packages whose modules a chunk contains: from its source map when webpack wrote one (it lists
 * every module's path), plus the signatures above found in the code itself (tiny chunks have no map).
 */
export function packagesInChunk(distDir: string, file: string): Set<string> {
  const found = new Set<string>();
  const mapFile = path.join(distDir, `${file}.map`);
  if (fs.existsSync(mapFile)) {
    const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const pkg = packageOfSource(source);
      if (pkg) found.add(pkg);
    }
  }
  const code = fs.readFileSync(path.join(distDir, file), 'utf8');
  for (const [pkg, signature] of Object.entries(SIGNATURES)) if (signature.test(code)) found.add(pkg);
  return found;
}

/** Where each of `packages` has code in the build, and which shared fallbacks load that file. */
export function placementsOf(distDir: string, packages: readonly string[]): Placement[] {
  const fallbacks = readSharedFallbacks(distDir);
  const placements: Placement[] = [];
  for (const file of fs.readdirSync(distDir).filter((f) => f.endsWith('.js'))) {
    const inside = packagesInChunk(distDir, file);
    for (const pkg of packages) {
      if (!inside.has(pkg)) continue;
      const loadedBy = [...new Set(fallbacks.filter((fb) => fb.files.includes(file)).map((fb) => fb.name))];
      placements.push({ pkg, file, loadedBy });
    }
  }
  return placements;
}

/** Packages the page holds through a platform library that re-exports them (libs/federation/shared-config.js). */
const CARRIED_BY: Record<string, string> = {
  'react-router': '@platform/router',
  'react-redux': '@platform/store',
  '@reduxjs/toolkit': '@platform/store',
  redux: '@platform/store',
  // The browser's React API (libs/federation/shared-config.js).
  preact: 'react',
};

/**
 * A package's code is legitimately in a file only when the share that holds it (its own, a subpath of it,
 * or the platform library carrying it) loads that file.
 */
export const isOwnFallback = (p: Placement): boolean => {
  const holder = CARRIED_BY[p.pkg] ?? p.pkg;
  return p.loadedBy.some((name) => name === holder || name.startsWith(`${holder}/`));
};
