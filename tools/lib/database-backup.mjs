// @ts-check
// Backing up and restoring the embedded database. It keeps everything in one LMDB file,
// `${DATA_DIR}/mongo/data.mdb` (documents, indexes, the catalog with its counters, GridFS files and chunks),
// so a consistent snapshot is one LMDB copy made under a read transaction: LMDB lets a second process read
// the file while the server writes, and the copy holds exactly the transactions committed when it began.
// The archive is a gzipped tar (GNU tar, present on every Linux) holding `manifest.json` and `mongo/data.mdb`.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// lmdb and bson are the embedded server's own dependencies: take the copies it resolves, so both read the
// file alike.
const serverRequire = createRequire(path.join(repoRoot, 'libs/embedded-mongo/package.json'));
const lmdb = /** @type {typeof import('lmdb')} */ (serverRequire('lmdb'));
const bson = /** @type {typeof import('bson')} */ (serverRequire('bson'));

export const FORMAT = 'speech-text-platform/embedded-mongo-backup';
const DATA_FILE = 'data.mdb';
const SERVER_LOCK = 'embedded-mongo.lock';

/**
 * @typedef {{ format: string, version: 1, createdAt: string, source: string,
 *   collections: { ns: string, count: number }[] }} Manifest
 */

/** The data folder `npm start` uses: DATA_DIR, else `.data` at the repository root. */
export const defaultDataDir = (env = process.env) => path.resolve(repoRoot, env.DATA_DIR ?? '.data');

/** @param {string} dataDir */
export const databaseFolder = (dataDir) => path.join(dataDir, 'mongo');

/**
 * The pid of a live process holding the embedded server's lock on this folder, else null. A lock left by a
 * killed server names a dead pid (or, after a reboot, a process that is not Node) and does not count.
 * @param {string} dbPath
 */
export function lockHolder(dbPath) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(dbPath, SERVER_LOCK), 'utf8'));
  } catch {
    return null;
  }
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EPERM') return null;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('node') ? pid : null;
  } catch {
    return pid;
  }
}

/**
 * Same options as the server's (libs/embedded-mongo storage/engine.ts), read-only.
 * @param {string} file
 */
const openReadOnly = (file) =>
  lmdb.open({
    path: file,
    maxDbs: 8,
    encoding: 'binary',
    mapSize: 64 * 1024 ** 3,
    overlappingSync: true,
    readOnly: true,
  });

/**
 * The collections in a copy and their document counts, from the catalog the server keeps in the file.
 * @param {string} file
 */
function collectionsOf(file) {
  const env = openReadOnly(file);
  try {
    const catalog = env.openDB({ name: 'catalog', encoding: 'binary' });
    if (!catalog) return [];
    /** @type {{ ns: string, count: number }[]} */
    const out = [];
    for (const { key, value } of catalog.getRange({ start: 'c:', end: 'c;' })) {
      const ns = String(key).slice(2);
      // the id is a BSON int32 field `id` inside `meta`; the stats record `s:<id>` holds the count
      const meta = /** @type {{ meta: { id: number } }} */ (bson.deserialize(value)).meta;
      const stats = /** @type {Buffer | undefined} */ (catalog.get(`s:${meta.id}`));
      out.push({ ns, count: stats ? stats.readDoubleBE(0) : 0 });
    }
    return out.sort((a, b) => a.ns.localeCompare(b.ns));
  } finally {
    env.close();
  }
}

/**
 * @param {string[]} args
 * @returns {Promise<void>}
 */
function tar(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(new Error(`cannot run tar: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`tar ${args[0]} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}

/**
 * Writes a consistent snapshot of the embedded database in dataDir to `out` (a .tar.gz), whether or not the
 * server is running. `out` appears only once complete.
 * @param {{ dataDir: string, out: string, now?: () => Date }} options
 * @returns {Promise<Manifest>}
 */
export async function backupDatabase({ dataDir, out, now = () => new Date() }) {
  const dbPath = databaseFolder(dataDir);
  const source = path.join(dbPath, DATA_FILE);
  if (!fs.existsSync(source)) throw new Error(`no embedded database in ${dbPath} (no ${DATA_FILE})`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(out), '.backup-'));
  const partial = `${out}.partial`;
  try {
    const createdAt = now().toISOString();
    fs.mkdirSync(path.join(work, 'mongo'));
    const copy = path.join(work, 'mongo', DATA_FILE);
    const env = openReadOnly(source);
    try {
      // compacting leaves out free pages, so the copy is as small as the live data
      await env.backup(copy, true);
    } finally {
      await env.close();
    }
    /** @type {Manifest} */
    const manifest = {
      format: FORMAT,
      version: 1,
      createdAt,
      source: dbPath,
      collections: collectionsOf(copy),
    };
    fs.rmSync(`${copy}-lock`, { force: true });
    fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar(['-czf', partial, '-C', work, 'manifest.json', `mongo/${DATA_FILE}`]);
    fs.renameSync(partial, out);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** A refusal the command line prints as is (no stack). */
export class RestoreRefused extends Error {}

/**
 * Puts the database from a backup archive into dataDir's database folder. Refuses while a server runs on
 * that folder, and when the folder already holds a database unless `force`. Holds the server's lock while it
 * works, so a server started meanwhile refuses to open the half-restored folder.
 * @param {{ dataDir: string, from: string, force?: boolean }} options
 * @returns {Promise<Manifest>}
 */
export async function restoreDatabase({ dataDir, from, force = false }) {
  if (!fs.existsSync(from)) throw new RestoreRefused(`no backup file ${from}`);
  const dbPath = databaseFolder(dataDir);
  const running = lockHolder(dbPath);
  if (running)
    throw new RestoreRefused(
      `the embedded database in ${dbPath} is running (pid ${running}); stop the platform first`,
    );
  const target = path.join(dbPath, DATA_FILE);
  if (!force && fs.existsSync(target) && fs.statSync(target).size > 0)
    throw new RestoreRefused(`${dbPath} already holds a database; add --force to replace it`);

  fs.mkdirSync(dbPath, { recursive: true });
  const lock = path.join(dbPath, SERVER_LOCK);
  fs.rmSync(lock, { force: true }); // only a dead server's lock is left at this point
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    throw new RestoreRefused(`an embedded database started in ${dbPath} meanwhile; stop it first`);
  }
  const work = fs.mkdtempSync(path.join(dbPath, '.restore-'));
  try {
    try {
      await tar(['-xzf', from, '-C', work, 'manifest.json', `mongo/${DATA_FILE}`]);
    } catch (error) {
      throw new RestoreRefused(
        `${from} is not a backup made by npm run backup (${/** @type {Error} */ (error).message})`,
      );
    }
    const manifest = /** @type {Manifest} */ (
      JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8'))
    );
    if (manifest.format !== FORMAT || manifest.version !== 1)
      throw new RestoreRefused(`${from} is not a backup made by npm run backup (format ${manifest.format})`);
    fs.renameSync(path.join(work, 'mongo', DATA_FILE), target);
    // the reader table of the database replaced; LMDB makes a new one at the next open
    fs.rmSync(`${target}-lock`, { force: true });
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(lock, { force: true });
  }
}
