#!/usr/bin/env node
'use strict';
// The server runs from the swc build (dist/); say so plainly when it has not been built yet.
let cli;
try {
  cli = require('../dist/cli.js');
} catch (err) {
  if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes('dist/cli.js')) {
    console.error('embedded-mongo: not built yet; run `npm run build` in libs/embedded-mongo');
    process.exit(1);
  }
  throw err;
}
cli.main();
