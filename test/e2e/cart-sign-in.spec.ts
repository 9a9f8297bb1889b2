import type { Page } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { createAccount } from '../helpers/accounts';
import { percentOffCents, usd } from '../helpers/expected';
import { clientAddress } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 10 §3 and issue 11 §4: what a guest put in the cart is in their cart once they sign in, priced for their
 * group. The customer is a Gore Associate (a pro-program group, 30 % off pro stock; the group comes from the
 * e-mail domain): after sign-in their lines come from pro stock, "Pro Discount Applied", at the group's price with
 * the regular price struck through. Each attempt makes an account of its own (test/helpers/accounts.ts).
 */
test.describe.configure({ timeout: 120_000 });

const GORE_ASSOCIATE_PERCENT = 30;

const seed = generateSeedData();
const stockOf = (sku: string) => seed.inventoryRecords.find((row) => row.variantSku === sku);
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';

/** Two sizes of one colour of a product with the pro discount, no sale, each with pro and standard stock. */
const product = (() => {
  for (const candidate of seed.products) {
    if (
      !candidate.isVisible ||
      candidate.salePriceCents !== null ||
      candidate.excludeProDiscount ||
      candidate.productType === 'wader' ||
      (candidate.groupPercents['Gore Associate'] ?? 0) > GORE_ASSOCIATE_PERCENT
    )
      continue;
    const sizes = seed.variants.filter(
      (variant) =>
        variant.productId === candidate.id &&
        variant.sizeValueId !== null &&
        !variant.purchasingDisabled &&
        variant.priceCents === null &&
        (stockOf(variant.sku)?.proQuantity ?? 0) >= 5 &&
        (stockOf(variant.sku)?.standardQuantity ?? 0) >= 5,
    );
    const [first] = sizes;
    const second = sizes.find((variant) => variant !== first && variant.colorValueId === first?.colorValueId);
    if (!first || !second) continue;
    return {
      name: candidate.name,
      path: productPath(candidate.url, labelOf(first.colorValueId)),
      sizes: [labelOf(first.sizeValueId), labelOf(second.sizeValueId)] as const,
      label: (size: string) => `${candidate.name}, ${labelOf(first.colorValueId)}, ${size}`,
      listCents: candidate.priceCents,
    };
  }
  throw new Error('the seed has no pro-discounted product with two sizes in pro stock');
})();

const cartLines = (page: Page) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const signInPanel = (page: Page) => page.getByRole('dialog', { name: 'Sign In' });

test('a guest’s cart is theirs after signing in, priced for their group', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const account = await createAccount(playwright.request, baseURL!, { domain: 'gore.com' });
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });

  // As a guest: both sizes at the regular price.
  for (const size of product.sizes) {
    await page.goto(`${product.path}?size=${encodeURIComponent(size)}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Cart' });
    // Without JavaScript: post/redirect/get to the page with the cart panel open.
    if (!js) await expect(page).toHaveURL(/[?&]cart=true/);
    await expect(dialog.getByRole('listitem').filter({ hasText: `Size: ${size}` })).toBeVisible();
  }
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  for (const line of await cartLines(page).all()) {
    await expect(line).toContainText(usd(product.listCents));
    await expect(line).not.toContainText('Regular price');
    await expect(line).not.toContainText('Pro Discount Applied');
  }

  // Both steps of the sign-in panel.
  await page.goto('/cart?login=true');
  const panel = signInPanel(page);
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText(`Signing in as ${account.email}`)).toBeVisible();
  await panel.getByLabel('Password', { exact: true }).fill(account.password);
  await panel.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);

  // The same lines, now the customer's, at the group's price.
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  const price = usd(percentOffCents(product.listCents, GORE_ASSOCIATE_PERCENT));
  for (const size of product.sizes) {
    const line = cartLines(page).filter({ hasText: `Size: ${size}` });
    await expect(line).toContainText('Pro Discount Applied');
    await expect(line).toContainText(`Your price ${price}`);
    await expect(line).toContainText(`Regular price ${usd(product.listCents)}`);
    await expect(page.getByLabel(`Quantity of ${product.label(size)}`, { exact: true })).toHaveValue('1');
  }
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await expect(page.getByRole('main')).toContainText(
    usd(percentOffCents(product.listCents, GORE_ASSOCIATE_PERCENT) * 2),
  );
});
