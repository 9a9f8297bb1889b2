import type { Page } from '@playwright/test';
import { generateSeedData } from '../../server/db/seed/index';
import { signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';
import { sizeWithStandardStock } from '../helpers/seed-products';

/**
 * Issue 11 §7 (decision 045), with JavaScript and without: the promo user (promo@example.com) flags the cart's
 * order promotional, the checkout button becomes "Complete PROMO ORDER" and the totals $00.00, the order is placed
 * on /promo-order for an approval user, and that approver (approver@example.com) approves it on the approvers'
 * list. A consumer sees no promotional-order checkbox, and the approvers' list refuses them.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();

/** A size with plenty of standard stock (each run places one order of one unit). */
const item = sizeWithStandardStock(seed, { min: 40 });

async function addItem(page: Page) {
  await page.goto(`${item.path}?size=${encodeURIComponent(item.size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Your Cart' }).getByRole('listitem').filter({ hasText: item.size }),
  ).toBeVisible();
}

test('a promo user places a promotional order and an approver approves it', async ({ page }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await signIn(page.request, 'promo');
  await addItem(page);
  await page.goto('/cart');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Checkout' })).toBeVisible();

  const box = main.getByLabel('Promotional order');
  await box.check();
  if (!js) await main.getByRole('button', { name: 'Apply promotional order' }).click();
  await expect(main.getByRole('button', { name: 'Complete PROMO ORDER' })).toBeVisible();
  await expect(main.getByLabel('Promotional order')).toBeChecked();
  // SPEC §4: every total shows as $00.00.
  for (const row of ['Subtotal', 'Tax', 'Total']) {
    await expect(main.getByText(row, { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
      '$00.00',
    );
  }

  await main.getByRole('button', { name: 'Complete PROMO ORDER' }).click();
  await expect(page).toHaveURL(/\/promo-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promotional order' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' }).getByText(item.name)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('promo@example.com');
  await page.getByLabel('First name', { exact: true }).fill('Morgan');
  await page.getByLabel('Last name', { exact: true }).fill('Promo');
  await page.getByLabel('Address', { exact: true }).fill('300 Marsh Point Drive');
  await page.getByLabel('City', { exact: true }).fill('Stuttgart');
  await page.getByLabel('State or province').selectOption('AR');
  await page.getByLabel('ZIP or postal code').fill('72160');
  await page.getByLabel('Approver').selectOption({ label: 'Avery Approver (approver@example.com)' });
  await page.getByRole('button', { name: 'Complete PROMO ORDER' }).click();
  const placed = page.getByText(/^Thank you! Your promotional order #\d+ is placed and awaits approval\.$/);
  await expect(placed).toBeVisible();
  const orderId = /#(\d+)/.exec((await placed.textContent()) ?? '')![1]!;

  // The approver, in the same browser after the promo user's cookies are gone.
  await page.context().clearCookies();
  await signIn(page.request, 'promo-approver');
  // Issue 24 §11: the approver's account links the list.
  await page.goto('/account/profile');
  await page.getByRole('link', { name: 'see the promotional orders waiting for your approval' }).click();
  await expect(page).toHaveURL(/\/promo-order\/approvals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promotional orders to approve' })).toBeVisible();
  const order = page.getByRole('heading', { level: 2, name: `Promotional order #${orderId}` });
  await expect(order).toBeVisible();
  await page.getByRole('button', { name: `Approve order #${orderId}` }).click();
  await expect(page.getByText(`Promotional order #${orderId} is approved.`)).toBeVisible();
  await expect(order).toHaveCount(0);

  // Issue 24 §8: the promo user's orders name the approved order's status in words, not `awaiting_fulfillment`.
  await page.context().clearCookies();
  await signIn(page.request, 'promo');
  await page.goto('/account/orders');
  const row = page.getByRole('row').filter({ hasText: `Order #${orderId}` });
  await expect(row).toContainText('Approved, ');
  await expect(page.getByRole('table')).not.toContainText(/[a-z]+_[a-z]+/);
});

test.describe('not a promo user', () => {
  // The approvers' list answers 403 to them: the browser logs the refused page load.
  test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\).*\/promo-order\/approvals/] });

  test('a consumer has no promotional-order checkbox and no approvers’ list', async ({ page }) => {
    await signIn(page.request, 'consumer');
    await addItem(page);
    await page.goto('/cart');
    await expect(page.getByRole('main').getByRole('button', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByLabel('Promotional order')).toHaveCount(0);
    const response = await page.goto('/promo-order/approvals');
    expect(response?.status()).toBe(403);
    await expect(page.getByText('Only promotional-order approvers can see this page.')).toBeVisible();
    // /promo-order without a flagged cart sends the shopper back to the cart.
    await page.goto('/promo-order');
    await expect(page).toHaveURL(/\/cart$/);
  });
});

test('a gift card in the cart disables the promotional-order checkbox until it is removed', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await signIn(page.request, 'promo');
  await addItem(page);
  await page.goto('/cart');
  const gift = page.getByRole('region', { name: 'Send a gift card' });
  await gift.getByLabel('Recipient name').fill('Riley');
  await gift.getByLabel('Recipient email').fill('riley@example.com');
  await gift.getByLabel('Your name').fill('Morgan');
  await gift.getByLabel('Your email').fill('promo@example.com');
  await gift.getByLabel('Amount in whole dollars').fill('12.50');
  // A day inside the send-date window (today to a year ahead, decision 089), whenever the test runs.
  const day = new Date(Date.now() + 30 * 86_400_000);
  const [yyyy, mm, dd] = day.toISOString().slice(0, 10).split('-') as [string, string, string];
  const reads = day.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await gift.getByLabel('Send on').fill(`${yyyy}-${mm}-${dd}`);
  await gift.getByRole('button', { name: 'Add gift card' }).click();
  await expect(gift.getByText('Gift card amounts are whole dollars.')).toBeVisible();
  await gift.getByLabel('Amount in whole dollars').fill('50');
  await gift.getByRole('button', { name: 'Add gift card' }).click();
  await expect(page.getByText('The gift card is in your cart.')).toBeVisible();
  if (js) await page.reload();

  const main = page.getByRole('main');
  // The line reads the date as a US shopper would (issue 24 §4); the item name keeps SPEC §3's dd/mm/yyyy.
  await expect(main.getByText('Gift card for Riley')).toBeVisible();
  await expect(main.getByText(`Emailed on ${reads}`)).toBeVisible();
  await expect(main.getByLabel('Promotional order')).toBeDisabled();
  await expect(
    main.getByText('The gift cards need to be removed from the cart to make the order promotional.'),
  ).toBeVisible();

  await main.getByRole('button', { name: `Remove gift card Riley emailing on ${dd}/${mm}/${yyyy}` }).click();
  await expect(main.getByText('Gift card for Riley')).toHaveCount(0);
  await expect(main.getByLabel('Promotional order')).toBeEnabled();
});
