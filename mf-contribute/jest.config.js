// @ts-check
const preset = require('../tools/jest-browser-preset.js');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  setupFiles: [...preset.setupFiles, '<rootDir>/test/setup.ts'],
  setupFilesAfterEnv: [...(preset.setupFilesAfterEnv ?? []), '<rootDir>/test/setup-after-env.ts'],
};
