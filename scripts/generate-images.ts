/**
 * Writes the seed catalogue's product art and colour swatches under public/ (committed; rerun after
 * changing colours, palettes or drawings):
 *   public/images/catalogue/{kind}/{colour}-{view}.svg  for each art kind × its type's palette colours × view
 *   public/swatches/{colour}.svg                         for each colour
 * Output is deterministic; files no longer produced are removed from those folders.
 *
 *   npx tsx scripts/generate-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { colourByCode, COLOURS, swatchFileName } from '../server/db/seed/colours';
import { artImages, productImageSvg, productImageUrl, swatchSvg } from '../server/db/seed/product-art';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const imagesDir = path.join(publicDir, 'images', 'catalogue');
const swatchesDir = path.join(publicDir, 'swatches');

function writeAll(): { files: number; bytes: number } {
  const files = new Map<string, string>();
  for (const { kind, code, view } of artImages()) {
    files.set(
      path.join(publicDir, productImageUrl(kind, code, view)),
      productImageSvg(kind, colourByCode(code), view),
    );
  }
  for (const colour of COLOURS)
    files.set(path.join(swatchesDir, swatchFileName(colour.code)), swatchSvg(colour));

  // Start from empty output folders so that art for a dropped colour or type does not linger.
  fs.rmSync(imagesDir, { recursive: true, force: true });
  fs.rmSync(swatchesDir, { recursive: true, force: true });
  let bytes = 0;
  for (const [file, svg] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, svg);
    bytes += Buffer.byteLength(svg);
  }
  return { files: files.size, bytes };
}

const { files, bytes } = writeAll();
process.stdout.write(
  `Wrote ${files} SVG files (${(bytes / 1024).toFixed(0)} KiB) under ${path.relative(process.cwd(), publicDir) || '.'}\n`,
);
