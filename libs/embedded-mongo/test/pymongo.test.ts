// A second, independent client: Debian's python3-pymongo against the same server.
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from './support/server';

jest.setTimeout(120_000);

const python = '/usr/bin/python3';
const script = path.join(__dirname, 'pymongo_client.py');

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('pymongo');
});
afterAll(async () => {
  await s?.stop();
});

test('pymongo connects, inserts, queries, hits a duplicate key and round-trips a GridFS file', async () => {
  const probe = spawnSync(python, ['-c', 'import pymongo, gridfs'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error(
      `${python} cannot import pymongo (${(probe.stderr || String(probe.error)).trim()}).\n` +
        'Install it with `apt-get install python3-pymongo` (CI installs it via .ci/run).',
    );
  }
  const { stdout } = await promisify(execFile)(python, [script, s.uri, s.dbName], { timeout: 100_000 });
  const out = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
  expect(out.ping).toBe(1);
  expect(out.inserted).toBe(300);
  expect(out.found_sorted).toEqual([299, 298, 297, 296, 295, 294, 293, 292, 291, 290]);
  expect(out.paged_total).toBe(300);
  expect(out.count_even).toBe(150);
  expect(out.distinct_groups).toEqual(['even', 'odd']);
  expect(out.updated).toEqual({ n: 1005, email: 'p5@x' });
  expect(out.aggregate).toEqual([
    { _id: 'even', total: 150 },
    { _id: 'odd', total: 150 },
  ]);
  expect(out.duplicate).toEqual({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'p1@x' } });
  expect(out.count_after_duplicate).toBe(300);
  expect(out.gridfs).toEqual({
    length: 600 * 1024 + 17,
    same_sha256: true,
    range_ok: true,
    chunks: 3,
    chunks_after_delete: 0,
  });

  // what pymongo wrote, the Node driver reads
  expect(await s.db.collection('people').countDocuments({ group: 'odd' })).toBe(150);
  expect(
    await s.db.collection('people').findOne({ email: 'p7@x' }, { projection: { _id: 0, n: 1 } }),
  ).toEqual({ n: 7 });
});
