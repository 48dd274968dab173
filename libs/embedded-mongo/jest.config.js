module.exports = { ...require('../../tools/jest-preset.js') };
