/**
 * @jest-environment node
 */
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// The workspace lint (eslint.config.mjs) refuses an import that reaches into another project's folder by a
// relative path; projects use each other through their packages.
const repoRoot = path.resolve(__dirname, '../..');

const cases: Record<string, [file: string, code: string]> = {
  'a remote into a library': [
    'mf-auth/src/probe.ts',
    "import { api } from '../../libs/store/src/api';\nvoid api;",
  ],
  'a service into another': [
    'services/speech/test/probe.test.ts',
    "import { buildApp } from '../../text/src/app';\nvoid buildApp;",
  ],
  'a library into another': [
    'libs/ui/src/probe.ts',
    "import { BRAND_NAME } from '../../remote-kit/src/brand';\nvoid BRAND_NAME;",
  ],
  'a require() as well': [
    'shell/src/probe.ts',
    "const kit = require('../../libs/remote-kit/src/index');\nvoid kit;",
  ],
  'nothing inside a project or through packages': [
    'shell/src/probe.tsx',
    "import { api } from '@platform/store';\nimport { AppRoutes } from './routing/AppRoutes';\nvoid api;\nvoid AppRoutes;",
  ],
};

/**
 * The boundary rule's messages for each case, from ESLint run with the workspace configuration in a child
 * process (the configuration is an ES module, which Jest's module system does not load).
 */
async function boundaryMessages(): Promise<Record<string, string[]>> {
  const script = `
    const { ESLint } = require('eslint');
    const path = require('node:path');
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const cases = ${JSON.stringify(cases)};
      const out = {};
      for (const [name, [file, code]] of Object.entries(cases)) {
        const [result] = await eslint.lintText(code + '\\n', { filePath: path.join(process.cwd(), file) });
        out[name] = result.messages.filter((m) => m.fatal || m.ruleId === 'import-x/no-relative-packages').map((m) => m.message);
      }
      process.stdout.write(JSON.stringify(out));
    })();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, string[]>;
}

jest.setTimeout(60_000);

describe('project boundaries in lint', () => {
  let messages: Record<string, string[]> = {};
  beforeAll(async () => {
    messages = await boundaryMessages();
  });

  it.each(Object.keys(cases).filter((name) => name.startsWith('a ')))('refuses %s', (name) => {
    expect(messages[name]).toEqual([
      expect.stringMatching(/^Relative import from another package is not allowed/),
    ]);
  });

  it('accepts relative imports inside a project and package imports between projects', () => {
    expect(messages['nothing inside a project or through packages']).toEqual([]);
  });
});
