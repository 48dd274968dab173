// @ts-check
// Shared Jest settings for browser code (libs/ui, libs/store, the shell and the remotes): jsdom with Node's
// fetch classes, the "browser" export condition, and styled-components' browser build.
const preset = require('./jest-preset.js');

/** @type {import('jest').Config & { setupFiles: string[] }} */
module.exports = {
  ...preset,
  testEnvironment: require.resolve('./jest-jsdom-env.js'),
  testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'require', 'default'] },
  // styled-components has no "exports" map, only a "browser" field that Jest ignores; its default (server)
  // build never injects createGlobalStyle rules in the page, so point Jest at the browser build webpack uses.
  moduleNameMapper: {
    '^styled-components$': require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
  },
  setupFiles: [require.resolve('./jest-dom-setup.js')],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
