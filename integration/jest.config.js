// @ts-check
// Tests that need two real services at once (speech and text, over real HTTP, on one embedded MongoDB):
// a service's own suite never starts another service; these may, as the end-to-end suite does.
const preset = require('../tools/jest-preset.js');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  roots: ['<rootDir>/src'],
  // The gateway's @fastify/cookie loads the ES-module-only `cookie` with a dynamic import(), which Jest's
  // CommonJS runtime cannot run; transpiled like the preset's ES-only packages, it becomes a require.
  transformIgnorePatterns: preset.transformIgnorePatterns.map((pattern) =>
    pattern.replace('|cookie|', '|cookie|@fastify/cookie|'),
  ),
};
