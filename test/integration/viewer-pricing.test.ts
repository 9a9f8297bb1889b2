/**
 * A listing and a product page priced for the viewer's price list (issue 7 §2): the cards' prices, the price
 * sort and the price facet all follow the list, on both engines.
 */
import { createCatalogue } from '../helpers/catalogue';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { type CatalogueService } from '../../server/catalogue/index.server';
import { categories, customerGroups, productCategories, products } from '../../server/db/schema';
import { describeEachEngine } from '../helpers/database';
import { pricingOver } from '../helpers/pricing';

const FIXTURES = [
  {
    id: 1,
    name: 'Alpha Jacket',
    url: 'alpha-jacket',
    priceCents: 10_000,
    salePriceCents: null,
    productType: 'jacket',
  },
  {
    id: 2,
    name: 'Bravo Pant',
    url: 'bravo-pant',
    priceCents: 8_000,
    salePriceCents: 5_000,
    productType: 'pant',
  },
  {
    id: 3,
    name: 'Charlie Wader',
    url: 'charlie-wader',
    priceCents: 9_000,
    salePriceCents: 0,
    productType: 'wader',
  },
];

describeEachEngine('listing priced for the viewer', ({ database }) => {
  let catalogue: CatalogueService;

  beforeAll(async () => {
    const { db } = database();
    await db.insert(customerGroups).values([
      { id: 1, name: 'Consumer' },
      { id: 2, name: 'Pro Program', discountMethod: 'percent', discountAmount: 30 },
    ]);
    await db
      .insert(categories)
      .values({ id: 1, parentId: null, name: 'Mens', slug: 'mens', url: '/mens/', depth: 1 });
    await db
      .insert(products)
      .values(FIXTURES.map((fixture) => ({ ...fixture, sku: String(fixture.id), gender: 'Mens' })));
    await db
      .insert(productCategories)
      .values(FIXTURES.map((fixture) => ({ productId: fixture.id, categoryId: 1 })));
    catalogue = createCatalogue({
      db,
      clock: fixedClock('2026-11-23T00:00:00Z'),
      pricing: pricingOver(db),
    });
  });

  const browse = (priceList: 'retail' | 'p2', sort: 'price-asc' | 'featured' = 'price-asc') =>
    catalogue.browseCategory(1, { page: 1, perPage: 24, sort, priceList });

  it('a retail viewer pays sale prices; a sale price of 0 is no sale', async () => {
    const { listing } = await browse('retail');
    expect(
      listing.products.map((card) => [card.name, card.price.currentCents, card.price.compareAtCents]),
    ).toEqual([
      ['Bravo Pant', 5_000, 8_000],
      ['Charlie Wader', 9_000, null],
      ['Alpha Jacket', 10_000, null],
    ]);
    expect(listing.products[0]?.badges[0]).toBe('38% OFF');
  });

  it('a pro viewer pays the pro price unless the sale is lower or the product is excluded, sorted by it', async () => {
    const { listing } = await browse('p2');
    expect(
      listing.products.map((card) => [
        card.name,
        card.price.currentCents,
        card.price.compareAtCents,
        card.price.source,
      ]),
    ).toEqual([
      ['Bravo Pant', 5_000, 8_000, 'sale'],
      ['Alpha Jacket', 7_000, 10_000, 'group'],
      ['Charlie Wader', 9_000, null, 'list'],
    ]);
    // A pro price is shown struck through, not announced as a sale.
    expect(listing.products[1]?.badges).toEqual([]);
  });

  it('the price facet counts what each viewer pays', async () => {
    const priceFacet = async (priceList: 'retail' | 'p2') =>
      (await browse(priceList, 'featured')).facets
        .find((facet) => facet.key === 'price')
        ?.values.map((value) => [value.value, value.count]);
    expect(await priceFacet('retail')).toEqual([
      ['50-100', 2],
      ['100-200', 1],
    ]);
    // Every product is under $100 for a pro viewer: one value, so no choice to offer.
    expect(await priceFacet('p2')).toBeUndefined();
  });

  it('a product page is priced for the viewer', async () => {
    const page = async (priceList: 'retail' | 'p2') => {
      const result = await catalogue.getProductPage('alpha-jacket', undefined, priceList);
      return result;
    };
    // No colours in this fixture: the page has no default colour to redirect to.
    expect(await page('retail')).toBeNull();
    const cards = await catalogue.getProductCards([1], 'p2');
    expect(cards[0]?.price).toEqual({
      currentCents: 7_000,
      compareAtCents: 10_000,
      source: 'group',
      saleBadge: null,
    });
  });
});
