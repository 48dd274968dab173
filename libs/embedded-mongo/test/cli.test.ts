// The CLI as an operator meets it: --help, and clear errors (not stack traces) when it cannot start.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, freePort, runCli } from './support/cli';

jest.setTimeout(120_000);

let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  dir = await mkdtemp(path.join(tmpdir(), 'emb-mongo-cli-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const stackTrace = /^\s+at .+\(.+:\d+:\d+\)$/m;

test('--help prints usage naming --port and --dbpath and exits 0', async () => {
  const { code, stdout } = await runCli(['--help']);
  expect(code).toBe(0);
  expect(stdout).toMatch(/--port/);
  expect(stdout).toMatch(/--dbpath/);
});

test('a port already in use gives a clear error naming the port, no stack trace, non-zero exit', async () => {
  const port = await freePort();
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
  try {
    const { code, stdout, stderr } = await runCli(['--port', String(port), '--dbpath', path.join(dir, 'a')]);
    expect(code).not.toBe(0);
    expect(stdout + stderr).toContain(String(port));
    expect(stdout + stderr).not.toMatch(stackTrace);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test('a data folder that cannot be written gives a clear error, no stack trace, non-zero exit', async () => {
  const file = path.join(dir, 'not-a-folder');
  await writeFile(file, 'x');
  const { code, stdout, stderr } = await runCli([
    '--port',
    String(await freePort()),
    '--dbpath',
    path.join(file, 'db'),
  ]);
  expect(code).not.toBe(0);
  expect(stdout + stderr).toContain(file);
  expect(stdout + stderr).not.toMatch(stackTrace);
});
