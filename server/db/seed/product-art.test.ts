import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { COLOURS, colourByCode, swatchFileName } from './colours';
import {
  ART_KINDS,
  artImages,
  artKindFor,
  DRAWINGS,
  lifestyleScenes,
  productImageSvg,
  productImageUrl,
  swatchSvg,
} from './product-art';
import { mirror, symmetric } from './product-drawings';
import { PRODUCT_TYPES, PRODUCT_TYPE_SPECS } from './product-types';

const svgShape =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="[\d ]+"><title>[^<]+<\/title>.*<\/svg>\n$/s;

describe('product art', () => {
  test('every art kind × palette colour × view is a small SVG with size, viewBox and title', () => {
    const images = artImages();
    expect(images.length).toBeGreaterThan(1500);
    for (const { kind, code, view } of images) {
      const svg = productImageSvg(kind, colourByCode(code), view);
      expect(svg).toMatch(svgShape);
      expect(Buffer.byteLength(svg), `${kind} ${code} ${view}`).toBeLessThan(3 * 1024);
    }
  });

  test('camouflage fills with a pattern, solids with their colour; the title names the kind, colour and view', () => {
    const camo = productImageSvg('jacket', colourByCode('SUB'), 'front');
    expect(camo).toContain('<pattern id="p"');
    expect(camo).toContain('fill="url(#p)"');
    expect(camo).toContain('<title>Jacket in Optifade Subalpine, front view</title>');
    expect(productImageSvg('jacket', colourByCode('LD'), 'front')).toContain('fill="#5a5d5c"');
    expect(productImageSvg('cap', colourByCode('BO'), 'ridge')).toContain(
      '<title>Cap in Blaze Orange, on a mountain ridge</title>',
    );
    expect(productImageSvg('boot', colourByCode('ERT'), 'marsh')).toContain(
      '<title>Boot in Earth, in a marsh at dawn</title>',
    );
  });

  test('is deterministic', () => {
    expect(productImageSvg('pack', colourByCode('WM'), 'timber')).toBe(
      productImageSvg('pack', colourByCode('WM'), 'timber'),
    );
  });

  test('swatches exist for every colour', () => {
    for (const colour of COLOURS) expect(swatchSvg(colour)).toMatch(svgShape);
  });

  test('image URLs are under /images/catalogue/{kind}/', () => {
    expect(productImageUrl('wader', 'WM', 'snow')).toBe('/images/catalogue/wader/wm-snow.svg');
    expect(productImageUrl('baselayer-bottom', 'LD', 'front')).toBe(
      '/images/catalogue/baselayer-bottom/ld-front.svg',
    );
  });

  test('the committed files under public/ are what scripts/generate-images.ts writes today', () => {
    const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');
    const stale: string[] = [];
    const expected = new Set<string>();
    for (const { kind, code, view } of artImages()) {
      const file = path.join(publicDir, productImageUrl(kind, code, view));
      expected.add(file);
      if (
        !fs.existsSync(file) ||
        fs.readFileSync(file, 'utf8') !== productImageSvg(kind, colourByCode(code), view)
      )
        stale.push(file);
    }
    for (const colour of COLOURS) {
      const file = path.join(publicDir, 'swatches', swatchFileName(colour.code));
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== swatchSvg(colour)) stale.push(file);
    }
    // And nothing else: art of a dropped kind or colour does not linger.
    const catalogueDir = path.join(publicDir, 'images', 'catalogue');
    const present = fs
      .readdirSync(catalogueDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    const extra = present.filter((file) => !expected.has(file));
    expect([...stale, ...extra], 'run: npx tsx scripts/generate-images.ts').toEqual([]);
  });
});

describe('silhouettes per product (issue 9 §10)', () => {
  test('every product type has a drawing of its own, and no two drawings share an outline', () => {
    for (const type of PRODUCT_TYPES)
      expect(
        ART_KINDS.filter((kind) => DRAWINGS[kind].type === type),
        type,
      ).not.toHaveLength(0);
    const outlines = ART_KINDS.map((kind) => DRAWINGS[kind].body);
    expect(new Set(outlines).size).toBe(ART_KINDS.length);
  });

  test.each([
    ['jacket', 'rain-jacket', 'Dakota Rain Jacket', 'jacket'],
    ['jacket', 'down-jacket', 'Kelvin Down Hoody', 'hooded-jacket'],
    ['shirt', 'tee', 'Logo Tee', 'tee'],
    ['shirt', 'field-shirt', 'Field Shirt', 'shirt'],
    ['hoody', 'pullover-hoody', 'Icon Pullover Hoody', 'hoody'],
    ['hoody', 'zip-hoody', 'Full Zip Hoody', 'zip-hoody'],
    ['baselayer', 'baselayer-top', 'Merino Crew', 'baselayer-top'],
    ['baselayer', 'baselayer-bottom', 'Merino Bottom', 'baselayer-bottom'],
    ['glove', 'insulated-glove', 'Blizzard Mitt', 'mitt'],
    ['glove', 'light-glove', 'Shooter Glove', 'glove'],
    ['hat', 'beanie', 'Knit Beanie', 'beanie'],
    ['hat', 'cap', 'Trucker Cap', 'cap'],
    ['gaiter', 'leg-gaiter', 'Leg Gaiter', 'leg-gaiter'],
    ['gaiter', 'neck-gaiter', 'Face Mask', 'neck-gaiter'],
    ['accessory', 'accessory', 'Stratus Belt', 'belt'],
    ['accessory', 'accessory', 'Stratus Game Bag', 'game-bag'],
    ['accessory', 'accessory', 'Stratus Bino Harness', 'bino-harness'],
    ['accessory', 'accessory', 'Stratus Hand Muff', 'hand-muff'],
    ['accessory', 'accessory', 'Stratus Rangefinder Pouch', 'pouch'],
    ['boot', 'boot', 'Insulated Boot', 'boot'],
    ['wader', 'wader', 'Delta Zip Wader', 'wader'],
    ['pack', 'day-pack', 'Hip Pack', 'pack'],
  ] as const)('a %s of style %s named %s is drawn as %s', (type, styleId, name, kind) => {
    expect(artKindFor(type, styleId, name)).toBe(kind);
    expect(DRAWINGS[kind].type).toBe(type);
  });

  test('every noun the seed names products with has a drawing of its type', () => {
    for (const type of PRODUCT_TYPES)
      for (const style of PRODUCT_TYPE_SPECS[type].styles)
        for (const noun of style.nouns)
          expect(DRAWINGS[artKindFor(type, style.id, `Stratus ${noun}`)].type, noun).toBe(type);
  });

  test('mirroring and half outlines', () => {
    expect(mirror('M150 20L170 40H180V60Q190 70 100 80Z')).toBe('M250 20L230 40H220V60Q210 70 300 80Z');
    expect(symmetric('M200 10L300 10Q320 50 300 90L200 90')).toBe(
      'M200 10L300 10Q320 50 300 90L200 90L100 90Q80 50 100 10L200 10Z',
    );
  });
});

describe('lifestyle scenes per product (issue 9 §10)', () => {
  test('consecutive products of a kind get different pairs of two different scenes', () => {
    const pairs = Array.from({ length: 12 }, (_, ordinal) => lifestyleScenes(ordinal).join('+'));
    expect(new Set(pairs).size).toBe(12);
    for (const pair of pairs) expect(pair.split('+')[0]).not.toBe(pair.split('+')[1]);
    expect(lifestyleScenes(0)).toEqual(['ridge', 'marsh']);
    expect(lifestyleScenes(1)).toEqual(['marsh', 'timber']);
    expect(lifestyleScenes(12)).toEqual(lifestyleScenes(0));
  });
});
