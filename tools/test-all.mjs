#!/usr/bin/env node
// @ts-check
// `npm test`: first the system packages the suites need (one message with the apt-get command if any is
// missing, before anything is built), then every project's unit and integration tests through Nx (two at a
// time: the machines this runs on have two cores), then the end-to-end suite, which builds what is stale and
// starts the platform itself. Jest runs the end-to-end suite directly so its summary is the last thing printed. Exits non-zero
// if either part failed; the end-to-end suite runs even when a unit test failed, so one run shows all.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { nxEnv, repoRoot } from './platform.mjs';
import { missingPackagesMessage, missingSystemPackages } from './lib/system-packages.mjs';

const missing = missingPackagesMessage(missingSystemPackages());
if (missing) {
  console.error(`✖ ${missing}`);
  process.exit(1);
}

/** @param {string} name */
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<number>} the exit code (1 for a signal or a failure to start)
 */
function run(command, args, { cwd = repoRoot, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const parallel = process.env.TEST_PARALLEL ?? '2';
const unit = await run(
  bin('nx'),
  ['run-many', '-t', 'test', `--parallel=${parallel}`, '--outputStyle=static'],
  { env: nxEnv() },
);
if (unit !== 0)
  console.error('\nUnit and integration tests FAILED (see above); running the end-to-end suite anyway.\n');
const e2e = await run(bin('jest'), ['--runInBand'], { cwd: path.join(repoRoot, 'e2e'), env: nxEnv() });
process.exit(unit || e2e);
