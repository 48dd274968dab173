const preset = require('../tools/jest-browser-preset.js');

module.exports = { ...preset, setupFiles: [...preset.setupFiles, '<rootDir>/test/setup.ts'] };
