import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { createAccount } from '../helpers/accounts';
import { clientAddress, signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';
import { sizeWithStandardStock } from '../helpers/seed-products';

/**
 * Issue 11 step 2: the cart as a shopper uses it, with JavaScript (fetchers, the panel opening in place, the
 * 600 ms quantity debounce) and without (post/redirect/get, the panel rendered open by the server). Each test
 * starts in a fresh browser context, so it makes its own cart and depends on no other test's data.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();
const standardOf = (sku: string) =>
  seed.inventoryRecords.find((row) => row.variantSku === sku)?.standardQuantity ?? 0;
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';

/** A visible product with two sizes of one colour, each with `minimum` or more units of standard stock, on no sale. */
function twoSizesInStock(minimum: number) {
  for (const product of seed.products) {
    if (!product.isVisible) continue;
    const variants = seed.variants.filter(
      (variant) =>
        variant.productId === product.id &&
        variant.sizeValueId !== null &&
        !variant.purchasingDisabled &&
        variant.priceCents === null &&
        standardOf(variant.sku) >= minimum,
    );
    const [first] = variants;
    const second = variants.find(
      (variant) => variant !== first && variant.colorValueId === first?.colorValueId,
    );
    if (!first || !second) continue;
    const color = labelOf(first.colorValueId);
    return {
      name: product.name,
      path: productPath(product.url, color),
      sizes: [labelOf(first.sizeValueId), labelOf(second.sizeValueId)] as const,
      label: (size: string) => `${product.name}, ${color}, ${size}`,
    };
  }
  throw new Error(`the seed has no product with two sizes of one colour with ${minimum} units each`);
}

const shopper = twoSizesInStock(3);

/** A size with plenty of standard stock (each run of the checkout test buys one unit). */
const buyer = sizeWithStandardStock(seed, { min: 40 });

/**
 * Two sizes of one colour, each with 20 or more units of standard stock (every run of the journey buys two units
 * of the first), on no sale.
 */
const journey = twoSizesInStock(20);

/** A size with 1 to 3 units of standard stock, which no test buys (the inventory check's line message). */
const scarce = sizeWithStandardStock(seed, { min: 1, max: 3 });

/** SPEC §9: a quantity change is sent after 600 ms of quiet (app/components/cart/cart-line.tsx). */
const UPDATE_DEBOUNCE_MS = 600;

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

async function addSize(page: Page, size: string, js: boolean, path = shopper.path) {
  await page.goto(`${path}?size=${encodeURIComponent(size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = cartDialog(page);
  await expect(dialog).toBeVisible();
  if (!js) await expect(page).toHaveURL(/[?&]cart=true/);
  await expect(dialog.getByRole('listitem').filter({ hasText: `Size: ${size}` })).toBeVisible();
}

/** axe runs in the page's own scripts: with the `js` project (the server's HTML is the same in both). */
async function expectNoAxeViolations(page: Page, js: boolean) {
  if (!js) return;
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const report = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n` +
      violation.nodes.map((node) => `  - ${node.target.join(' ')}: ${node.failureSummary}`).join('\n'),
  );
  expect(report, report.join('\n')).toEqual([]);
}

/**
 * A fast clicker with JavaScript (issue 11 §2): two clicks within the 600 ms debounce make one update, and the
 * quantity buttons are disabled while it is in flight. The test moves the page's clock itself and holds the update
 * at the network until it has looked at the buttons: on a loaded machine two clicks may otherwise fall on either
 * side of the debounce, and the second land on a button just disabled.
 */
async function increaseTwiceInOneUpdate(
  page: Page,
  controls: { increase: Locator; decrease: Locator; quantity: Locator },
) {
  const { increase, decrease, quantity } = controls;
  const updates: string[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const cartAction = (url: URL) => url.pathname === '/cart.data';
  await page.route(cartAction, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    updates.push(route.request().postData() ?? '');
    await released;
    await route.fallback();
  });
  await page.clock.pauseAt(Date.now() + 60_000);
  await increase.click();
  await expect(quantity).toHaveValue('2');
  await increase.click();
  await expect(quantity).toHaveValue('3');
  // Within the debounce nothing is sent.
  await page.clock.runFor(UPDATE_DEBOUNCE_MS - 1);
  expect(updates).toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(() => updates.length).toBe(1);
  expect(new URLSearchParams(updates[0]).get('quantity')).toBe('3');
  await expect(increase).toBeDisabled();
  await expect(decrease).toBeDisabled();
  await page.clock.resume();
  release();
  await expect(increase).toBeEnabled();
  await expect(decrease).toBeEnabled();
  await expect(quantity).toHaveValue('3');
  expect(updates).toHaveLength(1);
  await page.unroute(cartAction);
}

test('a shopper adds two sizes, changes a quantity, removes a line and clears the cart', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const [first, second] = shopper.sizes;
  // The page's timers on a clock the test can pause (it runs on its own until then).
  if (js) await page.clock.install();

  await addSize(page, first, js);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await expectNoAxeViolations(page, js);

  await addSize(page, second, js);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const main = page.getByRole('main');
  await expect(main.getByText('Shipping', { exact: true })).toBeVisible();
  await expect(main.getByText('FREE', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, js);

  // + twice: with JavaScript both clicks land in one update after the debounce; without, two posts.
  const increase = page.getByRole('button', { name: `Increase quantity of ${shopper.label(first)}` });
  const decrease = page.getByRole('button', { name: `Decrease quantity of ${shopper.label(first)}` });
  const quantity = page.getByLabel(`Quantity of ${shopper.label(first)}`, { exact: true });
  if (js) {
    await increaseTwiceInOneUpdate(page, { increase, decrease, quantity });
  } else {
    await increase.click();
    await expect(quantity).toHaveValue('2');
    await increase.click();
    await expect(quantity).toHaveValue('3');
  }
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');
  await page.reload();
  await expect(page.getByLabel(`Quantity of ${shopper.label(first)}`, { exact: true })).toHaveValue('3');

  await page.getByRole('button', { name: `Remove ${shopper.label(second)}` }).click();
  await expect(lines).toHaveCount(1);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  if (!js) await expect(page.getByText('The item is removed from your cart.')).toBeVisible();

  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByText('Added items will appear here')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
});

test('a quantity set to 0 removes the line; the field accepts 1 to 10', async ({ page }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const [first] = shopper.sizes;
  await addSize(page, first, js);
  await page.goto('/cart');
  const field = page.getByLabel(`Quantity of ${shopper.label(first)}`, { exact: true });
  await field.fill('12');
  if (js) {
    // Shown capped at once, sent after the debounce.
    await expect(field).toHaveValue('10');
  } else {
    await field.press('Enter');
    await expect(field).toHaveValue('10');
  }
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 10 items');
  await expect(
    page.getByRole('button', { name: `Increase quantity of ${shopper.label(first)}` }),
  ).toBeDisabled();
  await field.fill('0');
  if (!js) await field.press('Enter');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('the cart panel opens from the header with the cart in it', async ({ page }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const [first] = shopper.sizes;
  await addSize(page, first, js);
  await page.goto('/');
  await cartLink(page).click();
  const dialog = cartDialog(page);
  await expect(dialog.getByRole('link', { name: shopper.name })).toBeVisible();
  await expect(dialog.getByText('Total', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, js);
});

test('a shopper checks out through the embedded checkout and the order is placed', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await addSize(page, buyer.size, js, buyer.path);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' }).getByText(buyer.name)).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expectNoAxeViolations(page, js);

  // Refused first: the browser's own checks are off, so the server's messages show.
  await page.locator('form#place-order').evaluate((form) => form.setAttribute('novalidate', ''));
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('First Name Required')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(`buyer-${testInfo.retry}-${Date.now()}@example.com`);
  await page.getByLabel('First name', { exact: true }).fill('Casey');
  await page.getByLabel('Last name', { exact: true }).fill('Shopper');
  await page.getByLabel('Address', { exact: true }).fill('1 Trail Road');
  await page.getByLabel('City', { exact: true }).fill('Bozeman');
  await page.getByLabel('State or province').selectOption('MT');
  await page.getByLabel('ZIP or postal code').fill('59715');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/^Thank you! Your order #\d+ is placed\.$/)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
});

/**
 * Issue 11's Must show, as one journey with JavaScript and without: a new consumer account adds two sizes, changes
 * a quantity, removes a line, checks out through the embedded checkout (shipping FREE, the tax row, the manual
 * payment provider) and finds the order, that size at quantity 2, in the account.
 */
test('a consumer adds two sizes, changes a quantity, removes a line, checks out and sees the order in the account', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const [kept, removed] = journey.sizes;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  await page.goto('/account/orders');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();

  await addSize(page, kept, js, journey.path);
  await addSize(page, removed, js, journey.path);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const quantity = page.getByLabel(`Quantity of ${journey.label(kept)}`, { exact: true });
  await page.getByRole('button', { name: `Increase quantity of ${journey.label(kept)}` }).click();
  await expect(quantity).toHaveValue('2');
  // Sent (with JavaScript after the debounce): the header counts the new quantity.
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

  await page.getByRole('button', { name: `Remove ${journey.label(removed)}` }).click();
  await expect(lines).toHaveCount(1);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await page.reload();
  await expect(page.getByLabel(`Quantity of ${journey.label(kept)}`, { exact: true })).toHaveValue('2');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await expect(summary.getByRole('listitem')).toContainText(`2 × ${journey.name}`);
  await expect(summary.getByRole('listitem')).toContainText(kept);
  // SPEC §9: shipping shows "FREE"; the checkout's prices include tax, shown as $0.00.
  const row = (term: string) =>
    summary.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) });
  await expect(row('Shipping')).toContainText('FREE');
  await expect(row('Tax')).toContainText('$0.00');
  // Issue 11 §8: payment through the manual payment provider.
  await expect(page.getByRole('radio', { name: 'Pay by invoice (manual payment)' })).toBeChecked();
  await expect(page.getByLabel('Country')).toHaveValue('US');

  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('First name', { exact: true }).fill(account.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(account.lastName);
  await page.getByLabel('Address', { exact: true }).fill('1 Trail Road');
  await page.getByLabel('City', { exact: true }).fill('Bozeman');
  await page.getByLabel('State or province').selectOption('MT');
  await page.getByLabel('ZIP or postal code').fill('59715');
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByText(/^Thank you! Your order #\d+ is placed\.$/);
  await expect(placed).toBeVisible();
  const orderId = Number(/#(\d+)/.exec((await placed.textContent()) ?? '')?.[1]);
  await expect(cartLink(page)).toHaveAccessibleName('Cart');

  await page.goto('/account/orders');
  const order = page.getByRole('row').filter({ hasText: `Order #${orderId}` });
  await expect(order).toHaveCount(1);
  // The Items column: two units.
  await expect(order.getByRole('cell').nth(2)).toHaveText('2');
  await order.getByRole('link', { name: `Order #${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(journey.name);
  await expect(items).toContainText(`Size: ${kept}`);
  await expect(items).toContainText(/2 × \$[\d,]+\.\d\d = /);
});

/**
 * SPEC §5: the inventory check blocks a line over its stock: the line says so, Checkout is disabled, and the
 * embedded checkout sends the cart back to /cart (without JavaScript, the page a shopper would reach by address).
 */
test('a line over its stock shows the inventory message, disables Checkout, and /checkout sends back to the cart', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await addSize(page, scarce.size, js, scarce.path);
  await page.goto('/cart');
  const field = page.getByLabel(`Quantity of ${scarce.label}`, { exact: true });
  const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(line).not.toContainText('Lower the quantity to check out.');
  await expect(line).not.toContainText('Remove this item to check out.');
  await expect(checkout).toBeEnabled();

  await field.fill(String(scarce.stock + 1));
  if (!js) await field.press('Enter');
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${scarce.stock + 1} items`);
  await page.reload();
  await expect(line).toContainText(`Only ${scarce.stock} available. Lower the quantity to check out.`);
  await expect(checkout).toBeDisabled();

  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await expect(line).toContainText(`Only ${scarce.stock} available. Lower the quantity to check out.`);

  // Back within stock: the message goes and Checkout is enabled again.
  await page.getByLabel(`Quantity of ${scarce.label}`, { exact: true }).fill(String(scarce.stock));
  if (!js) await page.getByLabel(`Quantity of ${scarce.label}`, { exact: true }).press('Enter');
  await expect(cartLink(page)).toHaveAccessibleName(
    scarce.stock === 1 ? 'Cart, 1 item' : `Cart, ${scarce.stock} items`,
  );
  await page.reload();
  await expect(line).not.toContainText('available. Lower the quantity to check out.');
  await expect(checkout).toBeEnabled();
});
