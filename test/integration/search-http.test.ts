/**
 * The search endpoints over the production build (issue 12): the results page and its redirect without
 * JavaScript, the JSON calls mirroring SPEC §7 with 400s for bad parameters, beacons, and the index following a
 * catalogue change.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
