// @ts-check
/** @type {import('jest').Config} */
module.exports = { ...require('../../tools/jest-preset.js') };
