import type { Page } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 11 §4 "Must show", with JavaScript and without: a signed-in pro-app customer (pro@example.com) adds a size
 * whose warehouse holds one unit of pro stock twice; the cart splits it into a pro-stock line at the pro price,
 * labelled "Pro Discount Applied" with the regular price struck through, and a standard-stock line at the regular
 * price (SPEC §5/§6). An anonymous shopper adding the same size gets one line, no label.
 */
test.describe.configure({ timeout: 90_000, mode: 'serial' });

/**
 * One demo customer per project (a pro-app and a shed-app customer: both buy pro stock), so the two projects running
 * at once never share a cart; the tests of a project run one after the other on theirs.
 */
const CUSTOMER = { js: 'pro', 'no-js': 'shed' } as const;
const customerOf = (project: string) => (hasJavaScript(project) ? CUSTOMER.js : CUSTOMER['no-js']);

/** Signs in and starts from an empty cart (the demo customer's cart outlives a test: signing in picks it up). */
async function signInWithEmptyCart(page: Page, project: string) {
  await signIn(page.request, customerOf(project));
  await page.goto('/cart');
  const clear = page.getByRole('button', { name: 'Clear cart' });
  if (await clear.isVisible()) {
    await clear.click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  }
}

const seed = generateSeedData();
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';

/** A pro-eligible size at its list price with exactly one unit of pro stock and standard stock besides. */
const item = (() => {
  for (const product of seed.products) {
    if (!product.isVisible || product.productType === 'wader' || product.excludeProDiscount) continue;
    if (product.salePriceCents !== null && product.salePriceCents !== undefined) continue;
    const variant = seed.variants.find((candidate) => {
      const stock = seed.inventoryRecords.find((row) => row.variantSku === candidate.sku);
      return (
        candidate.productId === product.id &&
        candidate.sizeValueId !== null &&
        !candidate.purchasingDisabled &&
        candidate.priceCents === null &&
        stock?.proQuantity === 1 &&
        (stock.standardQuantity ?? 0) >= 3
      );
    });
    if (!variant) continue;
    return {
      name: product.name,
      path: productPath(product.url, labelOf(variant.colorValueId)),
      size: labelOf(variant.sizeValueId),
    };
  }
  throw new Error('the seed has no pro-eligible size with one unit of pro stock');
})();

async function addOnce(page: Page) {
  await page.goto(`${item.path}?size=${encodeURIComponent(item.size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
}

test('a pro customer’s cart splits pro stock, labelled "Pro Discount Applied", from standard stock', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await signInWithEmptyCart(page, testInfo.project.name);
  await addOnce(page);
  await addOnce(page);
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const pro = lines.filter({ hasText: 'Pro Discount Applied' });
  const standard = lines.filter({ hasNotText: 'Pro Discount Applied' });
  await expect(pro).toHaveCount(1);
  await expect(standard).toHaveCount(1);
  for (const line of [pro, standard]) {
    await expect(line.getByRole('link', { name: item.name })).toBeVisible();
    await expect(line.getByLabel(/^Quantity of /)).toHaveValue('1');
  }
  // The pro line: its price with the regular price struck through; the standard line: the regular price.
  const regular = (await standard.locator('p', { hasText: '$' }).first().textContent())?.trim() ?? '';
  await expect(pro.locator('del')).toHaveText(`Regular price ${regular}`);
  const proPrice = Number(
    /Your price \$([\d,.]+)/
      .exec((await pro.locator('p', { has: page.locator('del') }).textContent()) ?? '')?.[1]
      ?.replace(/,/g, ''),
  );
  expect(proPrice).toBeGreaterThan(0);
  expect(proPrice).toBeLessThan(Number(regular.replace(/[$,]/g, '')));
  await expect(page.getByRole('main').getByText('Discount', { exact: true })).toBeVisible();
  if (!js) await expect(page.getByRole('link', { name: /^Cart, 2 items/ })).toBeVisible();
});

test('pressing + on the pro line past its pro stock adds the excess as a standard line (issue 24 §2)', async ({
  page,
}, testInfo) => {
  await signInWithEmptyCart(page, testInfo.project.name);
  await addOnce(page);
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Pro Discount Applied');
  await lines
    .first()
    .getByRole('button', { name: /^Increase quantity of / })
    .click();
  // One unit of pro stock: the pro line stays at 1, the second unit is a standard line at the regular price.
  await expect(lines).toHaveCount(2);
  const pro = lines.filter({ hasText: 'Pro Discount Applied' });
  const standard = lines.filter({ hasNotText: 'Pro Discount Applied' });
  await expect(pro).toHaveCount(1);
  await expect(pro.getByLabel(/^Quantity of /)).toHaveValue('1');
  await expect(standard.getByLabel(/^Quantity of /)).toHaveValue('1');
  await expect(page.getByText(/Lower the quantity to check out|Remove this item to check out/)).toHaveCount(
    0,
  );
});

test('an anonymous shopper adding the same size twice gets one standard line', async ({ page }) => {
  await addOnce(page);
  await addOnce(page);
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByLabel(/^Quantity of /)).toHaveValue('2');
  await expect(page.getByText('Pro Discount Applied')).toHaveCount(0);
});
