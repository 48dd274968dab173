// @ts-check
// One lint configuration for every project in the workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import platform from './tools/eslint/module-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The JavaScript files are the workspace's scripts (supervisors, benchmarks, Jest presets, webpack
    // configurations), and they run in Node.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ignores: ['**/*.worklet.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // No package.json sets "type": "module", so a .js file is CommonJS like a .cjs one, and require is how
    // it imports.
    files: ['**/*.js', '**/*.cjs'],
    ignores: ['**/*.worklet.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // An AudioWorklet processor runs as a module in the worklet's own global scope, without Node or the page.
    files: ['**/*.worklet.js'],
    languageOptions: { sourceType: 'module', globals: globals.audioWorklet },
  },
  {
    // A project uses another only through its package (@platform/<name> and the entries its package.json
    // exports), never by a relative path into its folder: such an import skips the other project's public
    // interface, and Nx, which sees dependencies through package names, would not rebuild or retest on a change.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    // tools/ is the workspace's own tooling (the Jest presets, the platform's supervisor, the bench harness)
    // and not a package: projects reach it by a relative path.
    rules: { 'import-x/no-relative-packages': ['error', { commonjs: true, ignore: ['^(\\.\\./)+tools/'] }] },
  },
  {
    // Through packages, a project still imports only what its type and scope allow (nx.tags in each
    // package.json; tools/eslint/module-boundaries.mjs has the table), tests included, and no cycle.
    plugins: { platform },
    rules: { 'platform/module-boundaries': 'error' },
  },
  {
    // The page holds the router and Redux once, through the shared libraries that re-export them
    // (libs/federation/shared-config.js says why), and i18n once through @platform/i18n. An import of the
    // packages themselves would bundle a private copy into the remote: a second router, store or i18n
    // instance that the shell's never reaches.
    files: ['shell/**', 'mf-*/**', 'libs/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: "Import routing from '@platform/router'." },
            { name: 'react-router-dom', message: "Import routing from '@platform/router'." },
            { name: 'react-redux', message: "Import Redux bindings from '@platform/store'." },
            { name: 'i18next', message: "Import translations from '@platform/i18n'." },
            { name: 'react-i18next', message: "Import translations from '@platform/i18n'." },
            { name: 'i18next-icu', message: "Import translations from '@platform/i18n'." },
            { name: 'intl-messageformat', message: "Import translations from '@platform/i18n'." },
            {
              // The browser builds serve React's API with preact/compat, which lacks these (README, Architecture).
              name: 'react',
              importNames: ['useActionState', 'useFormStatus', 'useOptimistic'],
              message: 'Not in preact/compat, which serves the React API in the browser builds.',
            },
          ],
          patterns: [
            {
              group: ['react-router/*', 'react-router-dom/*'],
              message: "Import routing from '@platform/router'.",
            },
            {
              group: ['@reduxjs/toolkit', '@reduxjs/toolkit/*'],
              message: "Import Redux from '@platform/store'.",
            },
          ],
        },
      ],
    },
  },
  {
    // The shell, the remotes and the libraries of every first load take values (route declarations, limits,
    // messages, the fixed lists, the sign-up rules) from @platform/contracts/client: the full
    // @platform/contracts brings TypeBox and every API schema (about 25 KB gzip). Types cost nothing, and a
    // lazy `import('@platform/contracts')` stays off the first load. Tests and test helpers may use the full
    // library.
    files: [
      'shell/**',
      'mf-auth/src/**',
      'mf-contribute/src/**',
      'mf-datasets/src/**',
      'mf-marketing/src/**',
      'mf-workspace/src/**',
      'libs/store/**',
      'libs/i18n/**',
      'libs/ui/**',
      'libs/router/**',
      'libs/remote-kit/**',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testing.ts', '**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@platform/contracts',
              allowTypeImports: true,
              message:
                "Import values from '@platform/contracts/client' (no schemas); 'import type' from '@platform/contracts' is fine.",
            },
          ],
        },
      ],
    },
  },
);
