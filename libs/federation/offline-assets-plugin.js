// @ts-check
// A remote's mf-manifest.json lists the chunks of its exposed modules, but not the files its code fetches
// outside any chunk (an AudioWorklet module, an image or a font loaded by URL). The site's service worker
// keeps a remote's files for use without a connection from that manifest, so this plugin adds them there as
// `offlineAssets`: every file the build emits that no chunk holds, less source maps, licence texts and the
// federation's own manifests.

const MANIFEST_FILE = 'mf-manifest.json';
const NOT_FETCHED = /(\.map|\.LICENSE\.txt|^mf-manifest(-stats)?\.json)$/;

class OfflineAssetsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('OfflineAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the federation plugin writes its manifest (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER).
        { name: 'OfflineAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const manifestAsset = compilation.getAsset(MANIFEST_FILE);
          if (!manifestAsset) return;
          const inChunks = new Set();
          for (const chunk of compilation.chunks) for (const file of chunk.files) inChunks.add(file);
          const offlineAssets = compilation
            .getAssets()
            .map((asset) => asset.name)
            .filter((name) => !inChunks.has(name) && !NOT_FETCHED.test(name))
            .sort();
          const manifest = JSON.parse(manifestAsset.source.source().toString());
          manifest.offlineAssets = offlineAssets;
          compilation.updateAsset(MANIFEST_FILE, new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

module.exports = { OfflineAssetsPlugin };
