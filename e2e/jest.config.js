// @ts-check
// End-to-end suite: one platform for every test file (started by the global setup), driven over HTTP and
// through headless Chromium. Files run one after another: they share that platform and stop parts of it.
/** @type {import('jest').Config} */
module.exports = {
  ...require('../tools/jest-preset.js'),
  roots: ['<rootDir>/src'],
  globalSetup: '<rootDir>/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/setup/global-teardown.mjs',
  testSequencer: '<rootDir>/setup/test-sequencer.js',
  testTimeout: 60_000,
  maxWorkers: 1,
};
