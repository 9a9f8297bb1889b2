/**
 * The seeded catalogue tells the truth (issue 9 §1): every badge on every product agrees with its prices and its
 * availability, the merchandised categories carry their badges, and the promo bar's "up to N% off" is what the
 * linked sale category offers. Expectations are written down here, not worked out with the pricing or badge code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { colorGallery, galleryImages, lifestyleImages } from '../../catalogue/images';
import { sizeChartFor } from '../../catalogue/size-charts';
import { generateSeedData } from './generate';

const data = generateSeedData();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The day the seed is "now", and a month after it (the demo season the badges must last). */
const REFERENCE_DAY = '2026-11-01';
const MONTH_LATER = '2026-12-01';

const fieldsOf = new Map<number, Map<string, string>>();
for (const row of data.productCustomFields) {
  const fields = fieldsOf.get(row.productId) ?? new Map<string, string>();
  fields.set(row.name, row.value);
  fieldsOf.set(row.productId, fields);
}
const field = (productId: number, name: string) => fieldsOf.get(productId)?.get(name) ?? '';
const variantsOf = (productId: number) => data.variants.filter((variant) => variant.productId === productId);
const stockOf = new Map(
  data.inventoryRecords.map((record) => [record.variantSku, record.standardQuantity + record.proQuantity]),
);
const rated = new Set(
  data.ratingSummaries.filter((rating) => rating.targetType === 'product').map((rating) => rating.targetId),
);
const categoryId = (url: string) => {
  const category = data.categories.find((row) => row.url === url);
  if (!category) throw new Error(`no category ${url}`);
  return category.id;
};
const productsIn = (url: string) => {
  const id = categoryId(url);
  return new Set(data.productCategories.filter((row) => row.categoryId === id).map((row) => row.productId));
};

/** What a shopper pays for each size (retail): [list, paid] in cents. */
function sizePrices(productId: number): [number, number][] {
  const product = data.products.find((row) => row.id === productId);
  if (!product) throw new Error(`no product ${productId}`);
  return variantsOf(productId).map((variant) => {
    const list = variant.priceCents ?? product.priceCents;
    const sale = variant.priceCents === null ? product.salePriceCents : variant.salePriceCents;
    return [list, sale !== null && sale > 0 && sale < list ? sale : list];
  });
}
const percentOff = ([list, paid]: [number, number]) => ((list - paid) / list) * 100;

/** A badge window that covers the reference day and the month after it. */
function windowIsCurrent(productId: number): boolean {
  const start = field(productId, 'badge_start').slice(0, 10);
  const end = field(productId, 'badge_end').slice(0, 10);
  return (start === '' || start <= REFERENCE_DAY) && (end === '' || end >= MONTH_LATER);
}

const cannotBeBought = (productId: number) =>
  variantsOf(productId).every((variant) => variant.purchasingDisabled);

describe('every badge on every seeded product agrees with its price', () => {
  /** Each custom copy the catalogue may carry, and what must be true of a product wearing it. */
  const CUSTOM_COPY: Record<string, (productId: number) => boolean> = {
    'Summer Sale': (id) => sizePrices(id).every((price) => percentOff(price) > 0),
    'Flash Sale 20% Off': (id) => sizePrices(id).every((price) => Math.round(percentOff(price)) === 20),
    'Coming Soon': (id) => cannotBeBought(id),
    'New Sizes': (id) => !cannotBeBought(id),
  };

  test('custom badges: known copy, true of the product in every size', () => {
    const seen = new Map<string, number>();
    for (const product of data.products) {
      const copy = field(product.id, 'badge_custom');
      if (copy === '') continue;
      seen.set(copy, (seen.get(copy) ?? 0) + 1);
      const holds = CUSTOM_COPY[copy];
      expect(holds, `unknown badge copy "${copy}"`).toBeDefined();
      expect(
        holds?.(product.id),
        `"${copy}" on ${product.name}: ${JSON.stringify(sizePrices(product.id))}`,
      ).toBe(true);
    }
    // The rule is exercised: every kind of copy is on some product.
    expect([...seen.keys()].sort()).toEqual(Object.keys(CUSTOM_COPY).sort());
  });

  test('a sale takes the same rounded percentage off every size (3XL upcharge included)', () => {
    let checked = 0;
    for (const product of data.products) {
      if (product.salePriceCents === null) continue;
      const percents = new Set(sizePrices(product.id).map((price) => Math.round(percentOff(price))));
      expect(percents.size, product.name).toBe(1);
      expect([10, 15, 20, 25, 30, 40, 50]).toContain([...percents][0]);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  test('"Coming Soon" products cannot be bought yet: purchasing disabled, no stock, no reviews, no sale', () => {
    const comingSoon = data.products.filter((product) => field(product.id, 'badge_custom') === 'Coming Soon');
    expect(comingSoon.length).toBeGreaterThan(0);
    for (const product of comingSoon) {
      expect(cannotBeBought(product.id)).toBe(true);
      expect(variantsOf(product.id).every((variant) => stockOf.get(variant.sku) === 0)).toBe(true);
      expect(rated.has(product.id), `${product.name} has reviews`).toBe(false);
      expect(product.salePriceCents).toBeNull();
      expect(windowIsCurrent(product.id)).toBe(true);
    }
  });

  test('a product that cannot be bought at all says "Coming Soon"', () => {
    for (const product of data.products) {
      if (cannotBeBought(product.id))
        expect(field(product.id, 'badge_custom'), product.name).toBe('Coming Soon');
    }
  });

  test('New Arrivals carry "New", and only they do', () => {
    const arrivals = productsIn('/new-arrivals/');
    expect(arrivals.size).toBeGreaterThan(10);
    for (const product of data.products) {
      const isNew = field(product.id, 'badge_new') === 'true';
      expect(isNew, product.name).toBe(arrivals.has(product.id));
      if (isNew) expect(windowIsCurrent(product.id), product.name).toBe(true);
    }
  });

  test('Online Exclusive products carry "Exclusive" in every colour, and only they do', () => {
    const exclusives = productsIn('/online-exclusive/');
    expect(exclusives.size).toBeGreaterThan(3);
    for (const product of data.products) {
      const exclusive = field(product.id, 'badge_exclusive') === 'true';
      expect(exclusive, product.name).toBe(exclusives.has(product.id));
      if (exclusive) {
        expect(field(product.id, 'badge_exclusive_variants')).toBe('');
        expect(windowIsCurrent(product.id), product.name).toBe(true);
      }
    }
  });

  test('"New Color" names one of the product’s colours and is not on a single-colour product', () => {
    for (const product of data.products) {
      if (field(product.id, 'badge_new_color') !== 'true') continue;
      const code = field(product.id, 'badge_new_color_variants');
      const codes = new Set(variantsOf(product.id).map((variant) => variant.sku.split('-')[1]));
      expect(codes.has(code), `${product.name}: ${code}`).toBe(true);
      expect(codes.size).toBeGreaterThan(1);
    }
  });
});

describe('the promo bar', () => {
  const promobar = JSON.parse(fs.readFileSync(path.join(root, 'content/promobar.json'), 'utf8')) as {
    items: { description: string; linkUrl: string }[];
  };

  test('"up to N% off" is the largest discount of the category it links to', () => {
    let claims = 0;
    for (const item of promobar.items) {
      const match = /up to (\d+)\s*% off/i.exec(item.description);
      if (!match) continue;
      claims++;
      const claimed = Number(match[1]);
      const discounts = [...productsIn(item.linkUrl)].flatMap((id) =>
        sizePrices(id).map((price) => Math.round(percentOff(price))),
      );
      expect(discounts.length).toBeGreaterThan(0);
      expect(Math.max(...discounts), item.linkUrl).toBe(claimed);
    }
    expect(claims).toBeGreaterThan(0);
  });
});

describe('every rating can be real (issue 9 §2)', () => {
  const products = data.ratingSummaries.filter((rating) => rating.targetType === 'product');

  test('an average of n reviews is a whole number of stars divided by n (to two decimals)', () => {
    expect(products.length).toBeGreaterThan(200);
    for (const { targetId, score, totalCount } of products) {
      const stars = Math.round(score * totalCount);
      expect(stars, `product ${targetId}`).toBeGreaterThanOrEqual(totalCount);
      expect(stars, `product ${targetId}`).toBeLessThanOrEqual(5 * totalCount);
      expect(
        Math.abs(stars / totalCount - score),
        `product ${targetId}: ${score} from ${totalCount}`,
      ).toBeLessThan(0.0051);
    }
  });

  test('one review gives a whole number; hundreds of reviews never average 5.0', () => {
    const single = products.filter((rating) => rating.totalCount === 1);
    expect(single.length).toBeGreaterThan(0);
    for (const rating of single) expect(Number.isInteger(rating.score)).toBe(true);
    const many = products.filter((rating) => rating.totalCount >= 100);
    expect(many.length).toBeGreaterThan(20);
    for (const rating of many) expect(rating.score).toBeLessThan(5);
  });

  test('Top Rated lists the products whose confidence-weighted score is 4.5 or more', () => {
    // The score pulled towards 4.0 as if each product had ten more reviews of 4.0 (written out, not imported).
    const weighted = (score: number, count: number) => (score * count + 40) / (count + 10);
    const expected = new Set(
      products
        .filter((rating) => weighted(rating.score, rating.totalCount) >= 4.5)
        .map((rating) => rating.targetId),
    );
    expect(expected.size).toBeGreaterThan(10);
    expect(productsIn('/top-rated/')).toEqual(expected);
  });
});

describe('size charts fit their products (issue 9 §3)', () => {
  /** The first measurement a chart must give for each product type (one-size types get no chart). */
  const MEASURES: Record<string, string | null> = {
    jacket: 'Chest',
    vest: 'Chest',
    shirt: 'Chest',
    hoody: 'Chest',
    pant: 'Waist',
    bib: 'Waist',
    baselayer: 'Chest',
    wader: 'Chest',
    glove: 'Hand circumference',
    boot: 'Foot length',
    hat: null,
    pack: null,
    gaiter: null,
    accessory: null,
  };
  const AUDIENCE: Record<string, string> = {
    Mens: "Men's",
    Womens: "Women's",
    Youth: 'Youth',
    Unisex: 'Unisex',
  };
  const sizesOf = (productId: number) => {
    const option = data.productOptions.find(
      (row) => row.productId === productId && row.displayName === 'Size',
    );
    return data.productOptionValues
      .filter((value) => value.optionId === option?.id)
      .map((value) => value.label);
  };

  test('every product with sizes gets the chart of its type and audience, listing each size it sells', () => {
    let charted = 0;
    let oneSize = 0;
    for (const product of data.products) {
      const chart = sizeChartFor(field(product.id, 'product_type'), field(product.id, 'gender'));
      const measure = MEASURES[product.productType];
      expect(measure, product.productType).not.toBeUndefined();
      const sizes = sizesOf(product.id);
      if (measure === null) {
        expect(sizes, product.name).toEqual(['One Size']);
        expect(chart, product.name).toBeNull();
        oneSize++;
        continue;
      }
      expect(chart, product.name).not.toBeNull();
      expect(chart?.columns[1], product.name).toBe(measure);
      expect(chart?.caption.startsWith(AUDIENCE[product.gender] ?? '?'), chart?.caption).toBe(true);
      const rows = chart?.rows.map((row) => row[0]) ?? [];
      for (const size of sizes)
        expect(rows, `${product.name} (${product.gender} ${product.productType})`).toContain(size);
      charted++;
    }
    expect(charted).toBeGreaterThan(200);
    expect(oneSize).toBeGreaterThan(10);
  });
});

describe('galleries fill the 2-up grid (issue 9 §10)', () => {
  test('every colorway has an even number of images, two of them lifestyle', () => {
    const byColorway = new Map<string, typeof data.productImages>();
    for (const image of data.productImages) {
      const key = image.description.colorCode;
      byColorway.set(key, [...(byColorway.get(key) ?? []), image]);
    }
    expect(byColorway.size).toBeGreaterThan(500);
    for (const [colorway, images] of byColorway) {
      expect(images.length % 2, colorway).toBe(0);
      expect(
        images.filter((image) => image.description.islifestyle),
        colorway,
      ).toHaveLength(2);
    }
  });
});

describe('product pages show galleries a store would (issue 9 §10)', () => {
  const SCENES = ['on a mountain ridge', 'in a marsh at dawn', 'in the timber', 'in fresh snow'];
  const imagesOf = new Map<number, typeof data.productImages>();
  for (const image of data.productImages)
    imagesOf.set(image.productId, [...(imagesOf.get(image.productId) ?? []), image]);
  /** Each product page in each of its colours: what its gallery shows. */
  const pages = data.products.flatMap((product) => {
    const images = imagesOf.get(product.id) ?? [];
    const colours = new Map(
      images.map((image) => [image.description.colorName, image.description.colorCode]),
    );
    return [...colours].map(([label, code]) => {
      const color = { label, code };
      return {
        product,
        label,
        gallery: galleryImages(
          colorGallery(product.name, images, color),
          lifestyleImages(product.name, images, color),
        ),
        lifestyle: lifestyleImages(product.name, images, color),
      };
    });
  });

  test('every gallery has an even number of images, each with an alt text of its own', () => {
    expect(pages.length).toBeGreaterThan(500);
    for (const { product, label, gallery } of pages) {
      expect(gallery.length % 2, `${product.name} in ${label}`).toBe(0);
      expect(gallery.length, `${product.name} in ${label}`).toBeGreaterThanOrEqual(4);
      expect(new Set(gallery.map((image) => image.alt)).size, `${product.name} in ${label}`).toBe(
        gallery.length,
      );
    }
  });

  test('lifestyle images name the product, its colour and their scene; no two products share an alt text', () => {
    const alts = new Set<string>();
    for (const { product, label, lifestyle } of pages) {
      expect(lifestyle).toHaveLength(2);
      for (const image of lifestyle) {
        const scene = image.alt.slice(`${product.name} in ${label}, `.length);
        expect(image.alt.startsWith(`${product.name} in ${label}, `), image.alt).toBe(true);
        expect(SCENES, image.alt).toContain(scene);
        expect(alts.has(image.alt), image.alt).toBe(false);
        alts.add(image.alt);
      }
    }
  });

  test('lifestyle images differ per product, not only per product type and colour', () => {
    const shownBy = new Map<string, number>();
    const key = (page: (typeof pages)[number]) => page.lifestyle.map((image) => image.url).join(' ');
    for (const page of pages) shownBy.set(key(page), (shownBy.get(key(page)) ?? 0) + 1);
    const shared = pages.filter((page) => (shownBy.get(key(page)) ?? 0) > 1);
    // A bounded set of scenes (decision 050): a few look-alike products meet again, under one in ten.
    expect(shared.length / pages.length).toBeLessThan(0.1);
    for (const page of pages) expect(new Set(page.lifestyle.map((image) => image.url)).size).toBe(2);
  });

  test('a product is drawn as what its name says it is', () => {
    const drawn: [RegExp, string][] = [
      [/ Cap$/, 'cap'],
      [/ Beanie$/, 'beanie'],
      [/ Bottom$/, 'baselayer-bottom'],
      [/ Mitt$/, 'mitt'],
      [/ (Neck Gaiter|Face Mask)$/, 'neck-gaiter'],
      [/ Belt$/, 'belt'],
      [/ Boot$/, 'boot'],
      [/ Wader$/, 'wader'],
      [/ Tee$/, 'tee'],
      [/(Pullover Hoody| Hoody)$/, '(hoody|zip-hoody|hooded-jacket)'],
    ];
    let checked = 0;
    for (const product of data.products) {
      const rule = drawn.find(([name]) => name.test(product.name));
      if (!rule) continue;
      for (const image of imagesOf.get(product.id) ?? [])
        expect(image.url, product.name).toMatch(new RegExp(`^/images/catalogue/${rule[1]}/`));
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
});
