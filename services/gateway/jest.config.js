// @ts-check
const preset = require('../../tools/jest-preset.js');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  // @fastify/cookie loads the ES-module-only `cookie` with a dynamic import(), which Jest's CommonJS runtime
  // cannot run; transpiled like the preset's ES-only packages, it becomes a require of the transpiled copy.
  transformIgnorePatterns: preset.transformIgnorePatterns.map((pattern) =>
    pattern.replace('|cookie|', '|cookie|@fastify/cookie|'),
  ),
};
