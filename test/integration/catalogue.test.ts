/**
 * The catalogue service over a real database (PGlite and the local PostgreSQL): category lookup by path,
 * listings with paging and sorting, product pages per colour, colour redirects, and how many statements
 * each use case runs.
 */
import { createCatalogue } from '../helpers/catalogue';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { type CatalogueService, type CategoryNode } from '../../server/catalogue/index.server';
import type { Database } from '../../server/db/database.server';
import {
  bulkPricingRules,
  categories,
  inventoryRecords,
  productCategories,
  productCustomFields,
  productImages,
  productOptions,
  productOptionValues,
  products,
  ratingSummaries,
  variants,
  type ImageDescription,
} from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { describeEachEngine } from '../helpers/database';
import { pricingOver } from '../helpers/pricing';
import { countStatements, type StatementCounter } from '../helpers/statements';

/* ─────────────── fixture ─────────────── */

const CATEGORY_ROWS = [
  { id: 1, parentId: null, name: 'Mens', url: '/mens/', sortOrder: 0 },
  { id: 10, parentId: 1, name: 'Jackets and Vests', url: '/mens/jackets-and-vests/', sortOrder: 0 },
  { id: 11, parentId: 10, name: 'Rain Jackets', url: '/mens/jackets-and-vests/rain-jackets/', sortOrder: 0 },
  {
    id: 12,
    parentId: 10,
    name: 'All',
    url: '/mens/jackets-and-vests/all/',
    sortOrder: 1,
    isAllListing: true,
  },
  { id: 13, parentId: 1, name: 'Hidden', url: '/mens/hidden/', sortOrder: 1, isVisible: false },
  { id: 2, parentId: null, name: 'Womens', url: '/womens/', sortOrder: 1 },
  { id: 3, parentId: null, name: 'Sale', url: '/sale/', sortOrder: 2 },
  { id: 30, parentId: 3, name: 'Mens', url: '/sale/mens/', sortOrder: 0 },
];

type ColorFixture = { label: string; code: string; isPattern?: boolean; isDefault?: boolean };
type ProductFixture = {
  id: number;
  name: string;
  priceCents: number;
  salePriceCents?: number;
  /** Position in each of its categories' merchandised order (the `featured` sort). */
  position: number;
  isVisible?: boolean;
  /** Explicit assignments: a branch category is assigned its children's products. */
  categoryIds: number[];
  colors: ColorFixture[];
  sizes: string[];
};

const LEAD: ColorFixture = { label: 'Lead', code: 'LD', isDefault: true };
const SUBALPINE: ColorFixture = { label: 'Optifade Subalpine', code: 'SUB', isPattern: true };
const BLACK_BLAZE: ColorFixture = { label: 'Sitka Black Blaze Orange', code: 'BKBO' };

const PRODUCTS: ProductFixture[] = [
  {
    id: 101,
    name: 'Dew Point Jacket',
    priceCents: 34_900,
    position: 0,
    categoryIds: [11, 10, 1, 30, 3],
    colors: [LEAD, SUBALPINE, BLACK_BLAZE],
    sizes: ['S', 'M', 'L'],
  },
  {
    id: 102,
    name: 'Cloudburst Jacket',
    priceCents: 29_900,
    position: 2,
    categoryIds: [11, 10, 1],
    colors: [LEAD],
    sizes: ['M'],
  },
  {
    id: 103,
    name: 'Squall Jacket',
    priceCents: 39_900,
    salePriceCents: 19_900,
    position: 3,
    categoryIds: [11, 10, 1],
    colors: [LEAD],
    sizes: ['M'],
  },
  {
    id: 104,
    name: 'Drizzle Vest',
    priceCents: 24_900,
    position: 1,
    categoryIds: [10, 1],
    colors: [SUBALPINE],
    sizes: ['M'],
  },
  {
    id: 105,
    name: 'Storm Shell',
    priceCents: 44_900,
    salePriceCents: 0,
    position: 4,
    categoryIds: [11, 10, 1],
    colors: [LEAD],
    sizes: [],
  },
  {
    id: 106,
    name: 'Unreleased Jacket',
    priceCents: 50_000,
    position: 5,
    isVisible: false,
    categoryIds: [11, 10, 1],
    colors: [LEAD],
    sizes: ['M'],
  },
  {
    id: 107,
    name: 'Womens Vest',
    priceCents: 19_900,
    position: 0,
    categoryIds: [2],
    colors: [LEAD],
    sizes: ['S'],
  },
  {
    id: 108,
    name: 'Sample Jacket',
    priceCents: 10_000,
    position: 0,
    categoryIds: [13],
    colors: [LEAD],
    sizes: ['M'],
  },
];

const urlOf = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

function description(
  color: ColorFixture,
  number: number,
  extra: Partial<ImageDescription> = {},
): ImageDescription {
  return {
    colorName: color.label,
    colorCode: color.code,
    number,
    isModel: false,
    default: number === 1,
    islifestyle: false,
    ...extra,
  };
}

async function insertCatalogue(db: Database): Promise<void> {
  await db.insert(categories).values(
    CATEGORY_ROWS.map((row) => ({
      ...row,
      slug: row.url.split('/').at(-2) ?? '',
      depth: row.url.split('/').length - 2,
    })),
  );
  for (const product of PRODUCTS) await insertProduct(db, product);
  await db
    .insert(ratingSummaries)
    .values({ targetType: 'product', targetId: 101, score: 4.6, totalCount: 123 });
  await db.insert(productCustomFields).values([
    { productId: 101, name: 'gender', value: 'Mens' },
    { productId: 101, name: 'technology_badges', value: '["Gore-Tex","Polygiene"]' },
  ]);
}

/** Option, value and variant ids derive from the product id so that tests can name them. */
async function insertProduct(db: Database, product: ProductFixture): Promise<void> {
  const { id } = product;
  await db.insert(products).values({
    id,
    sku: String(id),
    name: product.name,
    url: urlOf(product.name),
    priceCents: product.priceCents,
    salePriceCents: product.salePriceCents ?? null,
    gender: 'Mens',
    productType: 'jacket',
    isVisible: product.isVisible ?? true,
    // Newer products have higher ids.
    createdAt: new Date(Date.UTC(2024, 0, id - 100)),
  });
  await db
    .insert(productCategories)
    .values(
      product.categoryIds.map((categoryId) => ({ productId: id, categoryId, sortOrder: product.position })),
    );
  await db.insert(productOptions).values({ id: id * 10, productId: id, displayName: 'Color', sortOrder: 0 });
  const colorIds = product.colors.map((_, index) => id * 100 + index);
  await db.insert(productOptionValues).values(
    product.colors.map((color, index) => ({
      id: colorIds[index]!,
      optionId: id * 10,
      label: color.label,
      sortOrder: index,
      isDefault: color.isDefault ?? false,
      swatch: `${color.code.toLowerCase()}.svg`,
      isPattern: color.isPattern ?? false,
    })),
  );
  const sizeIds = product.sizes.map((_, index) => id * 100 + 50 + index);
  if (product.sizes.length > 0) {
    await db
      .insert(productOptions)
      .values({ id: id * 10 + 1, productId: id, displayName: 'Size', sortOrder: 1 });
    // Inserted in reverse so that only sort_order gives the size order.
    await db
      .insert(productOptionValues)
      .values(
        product.sizes
          .map((label, index) => ({ id: sizeIds[index]!, optionId: id * 10 + 1, label, sortOrder: index }))
          .reverse(),
      );
  }
  const variantRows = product.colors.flatMap((color, colorIndex) =>
    (product.sizes.length > 0 ? product.sizes : [null]).map((size, sizeIndex) => ({
      id: id * 1000 + colorIndex * 10 + sizeIndex,
      productId: id,
      sku: size === null ? `${id}-${color.code}-OS` : `${id}-${color.code}-${size}`,
      colorValueId: colorIds[colorIndex]!,
      sizeValueId: size === null ? null : sizeIds[sizeIndex]!,
    })),
  );
  await db.insert(variants).values(variantRows);
  await db
    .insert(inventoryRecords)
    .values(
      variantRows.map((variant) => ({ variantSku: variant.sku, standardQuantity: 10, proQuantity: 2 })),
    );
  await db.insert(productImages).values(
    product.colors.map((color, index) => ({
      productId: id,
      url: `/images/${id}-${color.code}-1.webp`,
      sortOrder: index * 10,
      isThumbnail: index === 0,
      width: 800,
      height: 1000,
      description: description(color, 1),
    })),
  );
}

/** Product 101 in Optifade Subalpine: stock levels, a price override, a disabled size and a fuller gallery. */
async function detailProduct101(db: Database): Promise<void> {
  await db.update(inventoryRecords).set({ standardQuantity: 0, proQuantity: 0 }).where(eqSku('101-SUB-S'));
  await db.update(inventoryRecords).set({ standardQuantity: 3, proQuantity: 1 }).where(eqSku('101-SUB-M'));
  await db.delete(inventoryRecords).where(eqSku('101-SUB-L'));
  await db
    .update(variants)
    .set({ priceCents: 36_900, purchasingDisabled: true })
    .where(eqVariantSku('101-SUB-L'));
  await db.insert(productImages).values([
    // Sorted before the default image: the gallery must still start with the default.
    {
      productId: 101,
      url: '/images/101-SUB-2.webp',
      sortOrder: 1,
      width: 800,
      height: 1000,
      description: description(SUBALPINE, 2, { isModel: true }),
    },
    // Named by colour code only, under an older label.
    {
      productId: 101,
      url: '/images/101-SUB-3.webp',
      sortOrder: 30,
      width: 1600,
      height: 900,
      description: { ...description(SUBALPINE, 3, { islifestyle: true }), colorName: 'Subalpine' },
    },
  ]);
}

const eqSku = (sku: string) => eq(inventoryRecords.variantSku, sku);
const eqVariantSku = (sku: string) => eq(variants.sku, sku);

/* ─────────────── tests ─────────────── */

describeEachEngine('catalogue service', ({ engine, database }) => {
  let catalogue: CatalogueService;
  let statements: StatementCounter;

  beforeAll(async () => {
    const { db } = database();
    await insertCatalogue(db);
    await detailProduct101(db);
    catalogue = createCatalogue({
      db,
      clock: fixedClock('2024-06-01T00:00:00Z'),
      pricing: pricingOver(db),
    });
    statements = countStatements(db, engine);
  });

  it('loads the category tree once and serves later lookups from memory', async () => {
    statements.reset();
    const tree = await catalogue.getCategoryTree();
    expect(tree.roots.map((root) => root.url)).toEqual(['/mens/', '/womens/', '/sale/']);
    await catalogue.getCategoryByPath('/mens/');
    await catalogue.getCategoryByPath('/womens/');
    expect(statements.count).toBe(1);
  });

  it('resolves a nested category path with breadcrumbs and browsable children', async () => {
    expect(await catalogue.getCategoryByPath('/mens/jackets-and-vests/')).toEqual({
      category: { id: 10, name: 'Jackets and Vests', url: '/mens/jackets-and-vests/', description: '' },
      breadcrumbs: [
        { label: 'Mens', href: '/mens/' },
        { label: 'Jackets and Vests', href: '/mens/jackets-and-vests/' },
      ],
      children: [{ id: 11, name: 'Rain Jackets', url: '/mens/jackets-and-vests/rain-jackets/' }],
    });
  });

  it.each(['/mens', '/mens/hidden/', '/nope/', '/mens/jackets-and-vests/rain-jackets/extra/'])(
    'finds no shown category at %j',
    async (path) => {
      expect(await catalogue.getCategoryByPath(path)).toBeNull();
    },
  );

  it('lists the visible products assigned to a category', async () => {
    const listing = await catalogue.listCategoryProducts(1, { page: 1, perPage: 24, sort: 'name' });
    expect(listing.products.map((product) => product.name)).toEqual([
      'Cloudburst Jacket',
      'Dew Point Jacket',
      'Drizzle Vest',
      'Squall Jacket',
      'Storm Shell',
    ]);
    expect(listing).toMatchObject({ totalCount: 5, page: 1, perPage: 24, pageCount: 1 });
  });

  it('lists the parent’s products at an /all/ path', async () => {
    const page = await catalogue.getCategoryByPath('/mens/jackets-and-vests/all/');
    expect(page?.category).toMatchObject({ id: 12, name: 'All' });
    expect(page?.children.map((child) => child.id)).toEqual([11]);
    const all = await catalogue.listCategoryProducts(page!.category.id, {
      page: 1,
      perPage: 24,
      sort: 'name',
    });
    const parent = await catalogue.listCategoryProducts(10, { page: 1, perPage: 24, sort: 'name' });
    expect(all.products).toEqual(parent.products);
    expect(all.totalCount).toBe(5);
  });

  it('pages through a sorted listing without gaps or repeats', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => catalogue.listCategoryProducts(1, { page, perPage: 2, sort: 'price-asc' })),
    );
    expect(pages.map((listing) => listing.products.map((product) => product.id))).toEqual([
      [103, 104],
      [102, 101],
      [105],
    ]);
    expect(pages.every((listing) => listing.totalCount === 5 && listing.pageCount === 3)).toBe(true);
    const beyond = await catalogue.listCategoryProducts(1, { page: 4, perPage: 2, sort: 'price-asc' });
    expect(beyond.products).toEqual([]);
  });

  it.each([
    ['featured', [101, 104, 102, 103, 105]],
    ['newest', [105, 104, 103, 102, 101]],
    ['price-desc', [105, 101, 102, 104, 103]],
  ] as const)('sorts by %s', async (sort, ids) => {
    const listing = await catalogue.listCategoryProducts(1, { page: 1, perPage: 24, sort });
    expect(listing.products.map((product) => product.id)).toEqual(ids);
  });

  it('caps the page size at 250', async () => {
    const listing = await catalogue.listCategoryProducts(1, { page: 1, perPage: 1000, sort: 'name' });
    expect(listing.perPage).toBe(250);
  });

  it('builds product cards: default colour link and image, swatches with patterns first, rating', async () => {
    const listing = await catalogue.listCategoryProducts(11, { page: 1, perPage: 24, sort: 'featured' });
    const card = listing.products.find((product) => product.id === 101);
    expect(card).toMatchObject({
      name: 'Dew Point Jacket',
      url: 'dew-point-jacket',
      href: '/products/dew-point-jacket/Lead',
      price: { currentCents: 34_900, compareAtCents: null, source: 'list', saleBadge: null },
      shownColor: { slug: 'Lead', matchesFilter: false },
      image: { url: '/images/101-LD-1.webp', alt: 'Dew Point Jacket in Lead', width: 800, height: 1000 },
      rating: { score: 4.6, totalCount: 123 },
    });
    expect(card?.swatches.map((swatch) => [swatch.label, swatch.swatchUrl])).toEqual([
      ['Optifade Subalpine', '/swatches/sub.svg'],
      ['Lead', '/swatches/ld.svg'],
      ['Sitka Black Blaze Orange', '/swatches/bkbo.svg'],
    ]);
    expect(listing.products.find((product) => product.id === 102)?.rating).toBeNull();
  });

  it('lists any page size in two statements (no query per product)', async () => {
    await catalogue.getCategoryTree();
    await catalogue.syncListings();
    for (const perPage of [1, 5]) {
      statements.reset();
      await catalogue.listCategoryProducts(1, { page: 1, perPage, sort: 'featured' });
      expect(statements.count).toBe(2);
    }
  });

  it('renders a product in the chosen colour, matching the slug in any case', async () => {
    const result = await catalogue.getProductPage('dew-point-jacket', 'optifade-subalpine', 'retail');
    if (result?.kind !== 'page') throw new Error(`expected a page, got ${JSON.stringify(result)}`);
    const { page } = result;
    expect(page.product).toMatchObject({
      id: 101,
      sku: '101',
      name: 'Dew Point Jacket',
      price: { currentCents: 34_900, compareAtCents: null, source: 'list', saleBadge: null },
    });
    expect(page.selectedColor).toMatchObject({
      label: 'Optifade Subalpine',
      slug: 'Optifade-Subalpine',
      isPattern: true,
    });
    expect(page.colors.map((color) => [color.slug, color.href])).toEqual([
      ['Optifade-Subalpine', '/products/dew-point-jacket/Optifade-Subalpine'],
      ['Lead', '/products/dew-point-jacket/Lead'],
      ['Sitka-Black-Blaze-Orange', '/products/dew-point-jacket/Sitka-Black-Blaze-Orange'],
    ]);
    expect(page.variants).toEqual([
      {
        id: 101_010,
        sku: '101-SUB-S',
        size: 'S',
        price: { currentCents: 34_900, compareAtCents: null, source: 'list', saleBadge: null },
        purchasingDisabled: false,
        inventoryLevel: 0,
      },
      {
        id: 101_011,
        sku: '101-SUB-M',
        size: 'M',
        price: { currentCents: 34_900, compareAtCents: null, source: 'list', saleBadge: null },
        purchasingDisabled: false,
        // Standard stock only: a retail viewer cannot buy the pro unit (issue 24 §3).
        inventoryLevel: 3,
      },
      {
        id: 101_012,
        sku: '101-SUB-L',
        size: 'L',
        price: { currentCents: 36_900, compareAtCents: null, source: 'list', saleBadge: null },
        purchasingDisabled: true,
        inventoryLevel: 0,
      },
    ]);
    expect(page.images).toEqual([
      {
        url: '/images/101-SUB-1.webp',
        alt: 'Dew Point Jacket in Optifade Subalpine',
        width: 800,
        height: 1000,
      },
      {
        url: '/images/101-SUB-2.webp',
        alt: 'Dew Point Jacket in Optifade Subalpine, worn by a model',
        width: 800,
        height: 1000,
      },
      {
        url: '/images/101-SUB-3.webp',
        alt: 'Dew Point Jacket in Optifade Subalpine, out in the field',
        width: 1600,
        height: 900,
      },
    ]);
    expect(page.customFields).toEqual({ gender: 'Mens', technology_badges: '["Gore-Tex","Polygiene"]' });
    // SPEC §9 priority: Polygiene before Gore-Tex, whatever order the field lists them in.
    expect(page.technologyBadges).toEqual(['Polygiene', 'Gore-Tex']);
    expect(page.rating).toEqual({ score: 4.6, totalCount: 123 });
    // In Rain Jackets (depth 3) and Sale › Mens (depth 2): the deepest chain wins.
    expect(page.breadcrumbs.map((crumb) => crumb.label)).toEqual([
      'Mens',
      'Jackets and Vests',
      'Rain Jackets',
    ]);
  });

  it('gives a product without a size option one variant of no size', async () => {
    const result = await catalogue.getProductPage('storm-shell', 'Lead', 'retail');
    expect(
      result?.kind === 'page' && result.page.variants.map((variant) => [variant.sku, variant.size]),
    ).toEqual([['105-LD-OS', null]]);
  });

  it.each([
    ['an unknown colour', 'Covert'],
    ['a label with spaces instead of its slug', 'Optifade Subalpine'],
    ['no colour', undefined],
  ])('redirects %s to the default colour', async (_case, slug) => {
    expect(await catalogue.getProductPage('dew-point-jacket', slug, 'retail')).toEqual({
      kind: 'redirect',
      path: '/products/dew-point-jacket/Lead',
    });
  });

  it('redirects in two statements and renders a page in eight', async () => {
    await catalogue.getCategoryTree();
    statements.reset();
    await catalogue.getProductPage('dew-point-jacket', 'Covert', 'retail');
    expect(statements.count).toBe(2);
    statements.reset();
    await catalogue.getProductPage('dew-point-jacket', 'Lead', 'retail');
    // Two more than the variants, images, custom fields and categories: colour-order rules, colour codes.
    expect(statements.count).toBe(8);
  });

  it.each(['no-such-product', 'unreleased-jacket'])('has no page for %j', async (url) => {
    expect(await catalogue.getProductPage(url, 'Lead', 'retail')).toBeNull();
  });

  it('keeps purchasables per variant in the data cache until their product changes, bulk rules included', async () => {
    const { db } = database();
    const cached = createCatalogue({
      db,
      clock: fixedClock('2024-06-01T00:00:00Z'),
      pricing: pricingOver(db),
      cache: { maxEntries: 100, ttlMs: 60_000, checkEveryMs: 0 },
    });
    const [alpha, beta] = [101_000, 102_000];
    const first = await cached.getPurchasables([alpha, beta, 999_999]);
    expect([...first.keys()].sort()).toEqual([alpha, beta]);
    expect(first.get(alpha)?.bulkRules).toEqual([]);

    statements.reset();
    expect(await cached.getPurchasables([beta, alpha])).toEqual(first);
    // Only the change feed's latest id (the check before answering from the cache).
    expect(statements.count).toBe(1);

    // A bulk rule is part of what a line costs: its insert enters the change feed (migration 0014).
    await db
      .insert(bulkPricingRules)
      .values({ productId: 101, quantityMin: 3, quantityMax: null, type: 'percent', amount: 1000 });
    const after = await cached.getPurchasables([alpha, beta]);
    expect(after.get(alpha)?.bulkRules).toEqual([
      { quantityMin: 3, quantityMax: null, type: 'percent', amount: 1000 },
    ]);
    expect(after.get(beta)).toBe(first.get(beta)); // another product's entry stays
    await db.delete(bulkPricingRules).where(eq(bulkPricingRules.productId, 101));
    expect((await cached.getPurchasables([alpha])).get(alpha)?.bulkRules).toEqual([]);
  });

  it('reloads the category tree after invalidation', async () => {
    const { db } = database();
    await db
      .insert(categories)
      .values({ id: 20, parentId: 2, name: 'Jackets', slug: 'jackets', url: '/womens/jackets/', depth: 2 });
    expect(await catalogue.getCategoryByPath('/womens/jackets/')).toBeNull();
    catalogue.invalidateCategoryTree();
    expect((await catalogue.getCategoryByPath('/womens/jackets/'))?.category.name).toBe('Jackets');
  });
});

/** The service over the generated seed catalogue: every shown category and every colour of every product. */
describeEachEngine('catalogue service over the seed catalogue', ({ database }) => {
  let catalogue: CatalogueService;

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 40 });
    catalogue = createCatalogue({
      db,
      clock: fixedClock('2024-06-01T00:00:00Z'),
      pricing: pricingOver(db),
    });
  });

  it('resolves every shown category URL, and lists products whose cards link to a real colour page', async () => {
    const tree = await catalogue.getCategoryTree();
    const shown = flatten(tree.roots).filter((node) => tree.isShown(node.id));
    expect(shown.length).toBeGreaterThan(150);
    let listed = 0;
    for (const node of shown) {
      const page = await catalogue.getCategoryByPath(node.url);
      expect(page?.category.id, node.url).toBe(node.id);
      expect(page?.breadcrumbs.at(-1)?.href).toBe(node.url);
      const listing = await catalogue.listCategoryProducts(node.id, {
        page: 1,
        perPage: 24,
        sort: 'featured',
      });
      listed += listing.totalCount;
      for (const card of listing.products) {
        // Unfiltered, a card shows its product's default colour.
        const fallback = card.swatches.find((swatch) => swatch.isDefault) ?? card.swatches[0];
        expect(card.href, card.url).toBe(`/products/${card.url}/${fallback?.slug}`);
        expect(card.shownColor, card.url).toEqual({
          id: fallback?.id,
          slug: fallback?.slug,
          matchesFilter: false,
        });
        expect(card.image?.alt, card.url).toContain(card.name);
      }
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('renders every colour of every listed product with images, variants and breadcrumbs', async () => {
    const mens = await catalogue.getCategoryByPath('/mens/');
    const listing = await catalogue.listCategoryProducts(mens!.category.id, {
      page: 1,
      perPage: 250,
      sort: 'name',
    });
    expect(listing.products.length).toBeGreaterThan(0);
    for (const card of listing.products) {
      for (const swatch of card.swatches) {
        const result = await catalogue.getProductPage(card.url, swatch.slug, 'retail');
        if (result?.kind !== 'page') throw new Error(`${swatch.href}: ${JSON.stringify(result)}`);
        const { page } = result;
        expect(page.selectedColor.id).toBe(swatch.id);
        expect(page.images.length, swatch.href).toBeGreaterThan(0);
        expect(
          page.images.every((image) => image.alt.includes(swatch.label)),
          swatch.href,
        ).toBe(true);
        expect(page.variants.length, swatch.href).toBeGreaterThan(0);
        expect(page.breadcrumbs[0]?.href, swatch.href).toMatch(/^\/[a-z0-9-]+\/$/);
      }
    }
  });
});

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}
