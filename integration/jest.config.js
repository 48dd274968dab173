// @ts-check
// Tests that need two real services at once (speech and text, over real HTTP, on one embedded MongoDB):
// a service's own suite never starts another service; these may, as the end-to-end suite does.
/** @type {import('jest').Config} */
module.exports = { ...require('../tools/jest-preset.js'), roots: ['<rootDir>/src'] };
