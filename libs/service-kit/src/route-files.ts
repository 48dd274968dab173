import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RouteFile } from './route-module';

/**
 * Every route file below a service's src/routes (tests left out), loaded, with its default export: what
 * routeLayoutProblems checks. For tests: it loads each file with the test runner's require.
 */
export function routeFilesBelow(routesDir: string, load: (file: string) => unknown): RouteFile[] {
  const files: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const loaded = load(path) as { default?: unknown };
        files.push({ file: relative(routesDir, path).replace(/\\/g, '/'), module: loaded.default });
      }
    }
  };
  walk(routesDir);
  return files.sort((a, b) => a.file.localeCompare(b.file));
}
