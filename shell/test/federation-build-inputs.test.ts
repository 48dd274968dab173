/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { remoteCatalog } from '@platform/contracts';

// The shared-module list is a package (@platform/federation) that the shell and every remote depend on, so Nx
// hashes it into each federated build: without that, a remote's cached build would keep the old list and the
// page would end up with two copies of a singleton. Asked of Nx itself (the inputs it hashes).
const repoRoot = path.resolve(__dirname, '../..');
const federationFiles = [
  'libs/federation/shared-config.js',
  'libs/federation/index.html',
  'libs/federation/offline-assets-plugin.js',
];
const federatedProjects = ['@platform/shell', ...remoteCatalog.map((remote) => `@platform/mf-${remote.key}`)];

/**
 * The files Nx hashes for each project's build: what `nx show target inputs <project>:build` prints, from
 * the function behind that command, in one child process so the project graph is computed once.
 */
async function buildInputFiles(projects: string[]): Promise<Record<string, string[]>> {
  const script = `
    const { getTaskRawInputs } = require('nx/src/hasher/check-task-files');
    (async () => {
      const files = {};
      for (const project of ${JSON.stringify(projects)}) files[project] = (await getTaskRawInputs(project + ':build')).files;
      process.stdout.write(JSON.stringify(files));
    })();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
    cwd: repoRoot,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, string[]>;
}

jest.setTimeout(120_000);

describe('federation configuration as a build input', () => {
  let inputs: Record<string, string[]> = {};
  beforeAll(async () => {
    inputs = await buildInputFiles([...federatedProjects, '@platform/ui']);
  });

  it.each(federatedProjects)('%s rebuilds when @platform/federation changes', (project) => {
    for (const file of federationFiles) expect(inputs[project]).toContain(file);
  });

  it('is not an input of a library build, which does not read it', () => {
    expect(inputs['@platform/ui']).toEqual(expect.arrayContaining(['libs/ui/src/index.ts']));
    expect(inputs['@platform/ui']).not.toContain(federationFiles[0]);
  });
});
