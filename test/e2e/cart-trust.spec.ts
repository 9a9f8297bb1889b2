import type { Page } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 24, the cart as a careful shopper reads it: a typed quantity is the quantity (§1), the gift card (§4), what
 * shipping and tax cost (§5) and an empty cart (§7). Each test makes its own cart in a fresh browser context.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();
const standardOf = (sku: string) =>
  seed.inventoryRecords.find((row) => row.variantSku === sku)?.standardQuantity ?? 0;
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';

/** A size with 12 or more units of standard stock, on no sale (a line of up to 10 passes the inventory check). */
const stocked = (() => {
  for (const product of seed.products) {
    if (!product.isVisible) continue;
    const variant = seed.variants.find(
      (candidate) =>
        candidate.productId === product.id &&
        candidate.sizeValueId !== null &&
        candidate.colorValueId !== null &&
        !candidate.purchasingDisabled &&
        candidate.priceCents === null &&
        standardOf(candidate.sku) >= 12,
    );
    if (!variant) continue;
    const color = labelOf(variant.colorValueId);
    const size = labelOf(variant.sizeValueId);
    return {
      name: product.name,
      path: productPath(product.url, color),
      size,
      label: `${product.name}, ${color}, ${size}`,
    };
  }
  throw new Error('the seed has no size with 12 units of standard stock');
})();

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

async function addStocked(page: Page, js: boolean) {
  await page.goto(`${stocked.path}?size=${encodeURIComponent(stocked.size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartDialog(page)).toBeVisible();
  if (!js) await expect(page).toHaveURL(/[?&]cart=true/);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    /**
     * Issue 24 §1: hydrated, the line form has no Update button, and Enter pressed the first submit button,
     * "Decrease" (typed 3 → 2). Typed and Enter sets exactly that number, on the cart page and in the panel.
     */
    for (const where of ['cart page', 'cart panel'] as const) {
      test(`a quantity typed in the ${where} and Enter sets exactly that quantity`, async ({
        page,
      }, testInfo) => {
        const js = hasJavaScript(testInfo.project.name);
        await addStocked(page, js);
        if (where === 'cart page') {
          await page.goto('/cart');
        } else {
          await page.goto('/');
          await cartLink(page).click();
        }
        const scope = where === 'cart page' ? page.getByRole('main') : cartDialog(page);
        const field = scope.getByLabel(`Quantity of ${stocked.label}`, { exact: true });
        await field.fill('3');
        await field.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
        await expect(field).toHaveValue('3');

        await field.fill('7');
        await field.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart, 7 items');

        // Above the limit: the line is set to 10 and, with JavaScript, says why before anything is sent.
        await field.fill('11');
        if (js) await expect(scope.getByText('You can order up to 10 of an item.')).toBeVisible();
        await field.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart, 10 items');
        await expect(field).toHaveValue('10');
        // Stored: a fresh load (the panel by its address) shows 10.
        await page.goto(where === 'cart page' ? '/cart' : '/?cart=true');
        const after = (where === 'cart page' ? page.getByRole('main') : cartDialog(page)).getByLabel(
          `Quantity of ${stocked.label}`,
          { exact: true },
        );
        await expect(after).toHaveValue('10');

        await after.fill('0');
        await after.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart');
        await expect(page.getByText('Your cart is empty')).toBeVisible();
      });
    }
  });
}
