#!/usr/bin/env node
// @ts-check
// `npm run backup -- --out FILE [--data-dir DIR]`: a consistent snapshot of the embedded database, taken
// while the platform runs (or not), written to FILE as a .tar.gz.
import { backupDatabase, defaultDataDir } from './lib/database-backup.mjs';
import { externalDatabaseMessage, fromCaller, parseFlags } from './lib/backup-cli.mjs';

const USAGE = 'Usage: npm run backup -- --out FILE [--data-dir DIR]   (DIR: DATA_DIR, else .data)';

try {
  const flags = parseFlags(process.argv.slice(2), {
    '--out': 'value',
    '--data-dir': 'value',
    '--help': 'flag',
  });
  if (flags['--help']) {
    console.log(USAGE);
    process.exit(0);
  }
  if (typeof flags['--out'] !== 'string') throw new Error(`--out FILE is required\n${USAGE}`);
  const external = externalDatabaseMessage();
  if (external) throw new Error(external);
  const dataDir =
    typeof flags['--data-dir'] === 'string' ? fromCaller(flags['--data-dir']) : defaultDataDir();
  const out = fromCaller(flags['--out']);
  const started = Date.now();
  const manifest = await backupDatabase({ dataDir, out });
  const documents = manifest.collections.reduce((sum, c) => sum + c.count, 0);
  console.log(
    `backup: ${out} (${manifest.collections.length} collections, ${documents} documents, snapshot of ${manifest.createdAt}, ${Date.now() - started} ms)`,
  );
} catch (error) {
  console.error(`backup: ✖ ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
