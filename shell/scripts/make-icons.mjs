#!/usr/bin/env node
// Renders the app's icons (src/install/icons/*.png) from the one drawing, src/install/icon.svg, with sharp
// (librsvg inside libvips). The PNGs are committed: a build needs no image tool. Run it after changing the
// drawing: `node shell/scripts/make-icons.mjs`.
//
// - icon-192.png, icon-512.png: the drawing as it is (rounded corners), for launchers that show it whole;
// - icon-maskable-512.png: the background to every edge and the glyph within the central 60%, so a
//   launcher's mask (circle, squircle) never cuts into it;
// - apple-touch-icon.png (180 px): opaque to the edges, as iOS draws its own rounded corners.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const installDir = path.join(here, '../src/install');
const drawing = fs.readFileSync(path.join(installDir, 'icon.svg'), 'utf8');

/** The drawing with square edges and its glyph scaled around the centre. */
function fullBleed(glyphScale) {
  const offset = (512 * (1 - glyphScale)) / 2;
  return drawing
    .replace(/ rx="112"/, '')
    .replace(
      '<g id="glyph"',
      `<g id="glyph" transform="translate(${offset} ${offset}) scale(${glyphScale})"`,
    );
}

const outputs = [
  { file: 'icon-192.png', svg: drawing, size: 192 },
  { file: 'icon-512.png', svg: drawing, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed(0.6), size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed(0.8), size: 180 },
];

for (const { file, svg, size } of outputs) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  fs.writeFileSync(path.join(installDir, 'icons', file), png);
  console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
}
