/**
 * `npm run bench -- --listing`: the database time of category pages (issue 7 §5, decision 024) on the embedded store
 * that `npm run bench` seeds (`data/bench-<products>`): `catalogue.browseCategory`, what the category route reports
 * as `Server-Timing: db`, timed directly and with no data cache, so every run asks the listing index (facet counts
 * and the page: two statements). Every page is asked WARM_UP_ROUNDS times first (a fresh process's first pages
 * cost two to three times a warm one's: JIT and PGlite's buffers), then `runs` times each; the table gives the
 * minimum, the median and the 90th percentile.
 */
import os from 'node:os';
import { createCatalogueService } from '../server/catalogue/index.server';
import { parseListingQuery } from '../server/catalogue/facets';
import { systemClock } from '../server/clock';
import { selectCustomerGroups } from '../server/customers/groups.server';
import { migrate, openDatabase } from '../server/db/database.server';
import { createInventoryService } from '../server/inventory/index.server';
import { createMailService } from '../server/mail/index.server';
import { createReviewsService } from '../server/reviews/index.server';
import { createPricingService } from '../server/pricing/index.server';
import type { PriceListKey } from '../server/viewer/viewer';
import { markdownTable } from './markdown-table';

/** As the category route asks (app/routes/$.tsx). */
const PER_PAGE = 24;
const WARM_UP_ROUNDS = 5;

/** The pages of decision 024's table and a few more shapes; `/season/` holds every product. */
export const LISTING_PAGES: { label: string; path: string; query: string; priceList?: 'pro' }[] = [
  { label: 'featured, page 1', path: '/season/', query: '' },
  { label: 'price low to high, page 5', path: '/season/', query: 'sort=price-asc&page=5' },
  { label: 'size M or L and colour Black', path: '/season/', query: 'size=M&size=L&color=Black' },
  { label: 'newest, technology Gore-Tex', path: '/season/', query: 'tech=Gore-Tex&sort=newest' },
  {
    label: 'pro price list, $100–200, top rated',
    path: '/season/',
    query: 'price=100-200&sort=top-rated',
    priceList: 'pro',
  },
  { label: 'gender Womens', path: '/pursuit/', query: 'gender=Womens' },
  { label: 'size M or L, page 2', path: '/season/', query: 'size=M&size=L&page=2' },
  { label: 'a subcategory, newest', path: '/mens/jackets-and-vests/', query: 'sort=newest' },
];

export type ListingBenchOptions = { dataDir: string; runs: number };

/** The report: a line on the conditions and the table (markdown). */
export async function runListingBench({ dataDir, runs }: ListingBenchOptions): Promise<string> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  // A store seeded before the latest migrations is brought up to them, as the app does when it starts.
  await migrate(handle);
  try {
    const groups = await selectCustomerGroups(handle.db);
    const pricing = createPricingService({ loadGroups: async () => groups });
    // The seeded Pro Program group's pro price list (SPEC §6): its price ranges and price orders are its own.
    const pro = groups.find((group) => group.name === 'Pro Program');
    if (!pro) throw new Error('The store has no Pro Program group');
    const reviews = createReviewsService({ db: handle.db });
    const catalogue = createCatalogueService({
      db: handle.db,
      clock: systemClock,
      pricing,
      reviews,
      // Category pages ask the inventory nothing; the catalogue's other reads (search documents) are not timed.
      inventory: createInventoryService({
        db: handle.db,
        clock: systemClock,
        mail: createMailService({ db: handle.db }),
        catalogue: { findVariant: (sku) => catalogue.findVariant(sku) },
      }),
    });
    // Brings the index up to date first (a store seeded but never started builds it here: about 30 s), and no
    // sync during the runs.
    await catalogue.startListingSync({ pollMs: 0 });
    const loadBefore = os.loadavg()[0]!;
    const asks = [];
    for (const page of LISTING_PAGES) {
      const category = await catalogue.getCategoryByPath(page.path);
      if (!category) throw new Error(`No category at ${page.path}`);
      const parsed = parseListingQuery(new URLSearchParams(page.query));
      if (!parsed.ok) throw new Error(`${page.query}: ${parsed.error}`);
      const priceList: PriceListKey =
        page.priceList === 'pro' ? pricing.priceListKeyFor(pro, { pro: true }) : 'retail';
      asks.push({
        page,
        ask: () =>
          catalogue.browseCategory(category.category.id, { ...parsed.query, perPage: PER_PAGE, priceList }),
      });
    }
    for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const { ask } of asks) await ask();
    const rows: string[][] = [];
    for (const { page, ask } of asks) {
      const first = await ask();
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const start = performance.now();
        await ask();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      rows.push([
        `${page.label} (\`${page.path}${page.query ? `?${page.query}` : ''}\`)`,
        first.listing.totalCount.toLocaleString('en-US'),
        at(0).toFixed(1),
        at(0.5).toFixed(1),
        at(0.9).toFixed(1),
      ]);
    }
    const loadAfter = os.loadavg()[0]!;
    return [
      `${runs} runs per page after ${WARM_UP_ROUNDS} warm-up rounds, no data cache, embedded PGlite; load average ` +
        `${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
      '',
      markdownTable(['page', 'products', 'min ms', 'median ms', 'p90 ms'], rows),
    ].join('\n');
  } finally {
    await handle.close();
  }
}
