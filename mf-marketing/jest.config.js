const preset = require('../tools/jest-preset.js');
module.exports = {
  ...preset,
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'require', 'default'] },
  setupFiles: ['../tools/jest-dom-setup.js'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
