/**
 * @jest-environment node
 */
import { remoteCatalog } from '@platform/contracts';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const createConfig = require('../webpack.config.js');

describe('mf_contribute webpack configuration', () => {
  const config = createConfig({}, { mode: 'production' });
  const federation = config.plugins.find(
    (plugin: { constructor: { name: string } }) => plugin.constructor.name === 'ModuleFederationPlugin',
  );
  const entry = remoteCatalog.find((remote) => remote.name === 'mf_contribute');

  it('uses the catalogue name and port', () => {
    expect(federation._options.name).toBe(entry?.name);
    expect(config.devServer.port).toBe(entry?.defaultPort);
  });

  it('exposes ./routes, writes mf-manifest.json and shares the singletons', () => {
    expect(federation._options.exposes).toEqual({ './routes': './src/routes.tsx' });
    expect(federation._options.manifest).toMatchObject({ fileName: 'mf-manifest.json' });
    expect(config.output.publicPath).toBe('auto');
    for (const key of [
      'react',
      'react-dom',
      'react-dom/',
      'react-router-dom',
      'react-redux',
      '@reduxjs/toolkit',
      'styled-components',
      '@platform/ui',
      '@platform/store',
      '@platform/contracts',
    ]) {
      expect(federation._options.shared[key]).toMatchObject({ singleton: true });
    }
    expect(config.devServer.headers['Access-Control-Allow-Origin']).toBe('*');
  });

  it("uses the shell's federation runtime in production; the dev server keeps its own for standalone use", () => {
    expect(federation._options.experiments).toMatchObject({ externalRuntime: true });
    expect(config.entry).toEqual({});
    const dev = createConfig({}, { mode: 'development' });
    const devFederation = dev.plugins.find(
      (plugin: { constructor: { name: string } }) => plugin.constructor.name === 'ModuleFederationPlugin',
    );
    expect(devFederation._options.experiments).toMatchObject({ externalRuntime: false });
    expect(dev.entry).toEqual({ main: './src/index.ts' });
  });
});
