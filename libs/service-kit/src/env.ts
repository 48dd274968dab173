import { resolve } from 'node:path';
import { DEFAULT_PORTS } from '@platform/contracts';

export const DEFAULT_MONGODB_URI = `mongodb://127.0.0.1:${DEFAULT_PORTS.mongo}`;

/** The repository root, found from a file inside it (services run from dist/ or src/ two levels down). */
export function defaultDataDir(repoRoot: string) {
  return resolve(repoRoot, '.data');
}

export function dataDirFromEnv(repoRoot: string, env: NodeJS.ProcessEnv = process.env) {
  return env.DATA_DIR ? resolve(env.DATA_DIR) : defaultDataDir(repoRoot);
}
