import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../types';

export interface ProjectCatalogues {
  /** The project folder (shell, mf-auth, ...). */
  project: string;
  /** locale → catalogue */
  locales: Record<string, Catalogue>;
}

/** Every catalogue in the workspace: <project>/src/i18n/<locale>.json for the shell and each remote. */
export function readCatalogues(repoRoot: string): ProjectCatalogues[] {
  const projects = fs
    .readdirSync(repoRoot)
    .filter((name) => name === 'shell' || name.startsWith('mf-'))
    .filter((name) => fs.existsSync(path.join(repoRoot, name, 'src/i18n')));
  return projects.map((project) => {
    const folder = path.join(repoRoot, project, 'src/i18n');
    const locales = Object.fromEntries(
      fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          path.basename(file, '.json'),
          JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Catalogue,
        ]),
    );
    return { project, locales };
  });
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
