// @ts-check
const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * Adds `<link rel="preload" as="script">` to the page for every script the shell needs before it can draw:
 * the chunks behind its async boundary (the federation's share scope is set up first) and the shared
 * libraries they take from it. Without this they are asked for only once main.js has run: one more round
 * trip, most of a second on a slow mobile link.
 */
class BootPreloadPlugin {
  /**
   * @param {{ chunkName: string, page?: string, hinted?: { file: string, chunkNames: RegExp } }} options
   * `hinted`: also writes `file`, the scripts of every named chunk matching `chunkNames` (by name), for the
   * gateway to hint with the pages that will fetch them (the signed-in layouts, the page's language).
   */
  constructor({ chunkName, page = 'index.html', hinted }) {
    this.chunkName = chunkName;
    this.page = page;
    this.hinted = hinted;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        if (data.outputName !== this.page) return data;
        const links = bootScripts(compilation, this.chunkName).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `${data.publicPath}${file}`,
          }),
        );
        data.headTags.push(...links);
        return data;
      });
      const { hinted } = this;
      if (!hinted) return;
      compilation.hooks.processAssets.tap(
        { name: 'BootPreloadPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          /** @type {Record<string, string[]>} */
          const scripts = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!hinted.chunkNames.test(name)) continue;
            scripts[name] = group.chunks.flatMap((chunk) =>
              [...chunk.files].filter((f) => f.endsWith('.js')),
            );
          }
          compilation.emitAsset(hinted.file, new compiler.webpack.sources.RawSource(JSON.stringify(scripts)));
        },
      );
    });
  }
}

/**
 * The script files of the chunk group `name` and of the shared modules its chunks consume, in the chunks the
 * shell's own share scope loads them from (a consumed module's fallback may sit in a differently numbered
 * copy of the same chunk, which the page never asks for).
 * @param {import('webpack').Compilation} compilation
 * @param {string} name
 * @returns {string[]}
 */
function bootScripts(compilation, name) {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) throw new Error(`BootPreloadPlugin: no chunk group named "${name}" (webpackChunkName)`);
  const { chunkGraph } = compilation;
  /** @param {import('webpack').Module} module */
  const chunksBehind = (module) =>
    module.blocks.flatMap((block) => chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
  /** The chunks that the share scope loads each shared module from, by share name. */
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    provided.set(
      /** @type {{ _name: string }} */ (/** @type {unknown} */ (module))._name,
      chunksBehind(module),
    );
  }
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {import('webpack').Chunk} chunk */
  const addScripts = (chunk) => {
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  };
  for (const chunk of group.chunks) {
    addScripts(chunk);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const { shareKey } = /** @type {{ options: { shareKey: string } }} */ (/** @type {unknown} */ (module))
        .options;
      (provided.get(shareKey) ?? chunksBehind(module)).forEach(addScripts);
    }
  }
  return [...files].sort();
}

module.exports = { BootPreloadPlugin };
