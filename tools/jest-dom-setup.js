// @ts-check
// jsdom lacks TextEncoder, which react-router 7 needs.
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });

// findBy* and waitFor give up after 1 s by default. On a loaded 2-core machine the first render of a file
// (cold modules, a lazily loaded remote, StrictMode's second pass) can take longer with nothing wrong; a
// screen that never shows what is awaited still fails, only later.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
