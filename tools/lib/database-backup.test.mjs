// @ts-check
// `npm run backup` under write load and `npm run restore` into a fresh folder, through the command lines a
// person types, against the real embedded server: every write acknowledged before the backup began is in
// the restored database, read back through the official driver.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GridFSBucket, MongoClient } from 'mongodb';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'database-backup-test-'));
/** @type {import('node:child_process').ChildProcess[]} */
const servers = [];
after(() => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * The embedded server on a free port over dataDir's database folder.
 * @param {string} dataDir
 * @returns {Promise<{ uri: string, stop: () => Promise<void> }>}
 */
function startServer(dataDir) {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'libs/embedded-mongo/bin/embedded-mongo.js'),
      '--port',
      '0',
      '--dbpath',
      path.join(dataDir, 'mongo'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  servers.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const uri = /listening on (mongodb:\/\/\S+)/.exec(stdout)?.[1];
      if (uri)
        resolve({
          uri,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`embedded-mongo exited (${code}): ${stderr}`)));
  });
}

/**
 * @param {string} script backup or restore
 * @param {string[]} args
 */
function runTool(script, args) {
  const env = { ...process.env };
  delete env.MONGODB_URI;
  delete env.INIT_CWD;
  return spawnSync(process.execPath, [path.join(repoRoot, 'tools', `${script}.mjs`), ...args], {
    cwd: tmp,
    env,
    encoding: 'utf8',
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('backup under write load, then restore', () => {
  const live = path.join(tmp, 'live');
  const fresh = path.join(tmp, 'fresh');
  const archive = path.join(tmp, 'out', 'snapshot.tar.gz');
  /** @type {Set<number>} */
  const ackedBeforeBackup = new Set();
  /** @type {Set<number>} */
  const attempted = new Set();
  let ackedInTotal = 0;
  const gridfsBytes = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 7) % 256));
  /** @type {{ status: number | null, stdout: string, stderr: string }} */
  let backup;
  /** @type {{ status: number | null, stdout: string, stderr: string }} */
  let restoreWhileRunning;

  before(async () => {
    const server = await startServer(live);
    const client = await MongoClient.connect(server.uri);
    const samples = client.db('speech').collection('samples');
    await samples.createIndex({ writer: 1, seq: 1 });
    const bucket = new GridFSBucket(client.db('speech'), { bucketName: 'audio' });
    await new Promise((resolve, reject) =>
      bucket.openUploadStream('clip.opus').on('finish', resolve).on('error', reject).end(gridfsBytes),
    );

    // Eight writers insert without pause; an id counts as acknowledged once its insert has answered.
    /** @type {Set<number>} */
    const acked = new Set();
    let next = 0;
    let writing = true;
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      while (writing) {
        const seq = next++;
        attempted.add(seq);
        await samples.insertOne({ _id: /** @type {any} */ (seq), writer, seq, text: `sentence ${seq}` });
        acked.add(seq);
      }
    });
    await sleep(1500);
    for (const id of acked) ackedBeforeBackup.add(id);
    // the command runs in another process while the writers go on in this one
    backup = await new Promise((resolve) => {
      const env = { ...process.env };
      delete env.MONGODB_URI;
      delete env.INIT_CWD;
      const child = spawn(
        process.execPath,
        [path.join(repoRoot, 'tools/backup.mjs'), '--out', 'out/snapshot.tar.gz', '--data-dir', 'live'],
        { cwd: tmp, env },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
    await sleep(500);
    restoreWhileRunning = runTool('restore', ['--from', archive, '--data-dir', live, '--force']);
    writing = false;
    await Promise.all(writers);
    ackedInTotal = acked.size;
    await client.close();
    await server.stop();
  });

  it('writes the archive while the server takes writes', () => {
    assert.equal(backup.status, 0, backup.stderr);
    assert.match(backup.stdout, /backup: .*snapshot\.tar\.gz \(\d+ collections, \d+ documents/);
    console.log(`${backup.stdout.trim()}; ${ackedBeforeBackup.size} writes acknowledged before it began`);
    assert.ok(ackedBeforeBackup.size > 100, `only ${ackedBeforeBackup.size} writes before the backup`);
    const listed = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    assert.deepEqual(listed.sort(), ['manifest.json', 'mongo/data.mdb']);
  });

  it('refuses to restore into the folder of a running server, even with --force', () => {
    assert.equal(restoreWhileRunning.status, 1);
    assert.match(restoreWhileRunning.stderr, /is running \(pid \d+\); stop the platform first/);
  });

  it('refuses to replace a stopped database without --force', () => {
    const refused = runTool('restore', ['--from', archive, '--data-dir', live]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /already holds a database; add --force to replace it/);
  });

  it('refuses a file that is not a backup', () => {
    fs.writeFileSync(path.join(tmp, 'not-a-backup.tar.gz'), 'hello');
    const refused = runTool('restore', [
      '--from',
      'not-a-backup.tar.gz',
      '--data-dir',
      path.join(tmp, 'other'),
    ]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /is not a backup made by npm run backup/);
  });

  it('restores into a fresh folder every write acknowledged before the backup began, readable by the driver', async () => {
    const restored = runTool('restore', ['--from', archive, '--data-dir', 'fresh']);
    assert.equal(restored.status, 0, restored.stderr);
    const server = await startServer(fresh);
    const client = await MongoClient.connect(server.uri);
    try {
      const db = client.db('speech');
      const ids = new Set(
        (
          await db
            .collection('samples')
            .find({}, { projection: { _id: 1 } })
            .toArray()
        ).map((d) => Number(d._id)),
      );
      const missing = [...ackedBeforeBackup].filter((id) => !ids.has(id));
      assert.deepEqual(missing.slice(0, 10), [], `${missing.length} acknowledged writes missing`);
      // a snapshot: nothing invented, and the writes after it are not there
      assert.ok([...ids].every((id) => attempted.has(id)));
      assert.ok(ids.size < ackedInTotal, `${ids.size} restored of ${ackedInTotal} written in all`);
      // the counters the server keeps in its catalog came along, consistent with the documents
      assert.equal(await db.collection('samples').estimatedDocumentCount(), ids.size);
      // the secondary index came along: a query on it finds the same documents as a scan
      const byIndex = await db
        .collection('samples')
        .find({ writer: 3 })
        .hint({ writer: 1, seq: 1 })
        .toArray();
      const byScan = (await db.collection('samples').find({}).toArray()).filter((d) => d.writer === 3);
      assert.equal(byIndex.length, byScan.length);
      const bucket = new GridFSBucket(db, { bucketName: 'audio' });
      const chunks = [];
      for await (const chunk of bucket.openDownloadStreamByName('clip.opus')) chunks.push(chunk);
      assert.ok(Buffer.concat(chunks).equals(gridfsBytes));
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
