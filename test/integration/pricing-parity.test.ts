/**
 * The price rule has two spellings: `priceFor` (TypeScript: product cards, product pages, the cart) and `priceSql`
 * (the SQL that sorts listings and counts the price facet). This test holds them to one answer on both engines,
 * for every price list, over a grid of pricing inputs chosen to hit every branch and rounding edge (issue 7 §2).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { products } from '../../server/db/schema';
import { allPriceLists, type GroupForPricing } from '../../server/pricing/price-lists';
import { priceFor, type PricedItem } from '../../server/pricing/price-rules';
import { priceSql } from '../../server/pricing/price-sql';
import { describeEachEngine } from '../helpers/database';

const GROUPS: GroupForPricing[] = [
  { id: 1, name: 'Consumer', discountMethod: null, discountAmount: 0 },
  { id: 2, name: 'Pro Program', discountMethod: 'percent', discountAmount: 30 },
  { id: 3, name: "Shed App's", discountMethod: 'percent', discountAmount: 12.5 },
  { id: 5, name: 'GovX Military', discountMethod: 'percent', discountAmount: 15 },
  { id: 9, name: 'Odd', discountMethod: 'fixed', discountAmount: 500 },
];

const LIST_PRICES = [0, 1, 999, 1_005, 4_999, 19_999, 20_000, 149_995];
const SALES = (list: number) => [null, 0, -1, 1, Math.floor(list / 2), list - 1, list, list + 1];
const TYPES = ['jacket', 'wader'];
const PERCENTS: Record<string, number>[] = [
  {},
  { 'Pro Program': 40 },
  { 'Pro Program': 10, "Shed App's": 33.33 },
  { 'GovX Military': 20, Odd: 7 },
  { 'GovX Military': 12.345 },
];

function grid(): (PricedItem & { id: number })[] {
  const items: (PricedItem & { id: number })[] = [];
  let id = 1;
  for (const listCents of LIST_PRICES)
    for (const saleCents of SALES(listCents))
      for (const productType of TYPES)
        for (const excludeProDiscount of [false, true])
          for (const groupPercents of PERCENTS)
            items.push({ id: id++, listCents, saleCents, productType, excludeProDiscount, groupPercents });
  return items;
}

describeEachEngine('pricing parity', ({ database }) => {
  const items = grid();

  beforeAll(async () => {
    const { db } = database();
    const rows = items.map((item) => ({
      id: item.id,
      sku: `P${item.id}`,
      name: `Product ${item.id}`,
      url: `product-${item.id}`,
      priceCents: item.listCents!,
      salePriceCents: item.saleCents,
      gender: 'Unisex',
      productType: item.productType,
      excludeProDiscount: item.excludeProDiscount,
      groupPercents: item.groupPercents,
    }));
    for (let start = 0; start < rows.length; start += 500)
      await db.insert(products).values(rows.slice(start, start + 500));
  });

  test(`SQL and TypeScript agree for ${allPriceLists(GROUPS).length} price lists × ${items.length} items`, async () => {
    const { db } = database();
    const columns = {
      listCents: sql`p.price_cents`,
      saleCents: sql`p.sale_price_cents`,
      productType: sql`p.product_type`,
      excludeProDiscount: sql`p.exclude_pro_discount`,
      groupPercents: sql`p.group_percents`,
    };
    const lists = allPriceLists(GROUPS);
    expect(lists.map((list) => list.key)).toEqual([
      'retail',
      'p1',
      'g2',
      'p2',
      'g3',
      'p3',
      'g5',
      'p5',
      'g9',
      'p9',
    ]);
    for (const list of lists) {
      const result = (await db.execute(
        sql`select p.id, ${priceSql(list, columns)} as price from products p order by p.id`,
      )) as unknown as { rows?: { id: number; price: number }[] } | { id: number; price: number }[];
      const rows = Array.isArray(result) ? result : (result.rows ?? []);
      expect(rows).toHaveLength(items.length);
      const mismatches = rows
        .map((row, index) => ({
          item: items[index]!,
          sql: Number(row.price),
          ts: priceFor(list, items[index]!).currentCents,
        }))
        .filter(({ sql: fromSql, ts }) => fromSql !== ts);
      expect(mismatches, `price list ${list.key}`).toEqual([]);
    }
  });

  test('the grid reaches every source of a price', () => {
    const sources = new Set(
      allPriceLists(GROUPS).flatMap((list) => items.map((item) => priceFor(list, item).source)),
    );
    expect([...sources].sort()).toEqual(['group', 'list', 'sale']);
  });
});
