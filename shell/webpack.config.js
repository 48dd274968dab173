// @ts-check
// The host. It has no static remotes: they are registered at run time from /remotes.json.
const fs = require('node:fs');
const path = require('node:path');
const { createFederatedConfig } = require('@platform/federation');

// The brand name lives in one place (libs/remote-kit/src/brand.ts); the HTML title before React starts reads it.
const brandSource = fs.readFileSync(path.join(__dirname, '../libs/remote-kit/src/brand.ts'), 'utf8');
const brandName = /BRAND_NAME = '([^']+)'/.exec(brandSource)?.[1] ?? 'Loading';

/**
 * @param {unknown} _env
 * @param {import('@platform/federation').WebpackArgv} argv
 */
module.exports = (_env, argv) =>
  createFederatedConfig(
    {
      name: 'shell',
      dirname: __dirname,
      isHost: true,
      port: Number(process.env.SHELL_DEV_PORT || 3000),
      title: brandName,
      runtimePlugins: [path.join(__dirname, 'src/federation/unavailableFallbackPlugin.ts')],
      devServer: process.env.GATEWAY_URL
        ? {
            // In development the gateway answers the API and /remotes.json; the dev server serves the shell.
            proxy: [
              { context: ['/remotes.json', '/api', '/auth', '/audio'], target: process.env.GATEWAY_URL },
            ],
          }
        : {},
    },
    argv,
  );
