// One lint configuration for every project in the workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/.data/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
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
    // The page holds the router and Redux once, through the shared libraries that re-export them
    // (tools/federation/shared-config.js says why), and i18n once through @platform/i18n. An import of the
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
);
