/**
 * @jest-environment node
 */
import path from 'node:path';
import { remoteCatalog } from '@platform/contracts';

// Every remote builds with libs/federation/shared-config.js; this checks each remote's use of it.
const repoRoot = path.resolve(__dirname, '../..');
// Loaded by path, as webpack loads the configurations: tools/ is workspace tooling, not a package.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedSingletons } = require(path.join(repoRoot, 'libs/federation/shared-config.js'));

type Plugin = { constructor: { name: string }; _options: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const federationOf = (config: { plugins: Plugin[] }) =>
  config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')!;

describe.each(remoteCatalog.map((remote) => [remote.name, remote] as const))(
  '%s webpack configuration',
  (_name, entry) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const createConfig = require(path.join(repoRoot, `mf-${entry.key}`, 'webpack.config.js'));
    const config = createConfig({}, { mode: 'production' });
    const federation = federationOf(config);

    it('uses the catalogue name and port', () => {
      expect(federation._options.name).toBe(entry.name);
      expect(config.devServer.port).toBe(entry.defaultPort);
    });

    it('exposes ./routes, writes mf-manifest.json and shares the singletons', () => {
      expect(federation._options.exposes).toEqual({ './routes': './src/routes.tsx' });
      expect(federation._options.manifest).toMatchObject({ fileName: 'mf-manifest.json' });
      expect(config.output.publicPath).toBe('auto');
      for (const key of [
        'react',
        'react-dom',
        'react-dom/',
        'styled-components',
        '@platform/router',
        '@platform/ui/toast-context',
        '@platform/store',
        '@platform/contracts',
      ]) {
        expect(federation._options.shared[key]).toMatchObject({ singleton: true });
      }
      expect(config.devServer.headers['Access-Control-Allow-Origin']).toBe('*');
    });

    it('shares exactly the list in @platform/federation, so a change there reaches every remote', () => {
      expect(federation._options.shared).toEqual(sharedSingletons());
    });

    it("uses the shell's federation runtime in production; the dev server keeps its own for standalone use", () => {
      expect(federation._options.experiments).toMatchObject({ externalRuntime: true });
      expect(config.entry).toEqual({});
      const dev = createConfig({}, { mode: 'development' });
      expect(federationOf(dev)._options.experiments).toMatchObject({ externalRuntime: false });
      expect(dev.entry).toEqual({ main: './src/index.ts' });
    });
  },
);
