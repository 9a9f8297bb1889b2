/**
 * Filtered category listings over a real database (PGlite and the local PostgreSQL): facet values and their
 * counts under the other filters, filters OR'ed within a facet and AND'ed across, sorting (top rated, price),
 * paging, card badges under a fixed clock, and a fixed number of statements per page.
 */
import { createCatalogue } from '../helpers/catalogue';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { type CatalogueService } from '../../server/catalogue/index.server';
import { emptyFilters, type Facet, type ListingFilters } from '../../server/catalogue/facets';
import type { Database } from '../../server/db/database.server';
import {
  categories,
  productCategories,
  productCustomFields,
  productImages,
  productOptions,
  productOptionValues,
  products,
  ratingSummaries,
  variants,
} from '../../server/db/schema';
import { describeEachEngine } from '../helpers/database';
import { countStatements } from '../helpers/statements';
import { pricingOver } from '../helpers/pricing';

type Colour = { label: string; code: string; isPattern?: boolean };
type Fixture = {
  id: number;
  name: string;
  gender: string;
  type: string;
  priceCents: number;
  salePriceCents?: number;
  colours: Colour[];
  sizes: string[];
  /** Sizes whose variants cannot be bought. */
  disabledSizes?: string[];
  tech?: string;
  rating?: [score: number, count: number];
  fields?: Record<string, string>;
  position: number;
};

const SUB: Colour = { label: 'Optifade Subalpine', code: 'SUB', isPattern: true };
const LEAD: Colour = { label: 'Lead', code: 'LD' };
const BLACK: Colour = { label: 'Black', code: 'BK' };

const FIXTURES: Fixture[] = [
  {
    id: 201,
    name: 'Alpha Jacket',
    gender: 'Mens',
    type: 'jacket',
    priceCents: 30_000,
    salePriceCents: 24_000, // 20% off: "Sale"
    colours: [LEAD, SUB],
    sizes: ['S', 'M', 'L'],
    tech: 'Gore-Tex,PrimaLoft',
    rating: [4.2, 10],
    position: 0,
  },
  {
    id: 202,
    name: 'Bravo Jacket',
    gender: 'Mens',
    type: 'jacket',
    priceCents: 15_000,
    salePriceCents: 9_000, // 40% off
    colours: [BLACK],
    sizes: ['M', 'L'],
    disabledSizes: ['L'],
    tech: '["Gore-Tex","Polygiene"]',
    rating: [4.8, 3],
    position: 1,
    fields: { badge_start: '2024-05-01', badge_end: '2024-07-01', badge_new: 'true' },
  },
  {
    id: 203,
    name: 'Charlie Vest',
    gender: 'Mens',
    type: 'vest',
    priceCents: 8_000,
    colours: [SUB],
    sizes: ['L', 'XL'],
    rating: [4.8, 40],
    position: 2,
    // Outside its window on the fixed clock: no badge.
    fields: { badge_start: '2023-01-01', badge_end: '2023-02-01', badge_exclusive: 'true' },
  },
  {
    id: 204,
    name: 'Delta Pack',
    gender: 'Unisex',
    type: 'pack',
    priceCents: 60_000,
    colours: [LEAD],
    sizes: ['One Size'],
    tech: 'PrimaLoft',
    position: 3,
  },
  {
    id: 205,
    name: 'Echo Jacket',
    gender: 'Mens',
    type: 'jacket',
    priceCents: 4_500,
    colours: [BLACK, SUB],
    sizes: ['S'],
    position: 4,
    // Subalpine is its new colour: the badge belongs on a card showing Subalpine, not on one showing Black.
    fields: {
      badge_start: '2024-05-01',
      badge_end: '2024-07-01',
      badge_new_color: 'true',
      badge_new_color_variants: 'SUB',
    },
  },
];

async function insertFixtures(db: Database): Promise<void> {
  await db.insert(categories).values([
    { id: 1, parentId: null, name: 'Mens', slug: 'mens', url: '/mens/', depth: 1 },
    { id: 10, parentId: 1, name: 'Jackets', slug: 'jackets', url: '/mens/jackets/', depth: 2 },
    {
      id: 11,
      parentId: 10,
      name: 'All',
      slug: 'all',
      url: '/mens/jackets/all/',
      depth: 3,
      isAllListing: true,
    },
  ]);
  for (const product of FIXTURES) {
    const { id } = product;
    await db.insert(products).values({
      id,
      sku: String(id),
      name: product.name,
      url: product.name.toLowerCase().replace(/\s+/g, '-'),
      priceCents: product.priceCents,
      salePriceCents: product.salePriceCents ?? null,
      gender: product.gender,
      productType: product.type,
      createdAt: new Date(Date.UTC(2024, 0, id - 200)),
    });
    await db
      .insert(productCategories)
      .values([
        { productId: id, categoryId: 1, sortOrder: product.position },
        ...(product.type === 'jacket'
          ? [{ productId: id, categoryId: 10, sortOrder: product.position }]
          : []),
      ]);
    await db.insert(productOptions).values([
      { id: id * 10, productId: id, displayName: 'Color', sortOrder: 0 },
      { id: id * 10 + 1, productId: id, displayName: 'Size', sortOrder: 1 },
    ]);
    const colourIds = product.colours.map((_, index) => id * 100 + index);
    const sizeIds = product.sizes.map((_, index) => id * 100 + 50 + index);
    await db.insert(productOptionValues).values([
      ...product.colours.map((colour, index) => ({
        id: colourIds[index]!,
        optionId: id * 10,
        label: colour.label,
        sortOrder: index,
        isDefault: index === 0,
        swatch: `${colour.code.toLowerCase()}.png`,
        isPattern: colour.isPattern ?? false,
      })),
      ...product.sizes.map((label, index) => ({
        id: sizeIds[index]!,
        optionId: id * 10 + 1,
        label,
        sortOrder: index,
      })),
    ]);
    await db.insert(variants).values(
      product.colours.flatMap((colour, colourIndex) =>
        product.sizes.map((size, sizeIndex) => ({
          id: id * 1000 + colourIndex * 10 + sizeIndex,
          productId: id,
          sku: `${id}-${colour.code}-${size}`,
          colorValueId: colourIds[colourIndex]!,
          sizeValueId: sizeIds[sizeIndex]!,
          purchasingDisabled: product.disabledSizes?.includes(size) ?? false,
        })),
      ),
    );
    await db.insert(productImages).values(
      product.colours.map((colour, index) => ({
        productId: id,
        url: `/images/${id}-${colour.code}-1.webp`,
        sortOrder: index,
        isThumbnail: index === 0,
        width: 800,
        height: 1000,
        description: {
          colorName: colour.label,
          colorCode: colour.code,
          number: 1,
          isModel: false,
          default: true,
          islifestyle: false,
        },
      })),
    );
    const fields = { ...product.fields, ...(product.tech ? { technology_badges: product.tech } : {}) };
    if (Object.keys(fields).length > 0)
      await db
        .insert(productCustomFields)
        .values(Object.entries(fields).map(([name, value]) => ({ productId: id, name, value })));
    if (product.rating)
      await db.insert(ratingSummaries).values({
        targetType: 'product',
        targetId: id,
        score: product.rating[0],
        totalCount: product.rating[1],
      });
  }
}

const filters = (partial: Partial<ListingFilters>): ListingFilters => ({ ...emptyFilters(), ...partial });

/** facet key → [value, count, selected] in display order. */
const summary = (facets: Facet[]) =>
  Object.fromEntries(
    facets.map((facet) => [
      facet.key,
      facet.values.map((value) => [value.value, value.count, value.selected] as const),
    ]),
  );

describeEachEngine('filtered category listings', ({ engine, database }) => {
  let catalogue: CatalogueService;
  let statements: ReturnType<typeof countStatements>;

  beforeAll(async () => {
    const { db } = database();
    await insertFixtures(db);
    catalogue = createCatalogue({
      db,
      clock: fixedClock('2024-06-01T12:00:00Z'),
      pricing: pricingOver(db),
    });
    statements = countStatements(db, engine);
  });

  const browse = (
    categoryId: number,
    options: Partial<Parameters<CatalogueService['browseCategory']>[1]> = {},
  ) => catalogue.browseCategory(categoryId, { page: 1, perPage: 24, sort: 'featured', ...options });

  it('builds every facet from the category’s products, with counts', async () => {
    const { listing, facets } = await browse(1);
    expect(listing.totalCount).toBe(5);
    expect(summary(facets)).toEqual({
      // Bravo's L cannot be bought: L counts Alpha and Charlie only.
      size: [
        ['S', 2, false],
        ['M', 2, false],
        ['L', 2, false],
        ['XL', 1, false],
        ['One Size', 1, false],
      ],
      // Patterns first.
      color: [
        ['Optifade-Subalpine', 3, false],
        ['Black', 2, false],
        ['Lead', 2, false],
      ],
      gender: [
        ['Mens', 4, false],
        ['Unisex', 1, false],
      ],
      type: [
        ['jacket', 3, false],
        ['pack', 1, false],
        ['vest', 1, false],
      ],
      // A comma list and a JSON array both count; SPEC §9 priority order.
      tech: [
        ['PrimaLoft', 2, false],
        ['Polygiene', 1, false],
        ['Gore-Tex', 2, false],
      ],
      // The sale price decides the range: Alpha (240) and Bravo (90).
      price: [
        ['0-50', 1, false],
        ['50-100', 2, false],
        ['200-300', 1, false],
        ['500-', 1, false],
      ],
    });
    expect(facets.find((facet) => facet.key === 'color')?.values[0]).toMatchObject({
      label: 'Optifade Subalpine',
      swatchUrl: '/swatches/sub.png',
      isPattern: true,
    });
  });

  it('ORs values within a facet and ANDs facets; each facet counts under the others’ filters', async () => {
    const { listing, facets } = await browse(1, {
      filters: filters({ size: ['m', 'XL'], color: ['optifade-subalpine'] }),
    });
    // M or XL, and in Subalpine: Alpha (M, SUB) and Charlie (XL, SUB); Bravo is M but Black.
    expect(listing.products.map((product) => product.name)).toEqual(['Alpha Jacket', 'Charlie Vest']);
    expect(listing.totalCount).toBe(2);
    const counts = summary(facets);
    // Sizes under the colour filter only (Alpha, Charlie, Echo are in Subalpine).
    expect(counts.size).toEqual([
      ['S', 2, false],
      ['M', 1, true],
      ['L', 2, false],
      ['XL', 1, true],
    ]);
    // Colours under the size filter only (Alpha, Bravo, Charlie are M or XL).
    expect(counts.color).toEqual([
      ['Optifade-Subalpine', 2, true],
      ['Black', 1, false],
      ['Lead', 1, false],
    ]);
    expect(counts.type).toEqual([
      ['jacket', 1, false],
      ['vest', 1, false],
    ]);
  });

  it.each<[string, Partial<ListingFilters>, string[]]>([
    ['technology from a JSON array', { tech: ['Polygiene'] }, ['Bravo Jacket']],
    ['technology from a comma list', { tech: ['PrimaLoft'] }, ['Alpha Jacket', 'Delta Pack']],
    ['a price range of the sale price', { price: ['50-100'] }, ['Bravo Jacket', 'Charlie Vest']],
    ['two price ranges', { price: ['0-50', '500-'] }, ['Delta Pack', 'Echo Jacket']],
    ['gender', { gender: ['Unisex'] }, ['Delta Pack']],
    ['product type', { type: ['vest', 'pack'] }, ['Charlie Vest', 'Delta Pack']],
    ['a size that cannot be bought', { size: ['L'], type: ['jacket'] }, ['Alpha Jacket']],
    ['an unknown value', { color: ['Nope'] }, []],
  ])('filters by %s', async (_case, partial, names) => {
    const { listing } = await browse(1, { filters: filters(partial) });
    expect(listing.products.map((product) => product.name)).toEqual(names);
    expect(listing.totalCount).toBe(names.length);
  });

  it('keeps a selected value with no products in its facet, at 0, so it can be cleared', async () => {
    const { facets, listing } = await browse(1, { filters: filters({ color: ['Nope'] }) });
    expect(listing.pageCount).toBe(1);
    expect(facets.find((facet) => facet.key === 'color')?.values.at(-1)).toMatchObject({
      value: 'Nope',
      count: 0,
      selected: true,
    });
  });

  it.each([
    ['top-rated', ['Charlie Vest', 'Bravo Jacket', 'Alpha Jacket', 'Delta Pack', 'Echo Jacket']],
    ['price-asc', ['Echo Jacket', 'Charlie Vest', 'Bravo Jacket', 'Alpha Jacket', 'Delta Pack']],
    ['price-desc', ['Delta Pack', 'Alpha Jacket', 'Bravo Jacket', 'Charlie Vest', 'Echo Jacket']],
    ['newest', ['Echo Jacket', 'Delta Pack', 'Charlie Vest', 'Bravo Jacket', 'Alpha Jacket']],
  ] as const)('sorts by %s', async (sort, names) => {
    const { listing } = await browse(1, { sort });
    expect(listing.products.map((product) => product.name)).toEqual(names);
  });

  it('pages a filtered, sorted listing without gaps or repeats', async () => {
    const pages = await Promise.all(
      [1, 2].map((page) =>
        browse(1, {
          page,
          perPage: 2,
          sort: 'price-asc',
          filters: filters({ color: ['Optifade-Subalpine', 'Black'] }),
        }),
      ),
    );
    expect(pages.map(({ listing }) => listing.products.map((product) => product.id))).toEqual([
      [205, 203],
      [202, 201],
    ]);
    expect(pages[0]!.listing).toMatchObject({ totalCount: 4, pageCount: 2 });
  });

  it('lists the parent’s products at an /all/ category', async () => {
    const all = await browse(11, { sort: 'name' });
    const parent = await browse(10, { sort: 'name' });
    expect(all.listing.products).toEqual(parent.listing.products);
    expect(all.facets).toEqual(parent.facets);
    expect(all.listing.totalCount).toBe(3);
  });

  it('puts the sale badge and dated badges in their window on the cards', async () => {
    const { listing } = await browse(1);
    const badges = Object.fromEntries(listing.products.map((product) => [product.name, product.badges]));
    expect(badges).toEqual({
      'Alpha Jacket': ['Sale'],
      'Bravo Jacket': ['40% OFF', 'New'],
      'Charlie Vest': [],
      'Delta Pack': [],
      'Echo Jacket': [],
    });
  });

  /** name → [link, image, badges, shown colour chosen by the filter] of each card. */
  const colourways = (products: Awaited<ReturnType<typeof browse>>['listing']['products']) =>
    Object.fromEntries(
      products.map((card) => [
        card.name,
        [card.href, card.image?.url, card.badges, card.shownColor?.matchesFilter] as const,
      ]),
    );

  it.each<[string, string[], Record<string, readonly [string, string, string[], boolean]>]>([
    [
      'a pattern: each card in it, default or not',
      ['Optifade-Subalpine'],
      {
        'Alpha Jacket': [
          '/products/alpha-jacket/Optifade-Subalpine',
          '/images/201-SUB-1.webp',
          ['Sale'],
          true,
        ],
        'Charlie Vest': ['/products/charlie-vest/Optifade-Subalpine', '/images/203-SUB-1.webp', [], true],
        // Echo's new colour: "New Color" (unfiltered, Echo shows Black without it).
        'Echo Jacket': [
          '/products/echo-jacket/Optifade-Subalpine',
          '/images/205-SUB-1.webp',
          ['New Color'],
          true,
        ],
      },
    ],
    [
      'a solid, in any case',
      ['black'],
      {
        'Bravo Jacket': ['/products/bravo-jacket/Black', '/images/202-BK-1.webp', ['40% OFF', 'New'], true],
        'Echo Jacket': ['/products/echo-jacket/Black', '/images/205-BK-1.webp', [], true],
      },
    ],
    [
      'two colours: the default when named, else the first named in the product’s order',
      ['Optifade-Subalpine', 'Lead'],
      {
        'Alpha Jacket': ['/products/alpha-jacket/Lead', '/images/201-LD-1.webp', ['Sale'], true],
        'Charlie Vest': ['/products/charlie-vest/Optifade-Subalpine', '/images/203-SUB-1.webp', [], true],
        'Delta Pack': ['/products/delta-pack/Lead', '/images/204-LD-1.webp', [], true],
        'Echo Jacket': [
          '/products/echo-jacket/Optifade-Subalpine',
          '/images/205-SUB-1.webp',
          ['New Color'],
          true,
        ],
      },
    ],
  ])(
    'under a colour filter, shows and links the colourway it names on every card: %s',
    async (_case, color, expected) => {
      const { listing } = await browse(1, { filters: filters({ color }) });
      expect(colourways(listing.products)).toEqual(expected);
      // The same cards on a page of search results (the same listing structures over a list of ids).
      const searched = await catalogue.browseProducts([205, 204, 203, 202, 201], {
        page: 1,
        perPage: 24,
        sort: 'featured',
        filters: filters({ color }),
      });
      expect(colourways(searched.listing.products)).toEqual(expected);
    },
  );

  it('without a colour filter, shows each product’s default colourway', async () => {
    const { listing } = await browse(1, { filters: filters({ size: ['S'] }) });
    expect(colourways(listing.products)).toEqual({
      'Alpha Jacket': ['/products/alpha-jacket/Lead', '/images/201-LD-1.webp', ['Sale'], false],
      'Echo Jacket': ['/products/echo-jacket/Black', '/images/205-BK-1.webp', [], false],
    });
  });

  it('costs two statements for any page size and any filters (the listing index)', async () => {
    await catalogue.getCategoryTree();
    await catalogue.syncListings();
    for (const options of [
      { perPage: 1 },
      { perPage: 24 },
      {
        perPage: 24,
        sort: 'top-rated' as const,
        filters: filters({ size: ['M'], tech: ['Gore-Tex'], price: ['50-100'] }),
      },
      // A colour filter picks each card's colourway from what the page's statement already reads.
      { perPage: 24, filters: filters({ color: ['Optifade-Subalpine', 'Black'] }) },
    ]) {
      statements.reset();
      await browse(1, options);
      expect(statements.count).toBe(2);
    }
  });
});
