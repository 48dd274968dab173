/**
 * @jest-environment node
 */
import path from 'node:path';
import { theme } from '@platform/ui';

// The shell's build: the page links its manifest and icons, and the service worker is a bundle of its own
// (InjectManifest compiles it apart from the page's entry), built in production only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createConfig = require('../webpack.config.js');

type Plugin = {
  constructor: { name: string };
  config?: Record<string, unknown>;
  userOptions?: Record<string, unknown>;
};
const pluginsOf = (config: { plugins: Plugin[] }, name: string) =>
  config.plugins.filter((plugin) => plugin.constructor.name === name);

describe("the shell's webpack configuration", () => {
  const production = createConfig({}, { mode: 'production' });
  const development = createConfig({}, { mode: 'development' });

  it('builds the service worker from src/service-worker into sw.js, in production only', () => {
    const [worker] = pluginsOf(production, 'InjectManifest');
    expect(worker?.config).toMatchObject({
      swSrc: path.join(__dirname, '../src/service-worker/index.ts'),
      swDest: 'sw.js',
    });
    expect(pluginsOf(development, 'InjectManifest')).toEqual([]);
  });

  it("keeps the worker out of the page's entry", () => {
    expect(production.entry).toEqual({ main: './src/index.ts' });
  });

  it('writes manifest.webmanifest and links it, the theme colour and the icons from the page', () => {
    const html = pluginsOf(production, 'HtmlWebpackPlugin');
    const manifest = html.find((plugin) => plugin.userOptions?.filename === 'manifest.webmanifest');
    expect(manifest?.userOptions?.template).toBe(
      path.join(__dirname, '../src/install/manifest.webmanifest.ts'),
    );
    const page = html.find((plugin) => plugin.userOptions?.filename === undefined);
    const head = String(page?.userOptions?.headHtml);
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(head).toContain(`<meta name="theme-color" content="${theme.colors.primary.main}" />`);
    expect(head).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });
});
