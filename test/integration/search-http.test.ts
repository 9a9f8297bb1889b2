/**
 * The search endpoints over the production build (issue 12): the results page and its redirect without
 * JavaScript, the JSON calls mirroring SPEC §7 with 400s for bad parameters, beacons, and the index following a
 * catalogue change.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeadersAfter } from '../../server/cart/http.server';
import { ANONYMOUS } from '../../server/viewer/viewer';
import { startHttpApp, type RunningApp } from '../helpers/http-app';

let app: RunningApp;

beforeAll(async () => {
  app = await startHttpApp({ products: 60, microCache: false, env: { SEARCH_SYNC_MS: '0' } });
});
afterAll(async () => {
  await app?.close();
});

const getJson = async (path: string) => {
  const reply = await app.request(path, { headers: { Accept: 'application/json' } });
  return {
    status: reply.status,
    body: JSON.parse(reply.text) as Record<string, unknown>,
    headers: reply.headers,
  };
};

describe('results page', () => {
  it('answers a redirect term with a redirect (no JavaScript needed)', async () => {
    const reply = await app.request('/search?q=Gift+Cards');
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/gift-ideas/');
  });

  it('shows ranked results, shared like a category page', async () => {
    const reply = await app.request('/search?q=jacket');
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('Search results for “jacket”');
    expect(reply.headers['cache-control']).toMatch(/^public/);
  });

  it('is a 400 for a bad listing parameter and a 404 past the last page', async () => {
    expect((await app.request('/search?q=jacket&sort=cheapest')).status).toBe(400);
    expect((await app.request('/search?q=jacket&page=999')).status).toBe(404);
  });
});

describe('JSON endpoints', () => {
  it('autocomplete answers q with resultsPerPage results (1 by default)', async () => {
    const one = await getJson('/api/search/autocomplete?q=jacket');
    expect(one.status).toBe(200);
    expect(one.body.results).toHaveLength(1);
    const three = await getJson('/api/search/autocomplete?q=jacket&resultsPerPage=3');
    const results = three.body.results as { name: string; selectedVariant: { calculated_price: number } }[];
    expect(results).toHaveLength(3);
    for (const result of results) expect(result.selectedVariant.calculated_price).toBeGreaterThan(0);
  });

  it('suggest answers corrected-query, suggested.text and alternatives', async () => {
    const { status, body } = await getJson('/api/search/suggest?query=jakcet');
    expect(status).toBe(200);
    expect(body['corrected-query']).toBe('jacket');
    expect(body.suggested).toEqual({ text: expect.stringContaining('jacket') });
    expect(Array.isArray(body.alternatives)).toBe(true);
  });

  it.each([
    ['/api/search/autocomplete', 'q: q is required'],
    ['/api/search/autocomplete?q=ja', 'q: q must be at least 3 characters'],
    [
      '/api/search/autocomplete?q=jacket&resultsPerPage=lots',
      'resultsPerPage: resultsPerPage must be a number',
    ],
    [
      '/api/search/autocomplete?q=jacket&resultsPerPage=0',
      'resultsPerPage: resultsPerPage must be 1 or more',
    ],
    ['/api/search/suggest?q=jacket', 'query: query is required'],
    ['/api/search/recommend', 'request: tags, lastViewed or cart is required'],
    ['/api/search/recommend?tags=mens&limit=9', 'limit: limit must be 8 or less without lastViewed or cart'],
    [
      '/api/search/recommend?lastViewed=1,x',
      'lastViewed: lastViewed must be a comma-separated list of up to 20 product ids',
    ],
  ])('%s is a 400: %s', async (path, message) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });

  it('recommends by tags (8 at most) and, from last viewed products, up to 10 others', async () => {
    const byTags = await getJson('/api/search/recommend?tags=jacket');
    const tagged = byTags.body.results as { id: number; custom_fields: { product_type: string } }[];
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.length).toBeLessThanOrEqual(8);
    expect(tagged.every((item) => item.custom_fields.product_type === 'jacket')).toBe(true);
    const personal = await getJson(`/api/search/recommend?lastViewed=${tagged[0]!.id}&limit=10`);
    const others = personal.body.results as { id: number }[];
    expect(others.length).toBe(10);
    expect(others.map((item) => item.id)).not.toContain(tagged[0]!.id);
  });
});

describe('beacons', () => {
  const post = (body: unknown) =>
    app.request('/api/search/beacon', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: app.origin },
      body: JSON.stringify(body),
    });

  it('records a product view, and co-views lift recommendations', async () => {
    expect((await post({ kind: 'product-view', productIds: [1, 2], sessionId: 's1' })).status).toBe(204);
    expect((await post({ kind: 'product-view', productIds: [1, 40], sessionId: 's2' })).status).toBe(204);
    const rows = (await app.services.db.execute(
      sql`select count(*)::int as count from search_events where kind = 'product-view'`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows.rows[0]!.count).toBe(2);
    const { body } = await getJson('/api/search/recommend?lastViewed=1');
    const ids = (body.results as { id: number }[]).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([2, 40]));
  });

  it('refuses a bad beacon with a message', async () => {
    const reply = await post({ kind: 'wave', productIds: [1] });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error).toBe(
      'kind: kind must be one of render, impression, click, basket, product-view',
    );
  });

  it('records a batch (what the storefront sends) in one request', async () => {
    const events = [
      { kind: 'render', block: 'you-may-also-like', productIds: [3, 4], sessionId: 'batch', pageLoadId: 'p' },
      {
        kind: 'impression',
        block: 'you-may-also-like',
        productIds: [3, 4],
        sessionId: 'batch',
        pageLoadId: 'p',
      },
      { kind: 'click', block: 'you-may-also-like', productIds: [4], sessionId: 'batch', pageLoadId: 'p' },
    ];
    expect((await post({ events })).status).toBe(204);
    const rows = (await app.services.db.execute(
      sql`select kind from search_events where session_id = 'batch' order by id`,
    )) as unknown as { rows: { kind: string }[] };
    expect(rows.rows.map((row) => row.kind)).toEqual(['render', 'impression', 'click']);
  });

  it.each([
    [{ events: [] }, 'events: events must hold at least one event'],
    [{ events: 'render' }, 'events: events must be a list of events'],
    [
      { events: Array.from({ length: 21 }, () => ({ kind: 'render', productIds: [1] })) },
      'events: events must hold at most 20 events',
    ],
    [
      {
        events: [
          { kind: 'render', productIds: [1] },
          { kind: 'render', productIds: [] },
        ],
      },
      'events.1.productIds: productIds must name a product',
    ],
    [
      { events: [{ kind: 'click', productIds: [-1] }] },
      'events.0.productIds.0: Number must be greater than 0',
    ],
  ])('refuses a bad batch with a message, storing none of it: %j', async (body, message) => {
    const count = async () =>
      (
        (await app.services.db.execute(sql`select count(*)::int as count from search_events`)) as unknown as {
          rows: { count: number }[];
        }
      ).rows[0]!.count;
    const before = await count();
    const reply = await post(body);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error).toBe(message);
    expect(await count()).toBe(before);
  });

  it('is a 400 with a message for a body that is not JSON', async () => {
    const reply = await app.request('/api/search/beacon', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: app.origin },
      body: 'kind=render',
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error).toBe('The body must be JSON');
  });
});

describe("the product page's personal recommendations", () => {
  const FUNCTIONAL = 'consent=C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A0';
  const personal = async (product: number, cookie: string) => {
    const reply = await app.request(`/products/recommendations?product=${product}`, {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    return {
      ...reply,
      body: JSON.parse(reply.text) as { products: { id: number }[] | null; error?: string },
    };
  };

  it('are private, up to 10 from the recently viewed products, never the product or those seen', async () => {
    const reply = await personal(5, `${FUNCTIONAL}; recently_viewed=12,9`);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const ids = reply.body.products!.map((card) => card.id);
    expect(ids).toHaveLength(10);
    for (const seed of [5, 12, 9]) expect(ids).not.toContain(seed);
  });

  it('use the cart too', async () => {
    const { cartFlows, config } = app.services;
    const rows = (
      (await app.services.db.execute(
        sql`select v.id as variant_id, v.product_id from variants v join products p on p.id = v.product_id
            where p.is_visible and not v.purchasing_disabled and v.product_id <> 5 order by v.id limit 1`,
      )) as unknown as { rows: { variant_id: number; product_id: number }[] }
    ).rows;
    const { variant_id: variantId, product_id: productId } = rows[0]!;
    const added = await cartFlows.add(
      { cartId: null, customer: null, priceList: 'retail' },
      { lineItems: [{ productId, variantId, quantity: 1 }] },
    );
    const headers = cookieHeadersAfter(config, ANONYMOUS, added);
    const cartCookie = headers!.get('Set-Cookie')!.split(';', 1)[0]!;
    const reply = await personal(5, `${FUNCTIONAL}; ${cartCookie}`);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const ids = reply.body.products!.map((card) => card.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(10);
    expect(ids).not.toContain(productId);
  });

  it('are null without the functional consent, or with nothing seen but this product', async () => {
    const refused = await personal(5, 'consent=C0001%3A1%2CC0002%3A1%2CC0003%3A0; recently_viewed=12,9');
    expect(refused.body).toEqual({ products: null });
    const nothing = await personal(5, `${FUNCTIONAL}; recently_viewed=5`);
    expect(nothing.body).toEqual({ products: null });
    expect(nothing.headers['cache-control']).toBe('private, no-store');
  });

  it.each(['', 'abc', '0', '-3', '99999999999'])(
    'are a 400 with a message for product=%j',
    async (product) => {
      const reply = await personal(product as unknown as number, FUNCTIONAL);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('product must be a product id');
    },
  );
});

describe('freshness', () => {
  it('follows a renamed and a hidden product after a sync', async () => {
    const { db, search } = app.services;
    await db.execute(sql`update products set name = 'Zephyrine Traverse Jacket' where id = 7`);
    await search.sync();
    const renamed = await getJson('/api/search/autocomplete?q=zephyrine');
    expect((renamed.body.results as { id: number }[])[0]?.id).toBe(7);
    const page = await app.request('/search?q=zephyrine');
    expect(page.text).toContain('Zephyrine Traverse Jacket');
    await db.execute(sql`update products set is_visible = false where id = 7`);
    await search.sync();
    const hidden = await getJson('/api/search/autocomplete?q=zephyrine');
    expect(hidden.body.results).toEqual([]);
  });
});
