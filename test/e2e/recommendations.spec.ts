import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * The product page's "You may also like" block for one shopper (issue 12 §6, decision 057): the shared page's
 * block refines itself after load from the shopper's recently viewed products and cart (a private request), and
 * its render, impression and clicks, product views and adds to cart are recorded as beacons, with the shopper's
 * consent only. Without JavaScript the block is the shared one and its links work.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';
const firstColour = (productId: number) =>
  labelOf(seed.variants.find((variant) => variant.productId === productId)?.colorValueId ?? null);
const standardOf = (sku: string) =>
  seed.inventoryRecords.find((row) => row.variantSku === sku)?.standardQuantity ?? 0;

const visible = seed.products.filter((product) => product.isVisible);
/** A men's jacket (the block's audience rules apply), and a product the shopper viewed before it. */
const own = visible.find((product) => product.gender === 'Mens' && product.productType === 'jacket')!;
const seen = visible.find((product) => product.id !== own.id && product.productType === 'pant')!;
const ownPath = productPath(own.url, firstColour(own.id));

/** A size in stock of a visible product, to add to the cart. */
const buyable = (() => {
  for (const variant of seed.variants) {
    const product = visible.find((candidate) => candidate.id === variant.productId);
    if (!product || variant.sizeValueId === null || variant.purchasingDisabled) continue;
    if (standardOf(variant.sku) < 20) continue;
    const path = productPath(product.url, labelOf(variant.colorValueId));
    return { product, url: `${path}?size=${encodeURIComponent(labelOf(variant.sizeValueId))}` };
  }
  throw new Error('the seed has no size with 20 units of standard stock');
})();

type Stored = { kind: string; block: string | null; productIds: number[]; pageLoadId: string | null };

async function consent(page: Page, baseURL: string | undefined, groups: { C0002: boolean; C0003: boolean }) {
  const value = `C0001:1,C0002:${groups.C0002 ? 1 : 0},C0003:${groups.C0003 ? 1 : 0},C0004:0`;
  await page.context().addCookies([{ name: 'consent', value: encodeURIComponent(value), url: baseURL! }]);
}

async function viewedBefore(page: Page, baseURL: string | undefined, ids: number[]) {
  await page.context().addCookies([{ name: 'recently_viewed', value: ids.join('%2C'), url: baseURL! }]);
}

/** The beacon session of this tab (made with the first event sent). */
async function beaconSession(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('search_beacon_session')))
    .not.toBeNull();
  return (await page.evaluate(() => sessionStorage.getItem('search_beacon_session')))!;
}

async function storedEvents(page: Page, session: string): Promise<Stored[]> {
  const reply = await page.request.get(`/__test/search-events?session=${encodeURIComponent(session)}`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { events: Stored[] }).events;
}

const strip = (page: Page) => page.getByRole('region', { name: 'You may also like' });
const cardLinks = (page: Page) => strip(page).getByRole('article').getByRole('heading').getByRole('link');

test.describe('with JavaScript', () => {
  test('the block refines for the shopper through a private request, and records render, impression, click and the view', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(!hasJavaScript(testInfo.project.name));
    await consent(page, baseURL, { C0002: true, C0003: true });
    await viewedBefore(page, baseURL, [seen.id]);
    const refinement = page.waitForResponse((response) =>
      response.url().includes(`/products/recommendations?product=${own.id}`),
    );
    const document = await page.goto(ownPath);
    // The page itself stays the shared copy: nothing of this shopper is in it.
    expect(document?.headers()['cache-control']).toMatch(/^public/);
    await strip(page).scrollIntoViewIfNeeded();
    const answer = await refinement;
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    const { products } = (await answer.json()) as { products: { id: number; href: string }[] };
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(10);
    expect(products.map((product) => product.id)).not.toContain(own.id);
    expect(products.map((product) => product.id)).not.toContain(seen.id);
    // The strip shows the shopper's cards.
    await expect
      .poll(() => cardLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      .toEqual(products.map((product) => product.href));
    const axe = await new AxeBuilder({ page })
      .include('[data-recommendations]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    const session = await beaconSession(page);
    const ids = products.map((product) => product.id);
    await expect
      .poll(async () =>
        (await storedEvents(page, session)).map(({ kind, block, productIds }) => ({
          kind,
          block,
          productIds,
        })),
      )
      .toEqual([
        { kind: 'product-view', block: null, productIds: [own.id] },
        { kind: 'render', block: 'you-may-also-like:personal', productIds: ids },
        { kind: 'impression', block: 'you-may-also-like:personal', productIds: ids },
      ]);

    await cardLinks(page).first().click();
    await expect(page).toHaveURL((url) => url.pathname === new URL(products[0]!.href, baseURL).pathname);
    await expect
      .poll(async () =>
        (await storedEvents(page, session))
          .filter((event) => event.kind !== 'render' && event.kind !== 'impression')
          .map(({ kind, productIds }) => ({ kind, productIds })),
      )
      .toEqual([
        { kind: 'product-view', productIds: [own.id] },
        { kind: 'click', productIds: [products[0]!.id] },
        // The next page's view, in the same session.
        { kind: 'product-view', productIds: [products[0]!.id] },
      ]);
    const events = await storedEvents(page, session);
    const click = events.find((event) => event.kind === 'click')!;
    expect(click.block).toBe('you-may-also-like:personal');
    // One page load for the first page's events, another for the next page's.
    expect(new Set(events.map((event) => event.pageLoadId)).size).toBe(2);
  });

  test('adding to the cart records a basket event', async ({ page, baseURL }, testInfo) => {
    test.skip(!hasJavaScript(testInfo.project.name));
    await consent(page, baseURL, { C0002: true, C0003: false });
    await page.goto(buyable.url);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
    const session = await beaconSession(page);
    await expect
      .poll(async () =>
        (await storedEvents(page, session)).map(({ kind, productIds }) => ({ kind, productIds })),
      )
      .toEqual(
        expect.arrayContaining([
          { kind: 'product-view', productIds: [buyable.product.id] },
          { kind: 'basket', productIds: [buyable.product.id] },
        ]),
      );
  });

  test('without the performance consent no beacon leaves the browser; without the functional one the block is not refined', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(!hasJavaScript(testInfo.project.name));
    const beaconsSent: Request[] = [];
    const refinements: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search/beacon')) beaconsSent.push(request);
      if (request.url().includes('/products/recommendations')) refinements.push(request);
    });
    // Functional only: the block refines, nothing is reported.
    await consent(page, baseURL, { C0002: false, C0003: true });
    await viewedBefore(page, baseURL, [seen.id]);
    const refinement = page.waitForResponse((response) =>
      response.url().includes('/products/recommendations'),
    );
    await page.goto(ownPath);
    await strip(page).scrollIntoViewIfNeeded();
    await refinement;
    await cardLinks(page).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Longer than the beacons' batching window (1 s).
    await page.waitForTimeout(1_500);
    expect(beaconsSent).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('search_beacon_session'))).toBeNull();

    // No consent at all: no refinement either, and still no beacon.
    await page.context().clearCookies();
    refinements.length = 0;
    await page.goto(ownPath);
    await strip(page).scrollIntoViewIfNeeded();
    await expect(cardLinks(page).first()).toBeVisible();
    // The block has its code (the strip's controls) and still asks nothing.
    await strip(page).getByRole('button', { name: 'Next' }).waitFor();
    await page.waitForTimeout(1_500);
    expect(refinements).toEqual([]);
    expect(beaconsSent).toEqual([]);
  });
});

test('without JavaScript the shared block shows and its links open the products', async ({
  page,
}, testInfo) => {
  test.skip(hasJavaScript(testInfo.project.name), 'the block as the server renders it');
  await page.goto(ownPath);
  const links = cardLinks(page);
  await expect(links).toHaveCount(10);
  const first = links.first();
  const name = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
