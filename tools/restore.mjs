#!/usr/bin/env node
// @ts-check
// `npm run restore -- --from FILE [--data-dir DIR] [--force]`: puts a backup made by `npm run backup` into
// the data folder of a stopped platform.
import { defaultDataDir, restoreDatabase } from './lib/database-backup.mjs';
import { externalDatabaseMessage, fromCaller, parseFlags } from './lib/backup-cli.mjs';

const USAGE =
  'Usage: npm run restore -- --from FILE [--data-dir DIR] [--force]   (DIR: DATA_DIR, else .data; --force replaces a database already there)';

try {
  const flags = parseFlags(process.argv.slice(2), {
    '--from': 'value',
    '--data-dir': 'value',
    '--force': 'flag',
    '--help': 'flag',
  });
  if (flags['--help']) {
    console.log(USAGE);
    process.exit(0);
  }
  if (typeof flags['--from'] !== 'string') throw new Error(`--from FILE is required\n${USAGE}`);
  const external = externalDatabaseMessage();
  if (external) throw new Error(external);
  const dataDir =
    typeof flags['--data-dir'] === 'string' ? fromCaller(flags['--data-dir']) : defaultDataDir();
  const manifest = await restoreDatabase({
    dataDir,
    from: fromCaller(flags['--from']),
    force: flags['--force'] === true,
  });
  const documents = manifest.collections.reduce((sum, c) => sum + c.count, 0);
  console.log(
    `restore: ${dataDir}/mongo now holds the snapshot of ${manifest.createdAt} (${manifest.collections.length} collections, ${documents} documents); start the platform`,
  );
} catch (error) {
  console.error(`restore: ✖ ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
