import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../types';

export interface ProjectCatalogues {
  /** The project folder (shell, mf-auth, ...). */
  project: string;
  /**
   * The catalogue folder inside the project: `src/i18n` (the project's namespace), or the folder of a part
   * that loads lazily with its own namespace (e.g. `src/landing/sections/i18n`).
   */
  folder: string;
  /** locale → catalogue */
  locales: Record<string, Catalogue>;
}

/** The `i18n` folders holding an English catalogue under `dir`, the project's own (src/i18n) first. */
function catalogueFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist') continue;
    const child = path.join(dir, entry.name);
    if (entry.name === 'i18n' && fs.existsSync(path.join(child, 'en.json'))) found.push(child);
    found.push(...catalogueFolders(child));
  }
  return found;
}

/**
 * Every catalogue in the workspace: <project>/src/i18n/<locale>.json for the shell and each remote, and
 * the catalogues of any lazily loaded part with its own namespace (<project>/src/**\/i18n/<locale>.json).
 */
export function readCatalogues(repoRoot: string): ProjectCatalogues[] {
  const projects = fs
    .readdirSync(repoRoot)
    .filter((name) => name === 'shell' || name.startsWith('mf-'))
    .filter((name) => fs.existsSync(path.join(repoRoot, name, 'src/i18n')));
  return projects.flatMap((project) =>
    catalogueFolders(path.join(repoRoot, project, 'src'))
      .map((folder) => path.relative(path.join(repoRoot, project), folder).split(path.sep).join('/'))
      .sort((a, b) => (a === 'src/i18n' ? -1 : b === 'src/i18n' ? 1 : a.localeCompare(b)))
      .map((folder) => {
        const dir = path.join(repoRoot, project, folder);
        const locales = Object.fromEntries(
          fs
            .readdirSync(dir)
            .filter((file) => file.endsWith('.json'))
            .map((file) => [
              path.basename(file, '.json'),
              JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Catalogue,
            ]),
        );
        return { project, folder, locales };
      }),
  );
}

/** key path → message, e.g. { 'notFound.title': 'Page Not Found' }. */
export function flattenCatalogue(catalogue: Catalogue, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[at] = value;
    else Object.assign(flat, flattenCatalogue(value, at));
  }
  return flat;
}
