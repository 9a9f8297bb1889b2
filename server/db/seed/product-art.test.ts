import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { COLOURS, colourByCode, swatchFileName } from './colours';
import { IMAGE_VIEWS, productImageSvg, productImageUrl, swatchSvg } from './product-art';
import { PRODUCT_TYPES, PRODUCT_TYPE_SPECS } from './product-types';

const svgShape =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="[\d ]+"><title>[^<]+<\/title>.*<\/svg>\n$/s;

describe('product art', () => {
  test('every type × palette colour × view is a small SVG with size, viewBox and title', () => {
    for (const type of PRODUCT_TYPES) {
      for (const code of PRODUCT_TYPE_SPECS[type].palette) {
        for (const view of IMAGE_VIEWS) {
          const svg = productImageSvg(type, colourByCode(code), view);
          expect(svg).toMatch(svgShape);
          expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
        }
      }
    }
  });

  test('camouflage fills with a pattern, solids with their colour; the title names the colour', () => {
    const camo = productImageSvg('jacket', colourByCode('SUB'), 'front');
    expect(camo).toContain('<pattern id="p"');
    expect(camo).toContain('fill="url(#p)"');
    expect(camo).toContain('<title>Jacket in Optifade Subalpine, front view</title>');
    expect(productImageSvg('jacket', colourByCode('LD'), 'front')).toContain('fill="#5a5d5c"');
  });

  test('is deterministic', () => {
    expect(productImageSvg('pack', colourByCode('WM'), 'lifestyle-2')).toBe(
      productImageSvg('pack', colourByCode('WM'), 'lifestyle-2'),
    );
  });

  test('swatches exist for every colour', () => {
    for (const colour of COLOURS) expect(swatchSvg(colour)).toMatch(svgShape);
  });

  test('image URLs are under /images/catalogue/{type}/', () => {
    expect(productImageUrl('wader', 'WM', 'lifestyle-1')).toBe('/images/catalogue/wader/wm-lifestyle-1.svg');
  });

  test('the committed files under public/ are what scripts/generate-images.ts writes today', () => {
    const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');
    const stale: string[] = [];
    for (const type of PRODUCT_TYPES) {
      for (const code of PRODUCT_TYPE_SPECS[type].palette) {
        for (const view of IMAGE_VIEWS) {
          const file = path.join(publicDir, productImageUrl(type, code, view));
          if (
            !fs.existsSync(file) ||
            fs.readFileSync(file, 'utf8') !== productImageSvg(type, colourByCode(code), view)
          )
            stale.push(file);
        }
      }
    }
    for (const colour of COLOURS) {
      const file = path.join(publicDir, 'swatches', swatchFileName(colour.code));
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== swatchSvg(colour)) stale.push(file);
    }
    expect(stale, 'run: npx tsx scripts/generate-images.ts').toEqual([]);
  });
});
