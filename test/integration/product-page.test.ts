/**
 * The product page over the seed catalogue on PGlite and PostgreSQL: the dated colour-order rule of the
 * Icon Pullover Hoody (on in 2023, off with the real 2026 clock), lifestyle images, badges in their
 * window, cards for the recently viewed strip, and recommendations (deterministic, related, for the product's
 * audience, spread over prices, kept an hour).
 */
import { createCatalogue } from '../helpers/catalogue';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { audienceFits } from '../../server/catalogue/recommendation-pick';
import { products } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { describeEachEngine } from '../helpers/database';
import { pricingOver } from '../helpers/pricing';

const HOODY = 'Icon Pullover Hoody';

describeEachEngine('product page', ({ database }) => {
  let hoodyUrl: string;

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 30 });
    const [hoody] = await db.select().from(products).where(eq(products.name, HOODY));
    if (!hoody) throw new Error('no hoody in the seed');
    hoodyUrl = hoody.url;
  });

  const pageAt = async (at: string, color = 'Lead') => {
    const catalogue = createCatalogue({
      db: database().db,
      clock: fixedClock(at),
      pricing: pricingOver(database().db),
    });
    const result = await catalogue.getProductPage(hoodyUrl, color, 'retail');
    if (result?.kind !== 'page') throw new Error(`no page: ${JSON.stringify(result)}`);
    return result.page;
  };

  it('lists Sitka Black Blaze Orange first while the 2023 rule is on, and not after it ends', async () => {
    const in2023 = await pageAt('2023-06-01T00:00:00Z');
    expect(in2023.colors[0]?.label).toBe('Sitka Black Blaze Orange');
    const in2026 = await pageAt('2026-11-22T00:00:00Z');
    expect(in2026.colors[0]?.label).not.toBe('Sitka Black Blaze Orange');
    expect(in2026.colors.map((color) => color.label).sort()).toEqual(
      in2023.colors.map((color) => color.label).sort(),
    );
  });

  it('gives the selected colour its code, two lifestyle images and prioritised technology badges', async () => {
    const page = await pageAt('2026-11-22T00:00:00Z');
    expect(page.colorCode).toBe('LD');
    expect(page.lifestyleImages.length).toBeLessThanOrEqual(2);
    expect(page.images[0]?.alt).toBe(`${HOODY} in Lead`);
  });

  it('shows badges only within their window', async () => {
    const { db } = database();
    const catalogue = (at: string) =>
      createCatalogue({ db, clock: fixedClock(at), pricing: pricingOver(db) });
    // Across the seed, some products carry a current badge at the seed's reference date and none in 1990.
    const rows = await db.select({ url: products.url }).from(products);
    let shownNow = 0;
    for (const row of rows) {
      const now = await catalogue('2026-11-01T12:00:00Z').getProductPage(row.url, undefined, 'retail');
      if (now?.kind !== 'redirect') continue;
      const color = decodeURIComponent(now.path.split('/').pop() ?? '');
      const page = await catalogue('2026-11-01T12:00:00Z').getProductPage(row.url, color, 'retail');
      const old = await catalogue('1990-01-01T00:00:00Z').getProductPage(row.url, color, 'retail');
      if (page?.kind !== 'page' || old?.kind !== 'page') throw new Error('no page');
      if (page.page.badges.length > 0) shownNow++;
      const fields = old.page.customFields;
      if ((fields.badge_start ?? '').trim() !== '') expect(old.page.badges).toEqual([]);
    }
    expect(shownNow).toBeGreaterThan(0);
  });

  it('builds cards for ids in the order given, leaving out unknown ids', async () => {
    const { db } = database();
    const catalogue = createCatalogue({
      db,
      clock: fixedClock('2026-11-22T00:00:00Z'),
      pricing: pricingOver(db),
    });
    const ids = (await db.select({ id: products.id }).from(products).orderBy(products.id).limit(3)).map(
      (r) => r.id,
    );
    const [a, b, c] = ids as [number, number, number];
    const cards = await catalogue.getProductCards([c, 999_999, a, c, b], 'retail');
    expect(cards.map((card) => card.id)).toEqual([c, a, b]);
    expect(cards.every((card) => card.href.startsWith('/products/'))).toBe(true);
  });

  it('recommends up to 10 related products for its audience, spread over prices, never itself, kept for an hour', async () => {
    const { db } = database();
    const clock = fixedClock('2026-11-22T00:00:00Z');
    const catalogue = createCatalogue({ db, clock, pricing: pricingOver(db) });
    const [hoody] = await db.select().from(products).where(eq(products.url, hoodyUrl));
    if (!hoody) throw new Error('no hoody');
    const first = await catalogue.getProductRecommendations(hoody.id, 'retail');
    expect(first.length).toBe(10);
    expect(first.map((card) => card.id)).not.toContain(hoody.id);
    const rows = await db
      .select({ id: products.id, gender: products.gender, priceCents: products.priceCents })
      .from(products)
      .where(
        inArray(
          products.id,
          first.map((card) => card.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const shown = first.map((card) => byId.get(card.id)!);
    // For the hoody's audience (men's and unisex for a men's product), mostly.
    const fitting = shown.filter((row) => audienceFits(hoody.gender, row.gender));
    expect(fitting.length).toBeGreaterThanOrEqual(7);
    // Varied in price, cheapest first.
    const prices = shown.map((row) => row.priceCents);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(new Set(prices).size).toBeGreaterThanOrEqual(5);
    expect(prices.at(-1)! - prices[0]!).toBeGreaterThanOrEqual(5_000);
    expect(await catalogue.getProductRecommendations(hoody.id, 'retail')).toEqual(first);
    const kept = await catalogue.getProductRecommendations(hoody.id, 'retail');
    clock.advance(3_600_000);
    const renewed = await catalogue.getProductRecommendations(hoody.id, 'retail');
    expect(renewed).not.toBe(kept);
    expect(renewed).toEqual(kept);
    const article = await catalogue.getArticleRecommendations('retail');
    expect(article).toHaveLength(8);
  });
});
