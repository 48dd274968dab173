// @ts-check
// `npm test` names the exact apt-get command for what the machine lacks, and stops before building.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { installCommand, missingPackagesMessage, missingSystemPackages } from './system-packages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** @param {{ name: string }[]} list */
const names = (list) => list.map((p) => p.name);

describe('missingSystemPackages', () => {
  it('finds nothing missing when every tool and module is there', () => {
    const missing = missingSystemPackages({
      env: { CHROMIUM_PATH: process.execPath },
      importable: () => true,
      has: () => true,
    });
    assert.deepEqual(missing, []);
    assert.equal(missingPackagesMessage(missing), null);
  });

  it('tells pymongo and gridfs apart (Debian ships python3-gridfs on its own)', () => {
    const missing = missingSystemPackages({
      env: { CHROMIUM_PATH: process.execPath },
      importable: (module) => module !== 'gridfs',
      has: () => true,
    });
    assert.deepEqual(names(missing), ['python3-gridfs']);
  });

  it('looks for chromium at CHROMIUM_PATH, and for opusenc, sox, espeak-ng, unzip and curl on the PATH', () => {
    /** @type {string[]} */
    const looked = [];
    const missing = missingSystemPackages({
      env: { CHROMIUM_PATH: '/nowhere/chromium' },
      importable: () => true,
      has: (command) => {
        looked.push(command);
        return command !== 'opusenc';
      },
    });
    assert.deepEqual(names(missing), ['chromium', 'opus-tools']);
    assert.deepEqual(looked.sort(), ['curl', 'espeak-ng', 'opusenc', 'sox', 'unzip']);
  });

  it('says the one install command, with sudo unless root', () => {
    const missing = missingSystemPackages({
      env: { CHROMIUM_PATH: '/nowhere/chromium' },
      importable: () => false,
      has: () => false,
    });
    const all = 'chromium python3-pymongo python3-gridfs espeak-ng sox opus-tools unzip curl python3-pandas';
    assert.equal(
      installCommand(missing, { root: false }),
      `sudo apt-get install -y --no-install-recommends ${all}`,
    );
    assert.equal(
      installCommand(missing, { root: true }),
      `apt-get install -y --no-install-recommends ${all}`,
    );
    assert.match(
      missingPackagesMessage(missing, { root: true }) ?? '',
      /Install them with:\n {2}apt-get install/,
    );
  });
});

describe('npm test on a machine without the packages', () => {
  it('stops at once with the apt-get command, before building or testing anything', async () => {
    const emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), 'no-tools-'));
    const child = spawn(process.execPath, [path.join(here, '..', 'test-all.mjs')], {
      env: { ...process.env, PATH: emptyPath, CHROMIUM_PATH: path.join(emptyPath, 'chromium') },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    // Without the check it would go on to run every suite: never let it.
    const guard = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 60_000);
    const code = await new Promise((resolve) => child.on('close', (c) => resolve(c)));
    clearTimeout(guard);
    fs.rmSync(emptyPath, { recursive: true, force: true });
    assert.equal(code, 1, output);
    assert.match(
      output,
      /apt-get install -y --no-install-recommends chromium( \S+)* espeak-ng sox opus-tools unzip curl/,
    );
    assert.doesNotMatch(output, /nx run|run-many|Test Suites/);
  });
});
