// @ts-check
// The host. It has no static remotes: they are registered at run time from /remotes.json.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createFederatedConfig } = require('@platform/federation');
const { BootPreloadPlugin } = require('./boot-preload-plugin');

// The brand name lives in one place (libs/remote-kit/src/brand.ts); the HTML title before React starts reads it.
const brandSource = fs.readFileSync(path.join(__dirname, '../libs/remote-kit/src/brand.ts'), 'utf8');
const brandName = /BRAND_NAME = '([^']+)'/.exec(brandSource)?.[1] ?? 'Loading';
// The theme colour of the browser's bar before the page's styles arrive: the brand green of the design tokens.
const themeSource = fs.readFileSync(path.join(__dirname, '../libs/ui/src/theme/theme.ts'), 'utf8');
const themeColor =
  /const primary: ColorRole = \{\s*main: '(#[0-9a-f]{6})'/i.exec(themeSource)?.[1] ?? '#007a48';

const installDir = path.join(__dirname, 'src/install');
const iconsDir = path.join(installDir, 'icons');
const ICONS_FOLDER = 'icons';

// What makes the site installable, linked from the page's <head>.
const headHtml = [
  '<link rel="manifest" href="/manifest.webmanifest" />',
  `<meta name="theme-color" content="${themeColor}" />`,
  `<link rel="icon" type="image/png" sizes="192x192" href="/${ICONS_FOLDER}/icon-192.png" />`,
  `<link rel="apple-touch-icon" href="/${ICONS_FOLDER}/apple-touch-icon.png" />`,
].join('\n    ');

/** Copies the committed icons (rendered once from src/install/icon.svg by scripts/make-icons.mjs). */
class AppIconsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('AppIconsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AppIconsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of fs.readdirSync(iconsDir).filter((name) => name.endsWith('.png'))) {
            compilation.fileDependencies.add(path.join(iconsDir, file));
            const bytes = fs.readFileSync(path.join(iconsDir, file));
            compilation.emitAsset(`${ICONS_FOLDER}/${file}`, new sources.RawSource(bytes));
          }
        },
      );
    });
  }
}

/**
 * @param {unknown} _env
 * @param {import('@platform/federation').WebpackArgv} argv
 */
module.exports = (_env, argv) => {
  const config = createFederatedConfig(
    {
      name: 'shell',
      dirname: __dirname,
      isHost: true,
      port: Number(process.env.SHELL_DEV_PORT || 3000),
      title: brandName,
      headHtml,
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
  const production = config.mode === 'production';
  config.plugins = [
    ...(config.plugins ?? []),
    new AppIconsPlugin(),
    // The chunks named in preload-hints.json are read by the gateway (services/gateway/src/edge/page-preloads.ts).
    new BootPreloadPlugin({
      chunkName: 'bootstrap',
      hinted: {
        file: 'preload-hints.json',
        chunkNames: /^(signed-in-layouts|plural-messages|shell-catalogue-)/,
      },
    }),
    // manifest.webmanifest, made at build time from src/install/webAppManifest.ts (page declarations, theme).
    new HtmlWebpackPlugin({
      filename: 'manifest.webmanifest',
      template: path.join(installDir, 'manifest.webmanifest.ts'),
      inject: false,
      chunks: [],
      minify: false,
      brandName,
    }),
    // The service worker (src/service-worker), its own bundle: never part of a page's first load. Only
    // production builds have one; a development page unregisters any left from an earlier production run.
    ...(production
      ? [
          new InjectManifest({
            swSrc: path.join(__dirname, 'src/service-worker/index.ts'),
            swDest: 'sw.js',
            // Precache the shell's own files; source maps and licence texts are never fetched by a page.
            exclude: [
              /\.map$/,
              /\.LICENSE\.txt$/,
              /^manifest\.webmanifest$/,
              /^sw\.js$/,
              /^preload-hints\.json$/,
            ],
            // Content-hashed names need no revision of their own.
            dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\.[a-z0-9]+$/,
          }),
        ]
      : []),
  ];
  return config;
};
