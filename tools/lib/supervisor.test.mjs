// @ts-check
// The supervisor with real child processes: how it restarts one that dies, the pauses it waits between
// tries, and when it gives up. Pauses are recorded instead of waited, so the tests say which pauses were
// asked for without taking them.
import { after, afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restartDelay, RESTART_POLICY, Supervisor } from './supervisor.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-test-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * A child that fails (exit code 3) on its first `failures` runs, then stays up.
 * @param {string} name
 * @param {number} failures
 * @returns {import('./supervisor.mjs').ProcessSpec}
 */
function flaky(name, failures) {
  const counter = path.join(tmp, `${name}-runs`);
  fs.writeFileSync(counter, '0');
  const script = `
    const fs = require('node:fs');
    const runs = Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;
    fs.writeFileSync(${JSON.stringify(counter)}, String(runs));
    if (runs <= ${failures}) { console.error('cannot start, run ' + runs); process.exit(3); }
    fs.writeFileSync(${JSON.stringify(tmp)} + '/up-' + process.pid, '');
    setInterval(() => {}, 1000);
  `;
  return {
    name,
    command: process.execPath,
    args: ['-e', script],
    cwd: tmp,
    env: process.env,
    // Ready once this run said it is up; a run that exits first is not.
    ready: async ({ aborted, pid }) => {
      for (;;) {
        if (fs.existsSync(path.join(tmp, `up-${pid}`))) return;
        if (aborted()) throw new Error('process exited before it was ready');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/**
 * @typedef {{ supervisor: Supervisor, lines: string[], pauses: number[], gaveUp: { name: string, message: string }[] }} Harness
 */

/**
 * @param {{ now?: () => number }} [options]
 * @returns {Harness}
 */
function harness({ now } = {}) {
  /** @type {string[]} */
  const lines = [];
  /** @type {number[]} */
  const pauses = [];
  /** @type {{ name: string, message: string }[]} */
  const gaveUp = [];
  const supervisor = new Supervisor({
    log: (name, line) => lines.push(`${name} | ${line}`),
    onGiveUp: (name, error) => gaveUp.push({ name, message: error.message }),
    sleep: async (ms) => {
      pauses.push(ms);
    },
    now,
  });
  return { supervisor, lines, pauses, gaveUp };
}

/**
 * @param {() => unknown} check
 * @param {string} what
 */
const eventually = async (check, what) => {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`never happened: ${what}`);
};

/** @type {Harness | null} */
let current = null;
afterEach(async () => {
  await current?.supervisor.stopAll(2000);
  current = null;
});

describe('restartDelay', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => restartDelay(attempt)),
      [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000],
    );
    assert.equal(RESTART_POLICY.maxReadyFailures, 5);
  });
});

describe('Supervisor', () => {
  it('gives up on a process that fails to become ready five times in a row, saying why', async () => {
    current = harness();
    const { supervisor, lines, pauses, gaveUp } = current;
    supervisor.add(flaky('broken', Infinity));
    await assert.rejects(supervisor.start('broken'), /failed to become ready 5 times in a row/);
    assert.deepEqual(pauses, [1000, 2000, 4000, 8000]);
    const [given] = gaveUp;
    assert.equal(gaveUp.length, 1);
    assert.equal(given?.name, 'broken');
    assert.match(given?.message ?? '', /exit code 3/);
    assert.ok(
      lines.some((l) => /broken \| .*exit code 3.*failure 1 of 5.*restarting in 1 s/.test(l)),
      lines.join('\n'),
    );
    assert.ok(lines.includes('broken | cannot start, run 5'));
    assert.equal(supervisor.isRunning('broken'), false);
  });

  it('keeps trying a process that comes up on its fifth try', async () => {
    current = harness();
    const { supervisor, pauses, gaveUp } = current;
    supervisor.add(flaky('slow', 4));
    await supervisor.start('slow');
    assert.equal(supervisor.isRunning('slow'), true);
    assert.deepEqual(pauses, [1000, 2000, 4000, 8000]);
    assert.deepEqual(gaveUp, []);
  });

  it('restarts a serving process killed with SIGKILL, says so, and leaves the others alone', async () => {
    current = harness();
    const { supervisor, lines, pauses } = current;
    supervisor.add(flaky('victim', 0));
    supervisor.add(flaky('bystander', 0));
    await supervisor.start('victim');
    await supervisor.start('bystander');
    const victim = supervisor.pidOf('victim');
    const bystander = supervisor.pidOf('bystander');
    assert.ok(victim);

    process.kill(victim, 'SIGKILL');
    await eventually(
      () =>
        supervisor.pidOf('victim') &&
        supervisor.pidOf('victim') !== victim &&
        lines.some((l) => /ready again/.test(l)),
      'victim restarted',
    );
    assert.ok(
      lines.includes('victim | ✖ exited unexpectedly (signal SIGKILL); restarting in 1 s'),
      lines.join('\n'),
    );
    assert.deepEqual(pauses, [1000]);
    assert.equal(supervisor.pidOf('bystander'), bystander);
  });

  it('waits longer after each death in a row, and starts from 1 s again after a healthy while', async () => {
    let clock = 0;
    current = harness({ now: () => clock });
    const { supervisor, pauses } = current;
    supervisor.add(flaky('crashy', 0));
    await supervisor.start('crashy');
    const killAndAwaitRestart = async () => {
      const pid = supervisor.pidOf('crashy');
      const before = pauses.length;
      assert.ok(pid);
      process.kill(pid, 'SIGKILL');
      await eventually(
        () =>
          pauses.length > before &&
          supervisor.pidOf('crashy') &&
          supervisor.pidOf('crashy') !== pid &&
          !supervisor.state.get('crashy')?.pending,
        'crashy restarted',
      );
    };
    await killAndAwaitRestart();
    await killAndAwaitRestart();
    await killAndAwaitRestart();
    assert.deepEqual(pauses, [1000, 2000, 4000]);
    clock += RESTART_POLICY.stableMs;
    await killAndAwaitRestart();
    assert.deepEqual(pauses, [1000, 2000, 4000, 1000]);
  });

  it('does not restart a process stopped on purpose, nor anything after stopAll', async () => {
    current = harness();
    const { supervisor, pauses } = current;
    supervisor.add(flaky('calm', 0));
    await supervisor.start('calm');
    await supervisor.stop('calm', 2000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(supervisor.isRunning('calm'), false);
    assert.deepEqual(pauses, []);
    await supervisor.start('calm');
    assert.equal(supervisor.isRunning('calm'), true);
  });

  it('stops everything on stopAll even while a restart is pausing, and restarts nothing after', async () => {
    /** @type {string[]} */
    const lines = [];
    const supervisor = new Supervisor({
      log: (name, line) => lines.push(`${name} | ${line}`),
      // A pause that only ends when the supervisor cuts it short.
      sleep: () => new Promise(() => {}),
    });
    current = { supervisor, lines, pauses: [], gaveUp: [] };
    supervisor.add(flaky('dying', 0));
    supervisor.add(flaky('other', 0));
    await supervisor.start('dying');
    await supervisor.start('other');
    const dying = supervisor.pidOf('dying');
    assert.ok(dying);
    process.kill(dying, 'SIGKILL');
    await eventually(() => lines.some((l) => /dying \| .*restarting in 1 s/.test(l)), 'the restart planned');
    await supervisor.stopAll(2000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(supervisor.isRunning('dying'), false);
    assert.equal(supervisor.isRunning('other'), false);
    assert.ok(!lines.some((l) => /ready again/.test(l)), lines.join('\n'));
  });
});
