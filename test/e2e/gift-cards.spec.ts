import type { Page } from '@playwright/test';
import { generateSeedData } from '../../server/db/seed/index';
import { createAccount } from '../helpers/accounts';
import { signIn } from '../helpers/sign-in';
import { sizeWithStandardStock } from '../helpers/seed-products';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 26 §1, with JavaScript and without: a customer buys a gift card for a day ahead; the recipient's mail is not
 * there the day before and arrives on the day (the delivery run on a test clock: POST /__test/gift-card-delivery);
 * its code pays part of an order at checkout, which shows what is left to pay; the account lists the card, sent, and
 * its balance check tells what is left on it.
 */
test.describe.configure({ timeout: 120_000 });

const seed = generateSeedData();
/** A size with plenty of stock ($189.00 in the seed: more than the card, so the card pays part of it). */
const buyer = sizeWithStandardStock(seed, { min: 40 });

const DAY_MS = 86_400_000;

// The wrong code's refusal is a 400 and the refused Place order a 409, which the browser reports as failed fetches
// (with JavaScript).
test.use({ allowedConsoleErrors: [/status of (400 .*\/checkout\/gift-cards|409 .*\/checkout)\.data/] });

const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const dollars = (amount: number) =>
  `$${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function fillAddress(page: Page, email: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name', { exact: true }).fill('Morgan');
  await page.getByLabel('Last name', { exact: true }).fill('Giver');
  await page.getByLabel('Address', { exact: true }).fill('1 Trail Road');
  await page.getByLabel('City', { exact: true }).fill('Bozeman');
  await page.getByLabel('State or province').selectOption('MT');
  await page.getByLabel('ZIP or postal code').fill('59715');
}

test('a gift card bought for a day arrives on it, pays part of an order, and the account shows its balance', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  const recipient = `gift-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;

  // Buy a $50 card to be sent in three days.
  const sendDay = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
  await page.goto('/cart');
  const gift = page.getByRole('region', { name: 'Send a gift card' });
  await gift.getByLabel('Recipient name').fill('Riley');
  await gift.getByLabel('Recipient email').fill(recipient);
  await gift.getByLabel('Your name').fill('Morgan');
  await gift.getByLabel('Your email').fill(account.email);
  await gift.getByLabel('Amount in whole dollars').fill('50');
  await gift.getByLabel('Send on').fill(sendDay);
  await gift.getByRole('button', { name: 'Add gift card' }).click();
  await expect(page.getByText('The gift card is in your cart.')).toBeVisible();
  await page.goto('/checkout');
  await fillAddress(page, account.email);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/^Thank you! Your order #\d+ is placed\.$/)).toBeVisible();
  // The recap lists the card it bought, with JavaScript and without (issue 24 §4: the total counts it).
  const [yyyy, mm, dd] = sendDay.split('-');
  await expect(page.getByRole('list', { name: 'Items in your order' })).toContainText(
    `Gift card: Riley emailing on ${dd}/${mm}/${yyyy}`,
  );

  await page.goto('/account/gift-cards');
  const bought = page.getByRole('table', { name: 'Your gift cards, newest first' });
  const row = bought.getByRole('row').filter({ hasText: recipient });
  await expect(row).toContainText('$50.00');
  await expect(row).toContainText('Scheduled');

  // The day before its date the delivery sends nothing to the recipient; on its date (UTC, decision 089) it does.
  const mailLink = page.getByRole('link', {
    name: `Morgan sent you a $50.00 Cairn Outdoor gift card — to ${recipient}`,
  });
  const deliver = async (at: string) => {
    const response = await page.request.post('/__test/gift-card-delivery', { data: { now: at } });
    expect(response.status()).toBe(200);
  };
  const dayBefore = new Date(Date.parse(`${sendDay}T00:00:00Z`) - DAY_MS).toISOString();
  await deliver(dayBefore.replace('T00:00:00.000Z', 'T23:59:00.000Z'));
  await page.goto('/mail');
  await expect(mailLink).toHaveCount(0);
  await deliver(`${sendDay}T00:01:00.000Z`);
  await deliver(`${sendDay}T00:02:00.000Z`);
  await page.goto('/mail');
  await expect(mailLink).toHaveCount(1);
  await mailLink.click();
  const body = page.locator('main');
  await expect(body).toContainText('Morgan sent you a Cairn Outdoor gift card worth $50.00.');
  await expect(body).toContainText(`${baseURL}/`);
  const code = /Your gift card code: ([0-9A-Z]{5}(?:-[0-9A-Z]{5}){3})/.exec(
    (await body.textContent()) ?? '',
  )?.[1];
  expect(code, 'the mail gives the code').toBeTruthy();
  const ending = code!.slice(-4);

  // The code pays part of an order.
  await page.goto(`${buyer.path}?size=${encodeURIComponent(buyer.size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  const total = cents((await summary.locator('dt:text-is("Total") + dd').textContent()) ?? '');
  expect(total).toBeGreaterThan(5000);
  const cards = page.getByRole('region', { name: 'Gift cards' });
  await cards.getByLabel('Gift card code').fill('WRONG-CODE0-00000-00000');
  await cards.getByRole('button', { name: 'Apply gift card' }).click();
  await expect(
    cards.getByText('That gift card code cannot be used. Check the code and try again.'),
  ).toBeVisible();
  await cards.getByLabel('Gift card code').fill(code!.toLowerCase());
  await cards.getByRole('button', { name: 'Apply gift card' }).click();
  await expect(cards.getByText('Gift card applied.')).toBeVisible();
  await expect(cards.getByText(`Gift card ending ${ending} (balance $50.00)`)).toBeVisible();
  await expect(cards.locator('dt:text-is("Left to pay") + dd')).toHaveText(dollars(total - 5000));
  await fillAddress(page, account.email);

  // Another tab takes the card off after this page showed it paying $50.00 (decision 114): Place order is refused
  // (the provider would be asked for more than the page says), and the page shows the order again without it.
  const other = await page.context().newPage();
  await other.goto('/checkout');
  await other.getByRole('button', { name: `Remove gift card ending ${ending}` }).click();
  await expect(other.getByText(`Gift card ending ${ending}`)).toHaveCount(0);
  await other.close();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(
    page.getByText('Your gift card balance changed. Please review your order and try again.'),
  ).toBeVisible();
  await expect(cards.getByText(`Gift card ending ${ending}`)).toHaveCount(0);
  // Applied again, the order reviewed again: placed.
  await cards.getByLabel('Gift card code').fill(code!);
  await cards.getByRole('button', { name: 'Apply gift card' }).click();
  await expect(cards.getByText(`Gift card ending ${ending} (balance $50.00)`)).toBeVisible();
  await expect(cards.locator('dt:text-is("Left to pay") + dd')).toHaveText(dollars(total - 5000));
  await fillAddress(page, account.email);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/^Thank you! Your order #\d+ is placed\.$/)).toBeVisible();
  if (!js) expect(new URL(page.url()).searchParams.get('order')).toBeTruthy();

  // The account: the card sent, nothing left on it; the balance check says the same.
  await page.goto('/account/gift-cards');
  await expect(row).toContainText('Sent');
  await expect(row.getByRole('cell').last()).toHaveText('$0.00');
  const check = page.getByRole('region', { name: "Check a gift card's balance" });
  await check.getByLabel('Gift card code').fill(code!);
  await check.getByRole('button', { name: 'Check balance' }).click();
  await expect(check.getByText(`The gift card ending ${ending} has $0.00 left of $50.00.`)).toBeVisible();
});
