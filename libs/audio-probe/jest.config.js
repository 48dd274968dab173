// @ts-check
const preset = require('../../tools/jest-preset.js');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  // The damage sweeps decode a few hundred clips; on a busy 2-core machine that can pass Jest's 5 s default.
  testTimeout: 60_000,
};
