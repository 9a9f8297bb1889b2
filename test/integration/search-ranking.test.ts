/**
 * Ranking lifts (issue 12 §5): among products that match a query equally, the results page ranks in-stock ones
 * above out-of-stock ones, and well-rated and new ones above the rest. The engine's own statements over search
 * documents written for the purpose (same name, description and categories; only the lifted fields differ), on
 * PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import type { CatalogueSearchDocument } from '../../server/catalogue/index.server';
import { rankProducts, rebuildLexicon, writeDocuments } from '../../server/search/engine.server';
import type { TokenGroup } from '../../server/search/query';
import { describeEachEngine } from '../helpers/database';

const NOW = new Date('2026-11-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const doc = (productId: number, extra: Partial<CatalogueSearchDocument>): CatalogueSearchDocument => ({
  productId,
  visible: true,
  sku: String(900000 + productId),
  name: 'Ptarmigan Shell Jacket',
  url: `ptarmigan-shell-jacket-${productId}`,
  brandId: 1,
  description: 'A light shell for wet days above the tree line.',
  gender: 'Mens',
  productType: 'jacket',
  categories: 'Mens Jackets',
  categorySlugs: ['mens-jackets'],
  patterns: '',
  colours: 'Lead',
  technologies: 'Gore-Tex',
  inStock: true,
  // A middling product: no reviews, created a year ago.
  ratingScore: null,
  ratingCount: 0,
  createdAt: daysAgo(365),
  card: {
    href: `/products/ptarmigan-shell-jacket-${productId}/Lead`,
    imageUrl: null,
    imageAlt: 'Ptarmigan Shell Jacket',
    colorLabel: 'Lead',
    pricing: {
      listCents: 20000,
      saleCents: null,
      productType: 'jacket',
      excludeProDiscount: false,
      groupPercents: {},
    },
  },
  ...extra,
});

const PLAIN = 1;
const SOLD_OUT = 2;
const WELL_RATED = 3;
const POORLY_RATED = 4;
const NEW = 5;

const group = (token: string): TokenGroup => ({ token, known: true, corrections: [], synonyms: [] });

describeEachEngine('search ranking lifts', ({ database }) => {
  let order: number[];

  beforeAll(async () => {
    const { db } = database();
    await writeDocuments(db, [
      doc(PLAIN, {}),
      doc(SOLD_OUT, { inStock: false }),
      doc(WELL_RATED, { ratingScore: 4.9, ratingCount: 40 }),
      doc(POORLY_RATED, { ratingScore: 2.1, ratingCount: 40 }),
      doc(NEW, { createdAt: daysAgo(5) }),
    ]);
    await rebuildLexicon(db);
    order = (await rankProducts(db, [group('ptarmigan'), group('shell')], { now: NOW, limit: 10 })).map(
      (product) => product.productId,
    );
  });

  it('finds every equal match', () => {
    expect([...order].sort()).toEqual([PLAIN, SOLD_OUT, WELL_RATED, POORLY_RATED, NEW]);
  });

  it('ranks an out-of-stock product last', () => {
    expect(order.at(-1)).toBe(SOLD_OUT);
  });

  it('lifts a well-rated product above a plain one, and a poor rating gets no lift', () => {
    expect(order.indexOf(WELL_RATED)).toBeLessThan(order.indexOf(PLAIN));
    expect(order.indexOf(WELL_RATED)).toBeLessThan(order.indexOf(POORLY_RATED));
  });

  it('lifts a new product above a plain one', () => {
    expect(order.indexOf(NEW)).toBeLessThan(order.indexOf(PLAIN));
    expect(order.indexOf(NEW)).toBeLessThan(order.indexOf(POORLY_RATED));
  });
});

describeEachEngine('search lexicon rebuilds', ({ database }) => {
  it('rebuilds at once (app servers starting together) all succeed and leave one lexicon', async () => {
    const { db } = database();
    await writeDocuments(db, [
      doc(101, { name: 'Ptarmigan Shell Jacket' }),
      doc(102, { name: 'Kestrel Down Vest' }),
    ]);
    // On PostgreSQL the handle's pool gives each its own connection, as two servers would have.
    await expect(
      Promise.all([rebuildLexicon(db), rebuildLexicon(db), rebuildLexicon(db)]),
    ).resolves.toBeDefined();
    const rows = (await db.execute(
      sql`select word, frequency from search_lexicon where word in ('kestrel', 'ptarmigan') order by word`,
    )) as unknown;
    expect(
      rowsOf<{ word: string; frequency: number }>(rows).map((row) => [row.word, Number(row.frequency)]),
    ).toEqual([
      ['kestrel', 1],
      ['ptarmigan', 1],
    ]);
  });
});
