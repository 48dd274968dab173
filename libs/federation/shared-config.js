// @ts-check
// One webpack + Module Federation configuration for the shell and the five remotes, so that the shared
// singletons, the loaders and the resolution rules cannot drift apart between teams.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { OfflineAssetsPlugin } = require('./offline-assets-plugin');

const repoRoot = path.resolve(__dirname, '../..');

/** What webpack-cli passes a configuration function besides the environment. @typedef {{ mode?: string }} WebpackArgv */
/** @typedef {{ singleton: boolean, version?: string, requiredVersion: string | false, strictVersion?: boolean, import?: string | false, shareKey?: string }} SharedSingleton */

/**
 * @param {string} pkg
 * @returns {string}
 */
function installedVersion(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [repoRoot] })).version;
}

// Libraries that hold module-level state or React context: two copies in one page means two Reacts or two
// themes. Entries ending in '/' are prefix shares covering subpaths (react/jsx-runtime, react-dom/client).
// The router and Redux are not on this list: they are held once through @platform/router and
// @platform/store, which re-export only what the platform uses, so webpack can drop the rest of them
// (a shared package is always built whole: about 50 KB of gzip JavaScript less on every first load).
const thirdPartySingletons = ['react', 'react/', 'react-dom', 'react-dom/', 'styled-components'];

// The pages are written against React's API and tested with React, but the browser gets Preact's
// implementation of that API (preact/compat): about 11 KB of gzip JavaScript instead of React's 66, the
// largest single part of every first load on a phone. The end-to-end suite runs on these builds.
const reactApiAliases = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
};
/** The version a React share is offered and required at: Preact's, which serves it. */
const reactApiVersion = () => installedVersion('preact');
const servedByPreact = (/** @type {string} */ pkg) => pkg === 'react' || pkg === 'react-dom';
// Workspace libraries are versioned together with the page, so any version is acceptable. Of @platform/ui
// only its one piece of state, the toast context, is shared: its components are plain code, and a shared
// package is built whole, so sharing the library would put every component on every first load; not
// shared, each build keeps only the components it uses ("sideEffects": false). @platform/remote-kit holds
// no state and is not shared either; nor is @platform/contracts/client (route paths, limits and messages,
// no state), so each build keeps only the parts it uses.
// @platform/i18n holds the page's one i18next instance: remotes add their catalogues to it.
const workspaceSingletons = [
  '@platform/ui/toast-context',
  '@platform/store',
  '@platform/router',
  '@platform/contracts',
  '@platform/i18n',
];

/**
 * The `shared` option of every federated build in the platform.
 * @param {{ hostProvided?: boolean }} [options] hostProvided: the build only ever runs inside the shell, so
 *   it takes every whole-package singleton from the shell and bundles no copy of its own (`import: false`).
 *   Prefix shares keep a fallback: the shell provides only the subpaths it imports itself.
 */
function sharedSingletons({ hostProvided = false } = {}) {
  /** @type {Record<string, SharedSingleton>} */
  const shared = {};
  for (const key of thirdPartySingletons) {
    const pkg = key.replace(/\/$/, '');
    const version = servedByPreact(pkg) ? reactApiVersion() : installedVersion(pkg);
    /** @type {SharedSingleton} */
    const share = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
    // react-dom's API is the very module react's is: one share, or a remote asking for react-dom before
    // the shell has would load a second Preact of its own.
    if (key === 'react-dom') Object.assign(share, { shareKey: 'react', import: 'react' });
    if (hostProvided && !key.endsWith('/')) share.import = false;
    shared[key] = share;
  }
  for (const key of workspaceSingletons) {
    /** @type {SharedSingleton} */
    const share = { singleton: true, requiredVersion: false };
    if (hostProvided) share.import = false;
    shared[key] = share;
  }
  return shared;
}

const swcRule = () => ({
  test: /\.[cm]?[jt]sx?$/,
  // Workspace libraries resolve (through their symlinks) to libs/*/src and must be compiled too.
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      // Not the repository's .swcrc (CommonJS, for the Node builds of the libraries): webpack needs ES
      // modules to drop what is not imported; with CommonJS every module of a library ships whole.
      swcrc: false,
      module: { type: 'es6' },
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        // Always the production JSX runtime (react/jsx-runtime): a remote served by its dev server must
        // also run inside a production shell, whose React has no jsxDEV support.
        transform: { react: { runtime: 'automatic', development: false } },
        target: 'es2020',
      },
    },
  },
});

/**
 * @param {object} options
 * @param {string} options.name       federation container name ('shell', 'mf_marketing', ...)
 * @param {string} options.dirname    project folder
 * @param {number} options.port       dev server port
 * @param {boolean} [options.isHost]  the shell: no exposes, absolute public path, runtime plugins
 * @param {Record<string,string>} [options.exposes]
 * @param {string[]} [options.runtimePlugins]
 * @param {object} [options.devServer] extra dev server options
 * @param {string} [options.title]    HTML title of the standalone page
 * @param {string} [options.headHtml] more tags for the page's <head> (the shell's manifest and icons)
 * @param {WebpackArgv} [argv]
 * @returns {import('webpack').Configuration & { devServer: object }}
 */
function createFederatedConfig(options, argv = {}) {
  const { name, dirname, port, isHost = false, exposes, runtimePlugins = [], title = name } = options;
  const production = (argv.mode || process.env.NODE_ENV) !== 'development';
  // A deployed remote is only ever loaded by the shell, which provides the federation runtime (about
  // 25 KB gzip that each remote would otherwise ship again). Its standalone page is the team's dev server
  // (`npm run serve`), which keeps a runtime of its own; so the production build has no standalone page.
  const remoteUsesHostRuntime = !isHost && production && process.env.MF_STANDALONE_BUILD !== '1';
  return {
    mode: production ? 'production' : 'development',
    context: dirname,
    entry: remoteUsesHostRuntime ? {} : { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dirname, 'dist'),
      // The host serves deep links (/data/downloads) so its chunks need an absolute path; a remote is
      // served from wherever it is deployed and finds its own chunks from its entry's URL.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: name,
      // A predictable name lets the shell drop a redeployed remote's old chunk registry before reloading it.
      chunkLoadingGlobal: `webpackChunk_${name}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // "source" makes workspace libraries resolve to their TypeScript sources; no library build needed.
      conditionNames: ['source', 'browser', 'import', 'require', 'default'],
      alias: reactApiAliases,
    },
    module: {
      rules: [
        swcRule(),
        {
          // The browser's route declarations carry no schemas (TypeBox stays out of the page).
          test: path.join(repoRoot, 'libs/contracts/src/client-routes.ts'),
          enforce: 'post',
          use: { loader: path.join(__dirname, 'route-metadata-loader.js') },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        ...(isHost ? { remotes: {} } : { exposes }),
        // Remotes keep their fallbacks (never loaded inside the shell, which provides every singleton first);
        // `sharedSingletons({ hostProvided: true })` would drop them from production remote builds.
        shared: sharedSingletons(),
        // Remotes are registered at run time from /remotes.json; a share already loaded (the host's)
        // wins, and no remote entry is fetched just to negotiate versions.
        shareStrategy: 'loaded-first',
        runtimePlugins,
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: remoteUsesHostRuntime }),
          // Every build runs in a browser: the runtime leaves out its Node code paths.
          optimization: { target: 'web' },
        },
      }),
      // The service worker keeps a remote's files from its manifest, which must then name all of them.
      ...(isHost ? [] : [new OfflineAssetsPlugin()]),
      ...(remoteUsesHostRuntime
        ? []
        : [
            new HtmlWebpackPlugin({
              title,
              template: path.join(__dirname, 'index.html'),
              chunks: ['main'],
              headHtml: options.headHtml ?? '',
              // Absolute, so that deep links (/data/downloads) of the standalone page find the script.
              publicPath: '/',
            }),
          ]),
    ],
    optimization: { moduleIds: 'deterministic' },
    performance: { hints: false },
    devServer: {
      port,
      host: 'localhost',
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: isHost
        ? {}
        : {
            // Remotes are loaded cross-origin by the shell.
            'Access-Control-Allow-Origin': '*',
            'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
            'Access-Control-Allow-Headers': '*',
          },
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      ...options.devServer,
    },
    infrastructureLogging: { level: 'warn' },
    stats: production ? 'errors-warnings' : 'minimal',
  };
}

/**
 * The configuration of one remote: it exposes ./routes and a standalone page for its team.
 * @param {{ name: string, dirname: string, port: number, title: string }} options
 * @param {WebpackArgv} [argv]
 */
function createRemoteConfig({ name, dirname, port, title }, argv) {
  return createFederatedConfig(
    { name, dirname, port, title, exposes: { './routes': './src/routes.tsx' } },
    argv,
  );
}

module.exports = { createFederatedConfig, createRemoteConfig, sharedSingletons, repoRoot };
