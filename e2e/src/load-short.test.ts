// A short load run through the suite's gateway: 20 contributors signed up and in, then all at once for 10 s
// Speak (upload takes), Listen (play and vote), Write and list datasets (e2e/load). No call may fail, and
// every upload, vote and sentence the platform acknowledged must be in its database afterwards.
//
// The suite's gateway keeps its default per-person limits (600 writes and 200 uploads per 10 minutes): each
// contributor's turns are capped so that its writes stay under them, as a person's would. Sign-up and
// sign-in limits hold per client address, and each contributor comes from its own (the suite trusts one
// proxy hop). The run leaves undecided recordings and pending sentences behind, so it runs after every other
// file (setup/test-sequencer.js).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteUrl } from './support/platform';

jest.setTimeout(240_000);

/** A turn writes at most five times (a take, three votes, a sentence): 100 turns stay under 600 writes. */
const MAX_TURNS = 100;
/**
 * A quarter of a second between a contributor's steps (a person takes longer): the run measures the platform
 * under people's load, not how a busy test machine copes with calls fired back to back, where the gateway's
 * 4 s wait for a service would decide the outcome.
 */
const THINK_MS = 250;

interface LoadResult {
  calls: Array<{ name: string; count: number; errors: Record<string, number> }>;
  totals: { calls: number; errors: number };
  acknowledged: { recordings: number; votes: number; sentences: number };
  lostWrites: {
    lost: number;
    recordings: { missing: string[] };
    audio: { missing: string[] };
    votes: { missing: string[] };
    sentences: { missing: string[] };
  };
}

function runLoad(contributors: number, seconds: number): Promise<{ result: LoadResult; log: string }> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-load-')), 'result.json');
  const child = spawn(
    process.execPath,
    [
      path.resolve(__dirname, '../load/cli.mjs'),
      '--site',
      siteUrl(),
      '--data-dir',
      process.env.E2E_DATA_DIR ?? '',
      '--mongo',
      process.env.E2E_MONGODB_URI ?? '',
      '--contributors',
      String(contributors),
      '--seconds',
      String(seconds),
      '--max-turns',
      String(MAX_TURNS),
      '--think-ms',
      String(THINK_MS),
      '--out',
      out,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the load run exited with ${code}:\n${log}`));
      const result = JSON.parse(fs.readFileSync(out, 'utf8')) as LoadResult;
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
      resolve({ result, log });
    });
  });
}

it('20 contributors for 10 s: no call fails and every acknowledged write is stored', async () => {
  const { result, log } = await runLoad(20, 10);
  // The run's tables, where a failure's output shows them.
  if (result.totals.errors > 0 || result.lostWrites.lost > 0) process.stderr.write(`${log}\n`);

  const failed = result.calls.filter((c) => Object.keys(c.errors).length > 0);
  expect(failed.map((c) => ({ call: c.name, errors: c.errors }))).toEqual([]);
  expect(result.totals.errors).toBe(0);
  // The run did the work it claims to check.
  expect(result.acknowledged.recordings).toBeGreaterThan(0);
  expect(result.acknowledged.votes).toBeGreaterThan(0);
  expect(result.acknowledged.sentences).toBeGreaterThan(0);
  expect({
    recordings: result.lostWrites.recordings.missing,
    audio: result.lostWrites.audio.missing,
    votes: result.lostWrites.votes.missing,
    sentences: result.lostWrites.sentences.missing,
  }).toEqual({ recordings: [], audio: [], votes: [], sentences: [] });
  expect(result.lostWrites.lost).toBe(0);
});
