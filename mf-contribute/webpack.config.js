// @ts-check
// Contribute remote. Name and port match the catalogue in libs/contracts/src/remotes.ts (checked by a test).
const { createRemoteConfig } = require('@platform/federation');

/**
 * @param {unknown} _env
 * @param {import('@platform/federation').WebpackArgv} argv
 */
module.exports = (_env, argv) =>
  createRemoteConfig(
    { name: 'mf_contribute', dirname: __dirname, port: 3003, title: 'Contribute (standalone)' },
    argv,
  );
