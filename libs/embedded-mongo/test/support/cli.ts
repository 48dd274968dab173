// Runs the built CLI as a child process, the way operators start the server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const packageDir = path.resolve(__dirname, '..', '..');
export const cliPath = path.join(packageDir, 'bin', 'embedded-mongo.js');

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/ with `npm run build` when it is missing or older than src/ (the CLI runs from dist). */
export async function ensureBuilt(): Promise<void> {
  const lock = path.join(tmpdir(), 'embedded-mongo-build.lock');
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // another test file is building; a lock older than 5 minutes is stale
      if (tries > 600 || Date.now() - statSync(lock).mtimeMs > 300_000)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    const dist = path.join(packageDir, 'dist');
    if (
      !existsSync(path.join(dist, 'index.js')) ||
      newestMtime(path.join(packageDir, 'src')) > newestMtime(dist)
    ) {
      execFileSync('npm', ['run', 'build'], { cwd: packageDir, stdio: 'pipe' });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface CliServer {
  child: ChildProcess;
  uri: string;
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
}

/** Starts the CLI and waits for its "listening" line. */
export async function startCli(args: string[], timeoutMs = 30_000): Promise<CliServer> {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const uri = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`CLI did not report listening within ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const onData = (data: Buffer) => {
      out += data.toString();
      const match = /embedded-mongo listening on (mongodb:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, uri, output: () => out, exited };
}

/** Runs the CLI to completion (for --help and start-up failures). */
export async function runCli(
  args: string[],
  timeoutMs = 30_000,
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | string>((resolve) =>
    child.once('exit', (c, sig) => resolve(c ?? sig ?? -1)),
  );
  clearTimeout(timer);
  return { code, stdout, stderr };
}
