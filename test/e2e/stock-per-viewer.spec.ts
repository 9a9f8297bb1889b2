import type { Page } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 24 §3 (SPEC §6), with JavaScript and without: a size whose warehouse holds pro stock only is sold out to an
 * anonymous shopper and to a signed-in consumer (the cart would refuse it: "Out of stock. Remove this item to check
 * out."), and can be chosen by a pro-app customer, who buys it from pro stock. With JavaScript the page's levels are
 * refreshed after load, from the anonymous endpoint or, for the pro customer, the authenticated one.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';

/** A size of a product with the pro discount whose stock is pro stock only. */
const item = (() => {
  for (const product of seed.products) {
    if (!product.isVisible || product.productType === 'wader' || product.excludeProDiscount) continue;
    const variant = seed.variants.find((candidate) => {
      const stock = seed.inventoryRecords.find((row) => row.variantSku === candidate.sku);
      return (
        candidate.productId === product.id &&
        candidate.sizeValueId !== null &&
        !candidate.purchasingDisabled &&
        stock !== undefined &&
        stock.standardQuantity === 0 &&
        stock.proQuantity > 0
      );
    });
    if (!variant) continue;
    return {
      path: productPath(product.url, labelOf(variant.colorValueId)),
      size: labelOf(variant.sizeValueId),
    };
  }
  throw new Error('the seed has no size of a pro-eligible product with pro stock only');
})();

/** Opens the page; with JavaScript, waits for the stock refresh from `endpoint` to be answered. */
async function openProduct(page: Page, endpoint: 'anonymous' | 'auth') {
  const js = hasJavaScript(test.info().project.name);
  const refreshed = js
    ? page.waitForResponse((response) => {
        // A fetcher may add a data suffix to the path (`/multiple.data`, `/multiple/auth.data`).
        const { pathname } = new URL(response.url());
        return (
          pathname.startsWith('/apiwarehouse/inventory/multiple') &&
          pathname.includes('/auth') === (endpoint === 'auth')
        );
      })
    : null;
  await page.goto(item.path);
  const response = await refreshed;
  if (response) expect(response.status()).toBe(200);
  return page.getByRole('group', { name: /^Size/ });
}

test('a size with pro stock only is sold out to an anonymous shopper', async ({ page }) => {
  const sizes = await openProduct(page, 'anonymous');
  await expect(sizes.getByRole('radio', { name: `${item.size}, sold out`, exact: true })).toBeAttached();
});

test('a size with pro stock only is sold out to a signed-in consumer', async ({ page }) => {
  await signIn(page.request, 'consumer');
  const sizes = await openProduct(page, 'anonymous');
  await expect(sizes.getByRole('radio', { name: `${item.size}, sold out`, exact: true })).toBeAttached();
});

test('a pro customer can choose a size with pro stock only', async ({ page }) => {
  await signIn(page.request, 'pro');
  const sizes = await openProduct(page, 'auth');
  await expect(sizes.getByRole('radio', { name: item.size, exact: true })).toBeEnabled();
  await expect(sizes.getByRole('radio', { name: `${item.size}, sold out`, exact: true })).toHaveCount(0);
});
