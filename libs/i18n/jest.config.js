module.exports = { ...require('../../tools/jest-browser-preset.js') };
