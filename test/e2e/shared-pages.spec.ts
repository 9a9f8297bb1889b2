import type { Page, Response } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Decision 021: catalogue pages are shared per price list. A shopper with a cart whose browser runs scripts gets
 * the shared copy (served from the page cache) and learns the cart count from /api/personal-state after load; a
 * shopper without JavaScript gets the count rendered into every page.
 */

/** A cart of three units (2 + 1) made by the end-to-end fixture, its cookie set in this browser context. */
async function makeCart(page: Page): Promise<number> {
  const response = await page.request.post('/__test/cart', { data: { quantities: [2, 1] } });
  expect(response.status()).toBe(201);
  return 3;
}

const cartLink = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Cart, ${count} items` });

async function firstProductPath(page: Page): Promise<string> {
  const href = await page.locator('main a[href^="/products/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

const serverTiming = (response: Response | null) => response?.headers()['server-timing'] ?? '';
const CACHE_HIT = /\bcache;dur=[\d.]+;desc="(hit|shared)"/;

test('with JavaScript, a shopper with a cart browses shared category pages and sees the cart count', async ({
  page,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'the shared copy needs the script that fetches the count');
  const count = await makeCart(page);

  // The first page: no `js` cookie yet, so the count is rendered in; hydration writes the cookie.
  await page.goto('/');
  await expect(cartLink(page, count)).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'js')).toBe(true);

  for (const path of ['/mens/', '/womens/', '/mens/', '/womens/']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    // The shared copy of the retail price list: public, and without this shopper's count in its HTML.
    expect(response?.headers()['cache-control']).toMatch(/^public\b/);
    expect(response?.headers()['vary']).toMatch(/\bCookie\b/i);
    expect(await response?.text()).not.toContain(`Cart, ${count} items`);
    // The header learns the count after load.
    await expect(cartLink(page, count)).toBeVisible();
  }
  // The second visit of a category within the page cache's lifetime is served from it. A URL of this test's own
  // (a tracking parameter): a copy another test left of `/mens/` may expire between two visits.
  const own = `/mens/?utm_source=shared-pages-${Date.now()}`;
  expect(serverTiming(await page.goto(own))).not.toMatch(CACHE_HIT);
  const again = await page.goto(own);
  expect(serverTiming(again)).toMatch(CACHE_HIT);
  await expect(cartLink(page, count)).toBeVisible();

  const personal = await page.request.get('/api/personal-state');
  expect(personal.headers()['cache-control']).toBe('private, no-store');
  expect(await personal.json()).toEqual({ cartCount: count, signedIn: false });
});

test('without JavaScript, the cart count is rendered into every page', async ({ page }, testInfo) => {
  test.skip(hasJavaScript(testInfo.project.name), 'the no-js project');
  const count = await makeCart(page);

  await page.goto('/mens/');
  const product = await firstProductPath(page);
  for (const path of ['/', '/mens/', '/womens/', product, '/search?q=jacket', '/cookie-settings']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(cartLink(page, count), path).toBeVisible();
    await expect(cartLink(page, count).getByText(String(count), { exact: true })).toBeAttached();
    // A personal render: never stored by a shared cache, never served from the page cache.
    expect(response?.headers()['cache-control'], path).toBe('private, no-store');
    expect(serverTiming(response), path).not.toMatch(CACHE_HIT);
  }
});
