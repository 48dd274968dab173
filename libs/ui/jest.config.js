const preset = require('../../tools/jest-preset.js');
module.exports = {
  ...preset,
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'require', 'default'] },
  // styled-components has no "exports" map, only a "browser" field that Jest ignores; its default (server)
  // build never injects createGlobalStyle rules in the page, so point Jest at the browser build webpack uses.
  moduleNameMapper: {
    '^styled-components$': require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
  },
  setupFiles: ['../../tools/jest-dom-setup.js'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
