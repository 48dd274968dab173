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

// Through packages, the projects' nx.tags decide (tools/eslint/module-boundaries.mjs).
const tagCases: Record<string, [file: string, code: string]> = {
  'a service into another service, from a test': [
    'services/speech/test/probe.test.ts',
    "import { buildApp } from '@platform/text-service';\nvoid buildApp;",
  ],
  'a service into a frontend library': [
    'services/text/src/probe.ts',
    "import { Button } from '@platform/ui';\nvoid Button;",
  ],
  'a remote into a backend library': [
    'mf-datasets/src/probe.ts',
    "import { serviceMain } from '@platform/service-kit';\nvoid serviceMain;",
  ],
  'a remote into another remote': [
    'mf-datasets/src/probe.ts',
    "import routes from '@platform/mf-auth';\nvoid routes;",
  ],
  'a library into an app': [
    'libs/store/src/probe.ts',
    "import { buildApp } from '@platform/gateway';\nvoid buildApp;",
  ],
  'a library into one that depends on it': [
    'libs/ui/src/probe.test.tsx',
    "import { renderWithPlatform } from '@platform/remote-kit/testing';\nvoid renderWithPlatform;",
  ],
};

/**
 * The boundary rules' messages for each case, from ESLint run with the workspace configuration in a child
 * process (the configuration is an ES module, which Jest's module system does not load).
 */
async function boundaryMessages(): Promise<Record<string, string[]>> {
  const script = `
    const { ESLint } = require('eslint');
    const path = require('node:path');
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const cases = ${JSON.stringify({ ...cases, ...tagCases })};
      const out = {};
      for (const [name, [file, code]] of Object.entries(cases)) {
        const [result] = await eslint.lintText(code + '\\n', { filePath: path.join(process.cwd(), file) });
        out[name] = result.messages.filter((m) => m.fatal || ['import-x/no-relative-packages', 'platform/module-boundaries'].includes(m.ruleId)).map((m) => m.message);
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

  it.each(Object.keys(tagCases))('refuses %s by the projects\' tags', (name) => {
    expect(messages[name]).toEqual([expect.stringMatching(/ may not depend on @platform\/|makes a cycle/)]);
  });

  it('names the cycle a library would make', () => {
    expect(messages['a library into one that depends on it']).toEqual([
      '@platform/remote-kit depends on @platform/ui: importing it back makes a cycle',
    ]);
  });

  it('accepts relative imports inside a project and package imports between projects', () => {
    expect(messages['nothing inside a project or through packages']).toEqual([]);
  });
});
