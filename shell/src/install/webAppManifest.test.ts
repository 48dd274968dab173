/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { landingPage, listenPage, pageUrl, speakPage, writePage } from '@platform/contracts/client';
import { BRAND_NAME } from '@platform/remote-kit';
import { theme } from '@platform/ui';
import { APP_ICONS, webAppManifest } from './webAppManifest';
import render from './manifest.webmanifest';

const manifest = webAppManifest(BRAND_NAME);
const iconsDir = path.join(__dirname, 'icons');

/** A PNG's width and height, from its IHDR chunk (bytes 16 to 24), and whether it is a PNG at all. */
function pngSize(file: string) {
  const bytes = fs.readFileSync(file);
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { isPng, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const fileOf = (src: string) => path.join(iconsDir, path.basename(src));

describe('the web app manifest', () => {
  // What Chromium checks before it offers to install a site (besides HTTPS or localhost, and a worker).
  it('meets the installability criteria: a name, 192 and 512 px PNG icons, a start URL in scope, standalone', () => {
    expect(manifest.name).toBe(BRAND_NAME);
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const pngSizes = manifest.icons
      .filter((icon) => icon.type === 'image/png' && icon.purpose.split(' ').includes('any'))
      .map((icon) => icon.sizes);
    expect(pngSizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(['standalone', 'fullscreen']).toContain(manifest.display);
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest).not.toHaveProperty('prefer_related_applications');
  });

  it('opens on Speak, covers the whole site, and offers Speak, Listen and Write as shortcuts', () => {
    expect(manifest.start_url).toBe(pageUrl(speakPage));
    expect(manifest.scope).toBe(pageUrl(landingPage));
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Speak', pageUrl(speakPage)],
      ['Listen', pageUrl(listenPage)],
      ['Write', pageUrl(writePage)],
    ]);
  });

  it("takes its colours from the design tokens, and has a maskable icon for Android's launchers", () => {
    expect(manifest.theme_color).toBe(theme.colors.primary.main);
    expect(manifest.background_color).toBe(theme.colors.background);
    expect(manifest.icons).toContainEqual(expect.objectContaining({ purpose: 'maskable', sizes: '512x512' }));
  });

  it('names icons that exist, each a PNG of the size it declares', () => {
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect({ src: icon.src, ...pngSize(fileOf(icon.src)) }).toEqual({
        src: icon.src,
        isPng: true,
        width,
        height,
      });
    }
    expect(pngSize(fileOf(APP_ICONS.appleTouch))).toEqual({ isPng: true, width: 180, height: 180 });
  });

  it('draws the icons in the brand colour', () => {
    const drawing = fs.readFileSync(path.join(__dirname, 'icon.svg'), 'utf8');
    expect(drawing).toContain(
      `id="background" width="512" height="512" rx="112" fill="${theme.colors.primary.main}"`,
    );
  });

  it('is written by the build as JSON', () => {
    const text = render({ htmlWebpackPlugin: { options: { brandName: BRAND_NAME } } });
    expect(JSON.parse(text)).toEqual(manifest);
  });
});
