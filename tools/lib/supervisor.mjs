// @ts-check
// Runs the platform's processes and keeps them up: each child gets its own process group (so a wrapper such
// as `npm run` and whatever it spawns stop together), its output is split into lines and handed to a log sink
// with the child's name, and a child that dies on its own is restarted with a growing pause (1 s, 2 s, 4 s …
// at most 30 s) while the others keep serving. Only a process that fails to become ready five times in a row
// is given up on, which the host treats as fatal.
import { spawn } from 'node:child_process';

/**
 * @typedef {object} ProcessSpec
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {string} cwd
 * @property {NodeJS.ProcessEnv} env
 * @property {'data'} [tier] stopped after everything else (the database the others write to)
 * @property {(probe: { aborted: () => boolean, pid: number | undefined }) => Promise<void>} [ready]
 *   resolves once the process serves; `aborted()` says the process has exited meanwhile
 */

/**
 * One run of a process.
 * @typedef {object} RunningEntry
 * @property {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>} child
 * @property {Promise<void>} exited
 * @property {boolean} stopping
 * @property {boolean} hasExited
 * @property {boolean} ready
 * @property {number | null} code
 * @property {NodeJS.Signals | null} signal
 */

/**
 * What the supervisor wants of a process and how its restarts went. `pending` is the bring-up under way (a
 * start, or a restart after its pause): one at a time.
 * @typedef {{ wanted: boolean, attempt: number, readyFailures: number, readyAt: number | null, wake: (() => void) | null, pending: Promise<void> | null }} ProcessState
 */

// Services give in-flight requests 10 s to finish on SIGTERM; allow them that before SIGKILL.
const GRACE_MS = 12_000;

export const RESTART_POLICY = Object.freeze({
  /** Pause before the first restart; each further one doubles it. */
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  /** Failures to become ready in a row after which the process is given up on. */
  maxReadyFailures: 5,
  /** Ready this long without dying: the next death starts the pauses from the beginning again. */
  stableMs: 60_000,
});

/**
 * The pause before restart number `attempt` (0 for the first restart after a healthy run).
 * @param {number} attempt
 * @param {{ firstDelayMs: number, maxDelayMs: number }} [policy]
 */
export const restartDelay = (attempt, policy = RESTART_POLICY) =>
  Math.min(policy.firstDelayMs * 2 ** attempt, policy.maxDelayMs);

/**
 * How a child ended, in words: "exit code 1", "signal SIGKILL".
 * @param {number | null} code
 * @param {string | null} signal
 */
export const describeExit = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);

/** @param {number} ms */
const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

/** @param {(line: string) => void} onLine */
function lineSplitter(onLine) {
  let rest = '';
  return {
    /** @param {Buffer} chunk */
    push(chunk) {
      const lines = (rest + chunk.toString('utf8')).split(/\r?\n/);
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    },
    flush() {
      if (rest) onLine(rest);
      rest = '';
    },
  };
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function signalGroup(child, signal) {
  // A child that could not be spawned has no pid, and no group to signal.
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export class Supervisor {
  /**
   * @param {object} opts
   * @param {(name: string, line: string) => void} opts.log
   * @param {(name: string, code: number | null, signal: string | null) => void} [opts.onUnexpectedExit]
   *   told of every death nobody asked for (the supervisor restarts the process itself)
   * @param {(name: string, error: Error) => void} [opts.onGiveUp] a process failed to become ready
   *   `maxReadyFailures` times in a row and is no longer restarted
   * @param {Partial<typeof RESTART_POLICY>} [opts.policy]
   * @param {(ms: number) => Promise<void>} [opts.sleep] how pauses are waited (tests pass a fast one)
   * @param {() => number} [opts.now]
   * @param {boolean} [opts.dieWithParentSignals]
   */
  constructor({
    log,
    onUnexpectedExit,
    onGiveUp,
    policy,
    sleep,
    now = Date.now,
    dieWithParentSignals = false,
  }) {
    this.log = log;
    this.onUnexpectedExit = onUnexpectedExit ?? (() => {});
    this.onGiveUp = onGiveUp ?? (() => {});
    this.policy = { ...RESTART_POLICY, ...policy };
    this.sleep = sleep ?? null;
    this.now = now;
    /** @type {Map<string, ProcessSpec>} */
    this.specs = new Map();
    /** @type {Map<string, RunningEntry>} */
    this.running = new Map();
    /** @type {Map<string, ProcessState>} */
    this.state = new Map();
    this.shuttingDown = false;
    // Last resort if this process dies without a clean stop: never leave servers behind.
    this.killOnExit = () => {
      for (const { child } of this.running.values()) signalGroup(child, 'SIGKILL');
    };
    process.on('exit', this.killOnExit);
    // For hosts that do not handle signals themselves (a test runner stopped by `timeout` or Ctrl-C):
    // take the children down with us, then die of the same signal as we would have.
    /** @type {[NodeJS.Signals, () => void][]} */
    this.signalHandlers = [];
    if (dieWithParentSignals) {
      for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP'])) {
        const handler = () => {
          this.killOnExit();
          this.removeSignalHandlers();
          process.kill(process.pid, signal);
        };
        process.on(signal, handler);
        this.signalHandlers.push([signal, handler]);
      }
    }
  }

  removeSignalHandlers() {
    for (const [signal, handler] of this.signalHandlers) process.off(signal, handler);
    this.signalHandlers = [];
  }

  /** @param {ProcessSpec} spec */
  add(spec) {
    this.specs.set(spec.name, spec);
    this.state.set(spec.name, {
      wanted: false,
      attempt: 0,
      readyFailures: 0,
      readyAt: null,
      wake: null,
      pending: null,
    });
  }

  names() {
    return [...this.specs.keys()];
  }

  /** @param {string} name */
  isRunning(name) {
    const entry = this.running.get(name);
    return Boolean(entry && !entry.hasExited);
  }

  /**
   * How the latest run of the process ended, if it has.
   * @param {string} name
   */
  lastExit(name) {
    const entry = this.running.get(name);
    return entry?.hasExited ? { code: entry.code, signal: entry.signal } : undefined;
  }

  /**
   * The child's process id while it runs (tests use it to kill it as a crash would).
   * @param {string} name
   */
  pidOf(name) {
    return this.isRunning(name) ? this.running.get(name)?.child.pid : undefined;
  }

  /** @param {string} name */
  specOf(name) {
    const spec = this.specs.get(name);
    if (!spec) throw new Error(`unknown process ${name}`);
    return spec;
  }

  /** @param {string} name */
  stateOf(name) {
    const state = this.state.get(name);
    if (!state) throw new Error(`unknown process ${name}`);
    return state;
  }

  /**
   * Starts the named process and resolves once its readiness probe passes, retrying with the restart
   * pauses when it does not come up; rejects when it was given up on or stopped meanwhile.
   * @param {string} name
   * @returns {Promise<void>}
   */
  async start(name) {
    this.specOf(name);
    const state = this.stateOf(name);
    if (state.pending) return state.pending;
    if (state.wanted && this.isRunning(name)) return;
    // A deliberate start begins with a clean slate.
    Object.assign(state, { wanted: true, attempt: 0, readyFailures: 0, readyAt: null });
    return this.track(state, this.bringUp(name));
  }

  /**
   * @param {ProcessState} state
   * @param {Promise<void>} promise
   */
  track(state, promise) {
    const pending = promise.finally(() => {
      if (state.pending === pending) state.pending = null;
    });
    state.pending = pending;
    return pending;
  }

  /**
   * Spawns, waits for readiness, and on failure pauses and tries again until the policy gives up.
   * @param {string} name
   */
  async bringUp(name) {
    const spec = this.specOf(name);
    const state = this.stateOf(name);
    for (;;) {
      if (!state.wanted || this.shuttingDown) throw new Error(`${name} was stopped before it was ready`);
      const entry = this.spawn(name);
      try {
        if (spec.ready) await spec.ready({ aborted: () => entry.hasExited, pid: entry.child.pid });
        if (entry.hasExited) throw new Error('process exited before it was ready');
      } catch (error) {
        if (!state.wanted || this.shuttingDown) throw error;
        const why = entry.hasExited
          ? `exited with ${describeExit(entry.code, entry.signal)} before it was ready`
          : `did not become ready (${/** @type {Error} */ (error).message})`;
        // Not ready: make sure nothing of this attempt lingers (it may hold the port) before the next.
        await this.kill(entry);
        state.readyFailures += 1;
        const { maxReadyFailures } = this.policy;
        if (state.readyFailures >= maxReadyFailures) {
          state.wanted = false;
          const gaveUp = new Error(
            `${name} failed to become ready ${maxReadyFailures} times in a row (last time it ${why}); not restarting it`,
          );
          this.log(name, `✖ ${gaveUp.message}`);
          this.onGiveUp(name, gaveUp);
          throw gaveUp;
        }
        const delay = this.nextDelay(state);
        this.log(
          name,
          `✖ ${why} (failure ${state.readyFailures} of ${maxReadyFailures} in a row); restarting in ${seconds(delay)}`,
        );
        await this.pause(state, delay);
        continue;
      }
      entry.ready = true;
      state.readyFailures = 0;
      state.readyAt = this.now();
      return;
    }
  }

  /** @param {ProcessState} state */
  nextDelay(state) {
    const delay = restartDelay(state.attempt, this.policy);
    state.attempt += 1;
    return delay;
  }

  /**
   * Waits `ms`, or less if the process is stopped meanwhile.
   * @param {ProcessState} state
   * @param {number} ms
   */
  async pause(state, ms) {
    await /** @type {Promise<void>} */ (
      new Promise((resolve) => {
        /** @type {NodeJS.Timeout | null} */
        let timer = null;
        if (this.sleep) this.sleep(ms).then(resolve);
        else timer = setTimeout(resolve, ms);
        state.wake = () => {
          if (timer) clearTimeout(timer);
          resolve();
        };
      })
    );
    state.wake = null;
  }

  /** @param {string} name */
  spawn(name) {
    const spec = this.specOf(name);
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    /** @type {RunningEntry} */
    const entry = {
      child,
      stopping: false,
      hasExited: false,
      ready: false,
      code: null,
      signal: null,
      exited: new Promise((resolve) => {
        const out = lineSplitter((line) => this.log(name, line));
        const err = lineSplitter((line) => this.log(name, line));
        child.stdout.on('data', (c) => out.push(c));
        child.stderr.on('data', (c) => err.push(c));
        child.on('error', (error) => this.log(name, `could not start: ${error.message}`));
        child.on('close', (code, signal) => {
          out.flush();
          err.flush();
          Object.assign(entry, { hasExited: true, code, signal });
          resolve();
          if (!entry.stopping && !this.shuttingDown) this.died(name, entry, code, signal);
        });
      }),
    };
    this.running.set(name, entry);
    return entry;
  }

  /**
   * A child that was serving died on its own: say why, and bring it back after the pause.
   * @param {string} name
   * @param {RunningEntry} entry
   * @param {number | null} code
   * @param {NodeJS.Signals | null} signal
   */
  died(name, entry, code, signal) {
    const state = this.stateOf(name);
    this.onUnexpectedExit(name, code, signal);
    // Deaths before readiness are bringUp's to handle (it is waiting on this attempt).
    if (!entry.ready || !state.wanted || this.running.get(name) !== entry) return;
    // Whatever it spawned goes with it, so the restart finds its port free.
    signalGroup(entry.child, 'SIGKILL');
    if (state.readyAt !== null && this.now() - state.readyAt >= this.policy.stableMs) state.attempt = 0;
    const delay = this.nextDelay(state);
    this.log(name, `✖ exited unexpectedly (${describeExit(code, signal)}); restarting in ${seconds(delay)}`);
    this.track(
      state,
      this.pause(state, delay).then(() => this.bringUp(name)),
    ).then(
      () => this.log(name, '✔ restarted and ready again'),
      () => {
        // Given up (onGiveUp was told) or stopped on purpose meanwhile: nothing more to do here.
      },
    );
  }

  /** @param {RunningEntry} entry */
  async kill(entry) {
    entry.stopping = true;
    signalGroup(entry.child, 'SIGKILL');
    await entry.exited;
  }

  /**
   * SIGTERM to the process group, SIGKILL if it is still there after the grace period.
   * @param {string} name
   */
  async stop(name, graceMs = GRACE_MS) {
    const state = this.state.get(name);
    if (state) {
      state.wanted = false;
      state.wake?.();
    }
    const entry = this.running.get(name);
    if (!entry) return;
    entry.stopping = true;
    if (!entry.hasExited) {
      signalGroup(entry.child, 'SIGTERM');
      const timer = setTimeout(() => {
        this.log(name, `did not stop within ${graceMs / 1000} s: killing it`);
        signalGroup(entry.child, 'SIGKILL');
      }, graceMs);
      await entry.exited;
      clearTimeout(timer);
    }
    // The leader has gone; make sure nothing it spawned outlives it.
    signalGroup(entry.child, 'SIGKILL');
    if (this.running.get(name) === entry) this.running.delete(name);
  }

  /** Stops everything, in reverse start order (front ends first, the database last). */
  async stopAll(graceMs = GRACE_MS) {
    this.shuttingDown = true;
    for (const state of this.state.values()) {
      state.wanted = false;
      state.wake?.();
    }
    const names = [...this.running.keys()].reverse();
    const front = names.filter((n) => this.specs.get(n)?.tier !== 'data');
    const data = names.filter((n) => this.specs.get(n)?.tier === 'data');
    await Promise.all(front.map((n) => this.stop(n, graceMs)));
    await Promise.all(data.map((n) => this.stop(n, graceMs)));
    process.off('exit', this.killOnExit);
    this.removeSignalHandlers();
  }
}
