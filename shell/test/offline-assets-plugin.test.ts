/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

// A remote's mf-manifest.json names the chunks of its exposed modules; @platform/federation's plugin adds the
// files the build emits outside any chunk (an audio worklet here), which the service worker must keep too.
const repoRoot = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { OfflineAssetsPlugin } = require(path.join(repoRoot, 'libs/federation/offline-assets-plugin.js'));

/** Stands in for the federation plugin: writes a manifest at the stage it does. */
class ManifestWriter {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('ManifestWriter', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ManifestWriter', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          compilation.emitAsset('mf-manifest.json', new webpack.sources.RawSource('{"exposes":[]}'));
        },
      );
    });
  }
}

jest.setTimeout(60_000);

it('lists in mf-manifest.json the files the build emits outside its chunks, and nothing else', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-assets-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'index.js'),
      "globalThis.worklet = new URL('./capture.worklet.js', import.meta.url);\n" +
        "globalThis.later = () => import('./later.js');\n",
    );
    fs.writeFileSync(path.join(dir, 'capture.worklet.js'), 'registerProcessor("x", class {});\n');
    fs.writeFileSync(path.join(dir, 'later.js'), 'export default 1;\n');
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './index.js',
          devtool: 'source-map',
          output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:8].js' },
          plugins: [new ManifestWriter(), new OfflineAssetsPlugin()],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);
    const emitted = fs.readdirSync(path.join(dir, 'dist'));
    const worklet = emitted.filter((file) => /^[0-9a-f]{20}\.js$/.test(file));
    expect(worklet).toHaveLength(1);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
    expect(manifest).toEqual({ exposes: [], offlineAssets: worklet });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
