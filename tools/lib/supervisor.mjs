// Runs the platform's processes: each child gets its own process group (so a wrapper such as `npm run`
// and whatever it spawns stop together), its output is split into lines and handed to a log sink with the
// child's name, and an exit nobody asked for is reported as such.
import { spawn } from 'node:child_process';

// Services give in-flight requests 10 s to finish on SIGTERM; allow them that before SIGKILL.
const GRACE_MS = 12_000;

function lineSplitter(onLine) {
  let rest = '';
  return {
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

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export class Supervisor {
  /** @param {{ log: (name: string, line: string) => void, onUnexpectedExit?: (name: string, code: number | null, signal: string | null) => void }} opts */
  constructor({ log, onUnexpectedExit, dieWithParentSignals = false }) {
    this.log = log;
    this.onUnexpectedExit = onUnexpectedExit ?? (() => {});
    /** @type {Map<string, any>} */
    this.specs = new Map();
    /** @type {Map<string, { child: import('node:child_process').ChildProcess, exited: Promise<void>, stopping: boolean, hasExited: boolean }>} */
    this.running = new Map();
    this.shuttingDown = false;
    // Last resort if this process dies without a clean stop: never leave servers behind.
    this.killOnExit = () => {
      for (const { child } of this.running.values()) signalGroup(child, 'SIGKILL');
    };
    process.on('exit', this.killOnExit);
    // For hosts that do not handle signals themselves (a test runner stopped by `timeout` or Ctrl-C):
    // take the children down with us, then die of the same signal as we would have.
    this.signalHandlers = [];
    if (dieWithParentSignals) {
      for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
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

  /** spec: { name, command, args, cwd, env, ready?: ({ aborted }) => Promise<void> } */
  add(spec) {
    this.specs.set(spec.name, spec);
  }

  names() {
    return [...this.specs.keys()];
  }

  isRunning(name) {
    const entry = this.running.get(name);
    return Boolean(entry && !entry.hasExited);
  }

  /** Spawns the named process and resolves once its readiness probe passes. */
  async start(name) {
    const spec = this.specs.get(name);
    if (!spec) throw new Error(`unknown process ${name}`);
    if (this.isRunning(name)) return;
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const entry = { child, stopping: false, hasExited: false, exited: null };
    entry.exited = new Promise((resolve) => {
      const out = lineSplitter((line) => this.log(name, line));
      const err = lineSplitter((line) => this.log(name, line));
      child.stdout.on('data', (c) => out.push(c));
      child.stderr.on('data', (c) => err.push(c));
      child.on('error', (error) => this.log(name, `could not start: ${error.message}`));
      child.on('close', (code, signal) => {
        out.flush();
        err.flush();
        entry.hasExited = true;
        if (!entry.stopping && !this.shuttingDown) this.onUnexpectedExit(name, code, signal);
        resolve();
      });
    });
    this.running.set(name, entry);
    if (spec.ready) await spec.ready({ aborted: () => entry.hasExited });
  }

  /** SIGTERM to the process group, SIGKILL if it is still there after the grace period. */
  async stop(name, graceMs = GRACE_MS) {
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
    this.running.delete(name);
  }

  /** Stops everything, in reverse start order (front ends first, the database last). */
  async stopAll(graceMs = GRACE_MS) {
    this.shuttingDown = true;
    const names = [...this.running.keys()].reverse();
    const front = names.filter((n) => this.specs.get(n)?.tier !== 'data');
    const data = names.filter((n) => this.specs.get(n)?.tier === 'data');
    await Promise.all(front.map((n) => this.stop(n, graceMs)));
    await Promise.all(data.map((n) => this.stop(n, graceMs)));
    process.off('exit', this.killOnExit);
    this.removeSignalHandlers();
  }
}
