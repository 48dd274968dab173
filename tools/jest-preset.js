// @ts-check
// Shared Jest settings: swc transpiles TypeScript; the "source" export condition lets tests read
// workspace libraries from src without building them first.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config & { transformIgnorePatterns: string[] }} */
module.exports = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'require', 'default'] },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // These packages ship only as ES modules (cookie 2 and content-disposition 2 come with Fastify's inject,
  // @fastify/cookie and @fastify/static; intl-messageformat and its parser with i18next-icu; hyparquet-writer
  // and hyparquet with speech's release builder; uuid with the Parquet reader its tests use); swc turns them
  // into CommonJS like our own sources.
  transformIgnorePatterns: [
    // Nested copies count too (node_modules/@fastify/static/node_modules/content-disposition).
    '^(?!.*/node_modules/(opus-decoder|@wasm-audio-decoders|simple-yenc|cookie|content-disposition|intl-messageformat|@formatjs|hyparquet|hyparquet-writer|uuid)/).*/node_modules/',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
  // Tests assert behaviour, not speed: on a busy 2-core machine a user-event form test or a crash-recovery
  // test can take longer than Jest's 5 s default without anything being wrong.
  testTimeout: 30_000,
};
