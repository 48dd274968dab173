import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { DEFAULT_PORTS, remoteCatalog } from '@platform/contracts';

/**
 * What the repository says about itself, read from its files as they are: the workspace's packages and
 * scripts, the lockfile, the Node version, and for each service the environment variables its code reads
 * and the port it listens on. The deployment files are checked against these, so renaming a variable or a
 * port in the code makes the check fail until the deployment follows.
 */
export const repoRoot = resolve(__dirname, '..', '..', '..');

export const readRepoFile = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

interface PackageJson {
  name: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  engines?: Record<string, string>;
  workspaces?: string[];
}

export interface WorkspacePackage {
  name: string;
  /** Its folder, relative to the repository root. */
  dir: string;
  scripts: Record<string, string>;
  /** The workspace packages it depends on (dev dependencies included: Nx builds those first too). */
  workspaceDeps: string[];
}

export const rootPackage = JSON.parse(readRepoFile('package.json')) as PackageJson;

function workspaceDirs(): string[] {
  const dirs: string[] = [];
  for (const pattern of rootPackage.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of readdirSync(join(repoRoot, parent), { withFileTypes: true }))
        if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
    } else if (pattern.includes('*')) {
      const prefix = pattern.replace('*', '');
      for (const entry of readdirSync(repoRoot, { withFileTypes: true }))
        if (entry.isDirectory() && entry.name.startsWith(prefix)) dirs.push(entry.name);
    } else dirs.push(pattern);
  }
  return dirs.filter((dir) => existsSync(join(repoRoot, dir, 'package.json')));
}

export const workspacePackages: Map<string, WorkspacePackage> = new Map(
  workspaceDirs().map((dir) => {
    const pkg = JSON.parse(readRepoFile(`${dir}/package.json`)) as PackageJson;
    return [
      pkg.name,
      {
        name: pkg.name,
        dir,
        scripts: pkg.scripts ?? {},
        workspaceDeps: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((dep) =>
          dep.startsWith('@platform/'),
        ),
      },
    ];
  }),
);

export const packageAt = (dir: string) => [...workspacePackages.values()].find((pkg) => pkg.dir === dir);

/** The package and every workspace package it depends on, directly or not: what `nx run-many -t build` builds. */
export function withWorkspaceDeps(names: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of workspacePackages.get(name)?.workspaceDeps ?? []) visit(dep);
  };
  names.forEach(visit);
  return seen;
}

/** The lockfile's installed paths ("node_modules/x", "services/gateway/node_modules/y"). */
export const lockedPaths: string[] = Object.keys(
  (JSON.parse(readRepoFile('package-lock.json')) as { packages: Record<string, unknown> }).packages,
);

/** The oldest Node the workspace accepts (`engines.node`, e.g. ">=20.19"). */
export function nodeEngine(): { major: number; minor: number } {
  const match = /(\d+)(?:\.(\d+))?/.exec(rootPackage.engines?.node ?? '');
  if (!match) throw new Error('the root package.json has no engines.node');
  return { major: Number(match[1]), minor: Number(match[2] ?? 0) };
}

/** The variables the root `build` script sets before nx (NX_DAEMON=false …): the ones a build stage may set. */
export function buildScriptVariables(): Set<string> {
  const prefix = /^((?:[A-Z_][A-Z0-9_]*=\S*\s+)+)nx\b/.exec(rootPackage.scripts?.build ?? '')?.[1] ?? '';
  return new Set([...prefix.matchAll(/([A-Z_][A-Z0-9_]*)=/g)].map((m) => m[1]!));
}

export const existsInRepo = (path: string) => existsSync(join(repoRoot, path));

/** Every non-test TypeScript file under a folder, as paths relative to the repository root. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs)) {
      const path = join(abs, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && entry !== 'testing.ts')
        out.push(relative(repoRoot, path));
    }
  };
  walk(join(repoRoot, dir));
  return out;
}

export type ServiceName = 'gateway' | 'text' | 'speech';
export const SERVICES: Record<ServiceName, { dir: string }> = {
  gateway: { dir: 'services/gateway' },
  text: { dir: 'services/text' },
  speech: { dir: 'services/speech' },
};

/** The remote keys (marketing, auth, …) an `env[\`REMOTE_${remote.key.toUpperCase()}_URL\`]` reads. */
const remoteKeys = remoteCatalog.map((remote) => remote.key);

/**
 * The environment variables one service's code reads: its typed settings (`settings.port('PORT', …)`),
 * direct reads (`env.X`, `process.env.X`, `env['X']`), and per-remote names built from the remote catalogue.
 * What libs/service-kit reads (LOG_LEVEL, IDENTITY_SECRET, DATA_DIR) counts for every service.
 */
export function variablesReadBy(service: ServiceName): Set<string> {
  const files = [...sourceFiles(`${SERVICES[service].dir}/src`), ...sourceFiles('libs/service-kit/src')];
  const names = new Set<string>();
  for (const file of files) {
    const source = readRepoFile(file);
    for (const m of source.matchAll(/settings\.\w+(?:<[^>(]*>)?\(\s*'([A-Z][A-Z0-9_]*)'/g)) names.add(m[1]!);
    for (const m of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
    for (const m of source.matchAll(/\benv\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g)) names.add(m[1]!);
    for (const m of source.matchAll(
      /\benv\[\s*`([A-Z0-9_]*)\$\{\w+\.key\.toUpperCase\(\)\}([A-Z0-9_]*)`\s*\]/g,
    ))
      for (const key of remoteKeys) names.add(`${m[1]}${key.toUpperCase()}${m[2]}`);
  }
  return names;
}

/** The variable a service's port is read from and its default (`settings.port('TEXT_PORT', DEFAULT_PORTS.text)`). */
export function portOf(service: ServiceName): { variable: string; port: number } {
  const files = sourceFiles(`${SERVICES[service].dir}/src`);
  for (const file of files) {
    const m = /settings\.port\(\s*'([A-Z][A-Z0-9_]*)'\s*,\s*DEFAULT_PORTS\.(\w+)\s*\)/.exec(
      readRepoFile(file),
    );
    if (m) return { variable: m[1]!, port: DEFAULT_PORTS[m[2] as keyof typeof DEFAULT_PORTS] };
  }
  throw new Error(`no settings.port(…) in ${SERVICES[service].dir}/src`);
}

/** The gateway's cache rules for the shell's files, read from its source (a regular expression and two values). */
export function shellCacheRules(): { hashedAsset: RegExp; immutable: string; noCache: string } {
  const source = readRepoFile('services/gateway/src/edge/shell-static.ts');
  const hashed = /const HASHED_ASSET = \/(.+)\/([a-z]*);/.exec(source);
  const immutable = /export const IMMUTABLE = '([^']+)'/.exec(source);
  const noCache = /export const NO_CACHE = '([^']+)'/.exec(source);
  if (!hashed || !immutable || !noCache)
    throw new Error(
      'services/gateway/src/edge/shell-static.ts no longer declares HASHED_ASSET, IMMUTABLE, NO_CACHE',
    );
  return { hashedAsset: new RegExp(hashed[1]!, hashed[2]), immutable: immutable[1]!, noCache: noCache[1]! };
}

export { DEFAULT_PORTS, remoteCatalog };
