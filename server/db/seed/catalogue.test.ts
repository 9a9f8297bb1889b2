import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { buildCategories } from './categories';
import { generateCatalogue, upc } from './catalogue';
import { ICON_PULLOVER_HOODY, parentSku, salePrice, SEED_REFERENCE_DATE } from './product-plan';
import { COLOURS } from './colours';
import { generateSeedData } from './generate';
import { TECHNOLOGY_BADGES } from './product-types';

const data = generateSeedData();
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};
const imagesByProduct = groupBy(data.productImages, (image) => image.productId);
const fieldsByProduct = groupBy(data.productCustomFields, (field) => field.productId);
const field = (productId: number, name: string) =>
  fieldsByProduct.get(productId)?.find((candidate) => candidate.name === name)?.value;
const colourValues = data.productOptionValues.filter((value) => value.swatch !== null);
const colourOrder = (label: string) => COLOURS.findIndex((colour) => colour.name === label);

describe('generateSeedData', () => {
  test('is deterministic: two generations are deep-equal; another seed differs', () => {
    expect(generateSeedData()).toEqual(data);
    expect(generateSeedData({ seed: 1 }).products).not.toEqual(data.products);
  });

  test('product N does not depend on how many products are generated', () => {
    const small = generateSeedData({ products: 120 });
    expect(small.products).toEqual(data.products.slice(0, 120));
    expect(small.variants).toEqual(data.variants.filter((variant) => variant.productId <= 120));
  });

  test('makes 320 products by default, unique by id, sku and url, over all genders and types', () => {
    expect(data.products).toHaveLength(320);
    for (const key of ['id', 'sku', 'url'] as const) {
      expect(new Set(data.products.map((product) => product[key])).size).toBe(320);
    }
    expect(new Set(data.products.map((product) => product.gender))).toEqual(
      new Set(['Mens', 'Womens', 'Youth', 'Unisex']),
    );
    expect(new Set(data.products.map((product) => product.productType)).size).toBe(14);
  });

  test('has the Icon Pullover Hoody with Sitka Black Blaze Orange, and its dated colour rule', () => {
    const hoody = data.products.find((product) => product.name === ICON_PULLOVER_HOODY);
    expect(hoody).toBeDefined();
    const colorOptionId = data.productOptions.find(
      (option) => option.productId === hoody?.id && option.displayName === 'Color',
    )?.id;
    const colours = colourValues
      .filter((value) => value.optionId === colorOptionId)
      .map((value) => value.label);
    expect(colours).toContain('Sitka Black Blaze Orange');
    expect(data.merchandisingRules).toEqual([
      {
        kind: 'color-order',
        productId: hoody?.id,
        startsAt: null,
        endsAt: new Date('2023-12-01T00:00:00Z'),
        payload: { first: ['BKBO'] },
      },
    ]);
  });

  test('SKUs: parent is one part of digits; variants are parent-color-size', () => {
    const skuByProduct = new Map(data.products.map((product) => [product.id, product.sku]));
    for (const product of data.products) expect(product.sku).toMatch(/^\d{6}$/);
    for (const variant of data.variants) {
      const parts = variant.sku.split('-');
      expect(parts).toHaveLength(3);
      expect(parts[0]).toBe(skuByProduct.get(variant.productId));
      expect(parts[1]).toMatch(/^[A-Z]+$/);
    }
    expect(data.variants.map((variant) => variant.sku)).toContain(`${data.products[0]?.sku}-SUB-M`);
    expect(new Set(data.variants.map((variant) => variant.sku)).size).toBe(data.variants.length);
  });

  test('one variant per colour × size, each with an inventory record and a valid UPC', () => {
    for (const product of data.products) {
      const [color, size] = data.productOptions.filter((option) => option.productId === product.id);
      const count = (optionId?: number) =>
        data.productOptionValues.filter((v) => v.optionId === optionId).length;
      const variants = data.variants.filter((variant) => variant.productId === product.id);
      expect(variants).toHaveLength(count(color?.id) * count(size?.id));
    }
    expect(data.inventoryRecords.map((record) => record.variantSku)).toEqual(
      data.variants.map((variant) => variant.sku),
    );
    expect(upc(1)).toMatch(/^\d{12}$/);
    // 8·3+4+0·3+0+0·3+0+0·3+0+1·3+2+3·3 = 42, so the check digit is 8.
    expect(upc(123)).toBe('840000001238');
  });

  test('colours list camouflage patterns first; colour values carry swatch and hex', () => {
    for (const values of groupBy(colourValues, (value) => value.optionId).values()) {
      const order = values.map((value) => colourOrder(value.label));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      const patterns = values.map((value) => value.isPattern);
      expect(patterns).toEqual([...patterns].sort((a, b) => Number(b) - Number(a)));
      expect(values.filter((value) => value.isDefault)).toEqual([values[0]]);
      for (const value of values) {
        expect(value.colorHex).toMatch(/^#[0-9a-f]{6}$/);
        expect(fs.existsSync(path.join(publicDir, 'swatches', value.swatch as string))).toBe(true);
      }
    }
  });

  test('images: per colour exactly one default, 3–5 images; most products have two lifestyle images per colour', () => {
    let withTwoLifestyle = 0;
    for (const product of data.products) {
      const byColour = groupBy(imagesByProduct.get(product.id) ?? [], (image) => image.description.colorCode);
      const colourCount = data.variants.filter((variant) => variant.productId === product.id).length;
      expect(byColour.size).toBeGreaterThan(0);
      expect(colourCount % byColour.size).toBe(0);
      let allHaveTwo = true;
      for (const [colorCode, images] of byColour) {
        expect(colorCode.startsWith(`${product.sku}-`)).toBe(true);
        expect(images.length).toBeGreaterThanOrEqual(3);
        expect(images.length).toBeLessThanOrEqual(5);
        expect(images.filter((image) => image.description.default)).toHaveLength(1);
        expect(images.map((image) => image.description.number)).toEqual(images.map((_, index) => index + 1));
        if (images.filter((image) => image.description.islifestyle).length < 2) allHaveTwo = false;
      }
      if (allHaveTwo) withTwoLifestyle++;
    }
    expect(withTwoLifestyle / data.products.length).toBeGreaterThan(0.75);
  });

  test('every image URL is a committed file, small and valid-looking SVG', () => {
    const urls = new Set([
      ...data.productImages.map((image) => image.url),
      ...data.variants.map((v) => v.imageUrl),
    ]);
    for (const url of urls) {
      const file = path.join(publicDir, url as string);
      expect(fs.existsSync(file), url as string).toBe(true);
    }
  });

  test('inventory has sold-out and low-stock variants; a few variants cannot be purchased', () => {
    const total = (record: (typeof data.inventoryRecords)[number]) =>
      record.standardQuantity + record.proQuantity;
    expect(data.inventoryRecords.filter((record) => total(record) === 0).length).toBeGreaterThan(20);
    expect(
      data.inventoryRecords.filter((record) => total(record) >= 1 && total(record) <= 3).length,
    ).toBeGreaterThan(20);
    expect(
      data.inventoryRecords.every((record) => record.standardQuantity >= 0 && record.proQuantity >= 0),
    ).toBe(true);
    expect(data.variants.some((variant) => variant.purchasingDisabled)).toBe(true);
  });

  test('prices: $49–$699 list prices; sales both under 25% off and 25–50% off', () => {
    const discounts: number[] = [];
    for (const product of data.products) {
      expect(product.priceCents).toBeGreaterThanOrEqual(4_900);
      expect(product.priceCents).toBeLessThanOrEqual(69_900);
      if (product.salePriceCents === null) continue;
      expect(product.salePriceCents).toBeLessThan(product.priceCents);
      discounts.push(100 - (product.salePriceCents / product.priceCents) * 100);
    }
    expect(discounts.some((percent) => percent < 25)).toBe(true);
    expect(discounts.some((percent) => percent >= 25 && percent <= 52)).toBe(true);
    // Rounding keeps a discount on the side of the 25% boundary it was meant for.
    expect(100 - (salePrice(14_900, 25) / 14_900) * 100).toBeGreaterThanOrEqual(25);
    expect(100 - (salePrice(14_900, 20) / 14_900) * 100).toBeLessThan(25);
  });

  test('custom fields agree with the denormalised columns and follow the spec formats', () => {
    const dateFormat = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/;
    const windows = { current: 0, expired: 0, future: 0 };
    for (const product of data.products) {
      expect(field(product.id, 'gender')).toBe(product.gender);
      expect(field(product.id, 'product_type')).toBe(product.productType);
      expect(['true', 'false']).toContain(field(product.id, 'exclude_pro_discount'));
      expect(field(product.id, 'us_import_description')).toBeTruthy();
      const technologies = field(product.id, 'technology_badges');
      for (const badge of technologies?.split(',') ?? []) expect(TECHNOLOGY_BADGES).toContain(badge);
      const start = field(product.id, 'badge_start');
      const end = field(product.id, 'badge_end');
      if (start !== undefined && end !== undefined) {
        expect(start).toMatch(dateFormat);
        expect(end).toMatch(dateFormat);
        const now = SEED_REFERENCE_DATE.toISOString().slice(0, 10);
        windows[end < now ? 'expired' : start > now ? 'future' : 'current']++;
      }
      for (const discount of fieldsByProduct
        .get(product.id)
        ?.filter((f) => f.name.startsWith('product_discount')) ?? []) {
        const parsed = JSON.parse(discount.value) as Record<string, number>;
        expect(Object.values(parsed).every((percent) => percent > 0 && percent < 100)).toBe(true);
      }
    }
    expect(windows.current).toBeGreaterThan(10);
    expect(windows.expired).toBeGreaterThan(3);
    expect(windows.future).toBeGreaterThan(3);
    expect(data.products.some((product) => product.productType === 'wader')).toBe(true);
  });

  test('modifiers: Sale, Warehouse 02/03, Cart data and Color code on every product', () => {
    for (const modifiers of groupBy(data.productModifiers, (modifier) => modifier.productId).values()) {
      expect(modifiers.map((modifier) => modifier.displayName)).toEqual([
        'Sale',
        'Warehouse',
        'Cart data',
        'Color code',
      ]);
      expect(modifiers[1]?.values.map((value) => value.label)).toEqual(['02', '03']);
    }
    expect(data.bulkPricingRules.length).toBeGreaterThan(0);
  });

  test('createdAt spreads over the two years before the reference date', () => {
    const twoYears = 730 * 86_400_000;
    const ages = data.products.map((product) => SEED_REFERENCE_DATE.getTime() - product.createdAt.getTime());
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(twoYears);
    expect(Math.max(...ages)).toBeGreaterThan(twoYears / 2);
  });

  test('ratings: several hundred products, scores 1–5 with two decimals skewed high, counts 1–~1600 skewed low', () => {
    const products = data.ratingSummaries.filter((rating) => rating.targetType === 'product');
    expect(products.length).toBeGreaterThan(250);
    for (const rating of data.ratingSummaries) {
      expect(rating.score).toBeGreaterThanOrEqual(1);
      expect(rating.score).toBeLessThanOrEqual(5);
      expect(Math.round(rating.score * 100) / 100).toBe(rating.score);
      expect(rating.totalCount).toBeGreaterThanOrEqual(1);
    }
    const scores = products.map((rating) => rating.score).sort((a, b) => a - b);
    const counts = products.map((rating) => rating.totalCount).sort((a, b) => a - b);
    expect(scores[Math.floor(scores.length / 2)]).toBeGreaterThan(4);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThan(200);
    expect(Math.max(...counts)).toBeLessThanOrEqual(1600);
    expect(data.ratingSummaries.some((rating) => rating.targetType === 'category')).toBe(true);
  });

  test('every leaf category has products, and every /all/ listing has exactly its parent’s', () => {
    const members = groupBy(data.productCategories, (row) => row.categoryId);
    const parentIds = new Set(data.categories.map((category) => category.parentId));
    for (const category of data.categories) {
      if (!parentIds.has(category.id))
        expect(members.get(category.id)?.length ?? 0, category.url).toBeGreaterThan(0);
      if (category.isAllListing) {
        const ids = (id: number | null) => (members.get(id as number) ?? []).map((row) => row.productId);
        expect(ids(category.id)).toEqual(ids(category.parentId));
      }
    }
  });

  test('rows reference rows that exist (the seed may load with foreign-key checks off)', () => {
    const ids = <T>(rows: readonly T[], key: (row: T) => number | null) => new Set(rows.map(key));
    const dangling = <T>(rows: readonly T[], key: (row: T) => number | null, existing: Set<number | null>) =>
      rows.filter((row) => !existing.has(key(row)));
    const productIds = ids(data.products, (product) => product.id);
    const categoryIds = ids(data.categories, (category) => category.id);
    const valueIds = ids(data.productOptionValues, (value) => value.id);
    for (const rows of [
      data.productOptions,
      data.variants,
      data.productImages,
      data.productCustomFields,
      data.productModifiers,
      data.bulkPricingRules,
      data.productCategories,
    ]) {
      expect(dangling<{ productId: number }>(rows, (row) => row.productId, productIds)).toEqual([]);
    }
    expect(dangling(data.productCategories, (row) => row.categoryId, categoryIds)).toEqual([]);
    const optionIds = ids(data.productOptions, (option) => option.id);
    expect(dangling(data.productOptionValues, (value) => value.optionId, optionIds)).toEqual([]);
    expect(dangling(data.variants, (variant) => variant.colorValueId, valueIds)).toEqual([]);
    expect(dangling(data.variants, (variant) => variant.sizeValueId, valueIds)).toEqual([]);
    const children = data.categories.filter((category) => category.parentId !== null);
    expect(dangling(children, (category) => category.parentId, categoryIds)).toEqual([]);
  });

  test('parent SKUs stay unique up to 100,000 products; bad counts are refused', () => {
    const skus = new Set(Array.from({ length: 100_000 }, (_, index) => parentSku(index)));
    expect(skus.size).toBe(100_000);
    expect(() => generateCatalogue({ products: 100_001, seed: 1, categories: buildCategories() })).toThrow();
    expect(() => generateCatalogue({ products: 0, seed: 1, categories: buildCategories() })).toThrow();
    // The smallest catalogue still has the product the merchandising rule names.
    expect(generateSeedData({ products: 1 }).merchandisingRules).toHaveLength(1);
  });
});
