const preset = require('../tools/jest-preset.js');
module.exports = {
  ...preset,
  // jsdom plus Node's fetch classes (see the file for why).
  testEnvironment: '<rootDir>/test/jsdom-with-fetch.js',
  testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'require', 'default'] },
  setupFiles: ['../tools/jest-dom-setup.js'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
