/**
 * The order desk (issue 25 §1–2, decisions 092–094), with JavaScript and without: a guest's order is found by staff,
 * marked paid and shipped with a tracking number; the customer's order page (once an account with the order's
 * e-mail is verified, the guest order joins it) and the mails show each step; a canceled order gives its stock
 * back; axe finds nothing on the desk's pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { generateSeedData } from '../../server/db/seed/index';
import { createAccount } from '../helpers/accounts';
import { sizeWithStandardStock } from '../helpers/seed-products';
import { clientAddress, signIn } from '../helpers/sign-in';
import { signInStaff } from '../helpers/staff';
import { expect, hasJavaScript, test } from './fixtures';

const seed = generateSeedData();
/** A size with plenty of standard stock (each run buys a few units). */
const buyable = sizeWithStandardStock(seed, { min: 40 });
/** Sizes no other test buys, one per project (they run at once): the cancel test counts their stock. */
const forCancel = {
  js: sizeWithStandardStock(seed, { min: 30, max: 39 }),
  'no-js': sizeWithStandardStock(seed, { min: 20, max: 29 }),
};
type Size = typeof buyable;

/** axe on the page as it stands (without JavaScript: the same document opened again with scripts allowed). */
async function expectNoAxeViolations(page: Page, browser: Browser, testInfo: TestInfo) {
  let subject = page;
  let close = async () => {};
  if (!hasJavaScript(testInfo.project.name)) {
    const context = await browser.newContext({ javaScriptEnabled: true });
    await context.addCookies(await page.context().cookies());
    subject = await context.newPage();
    await subject.goto(page.url());
    close = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: subject }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const report = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help}\n` +
        violation.nodes.map((node) => `  - ${node.target.join(' ')}: ${node.failureSummary}`).join('\n'),
    );
    expect(report, report.join('\n')).toEqual([]);
  } finally {
    await close();
  }
}

/** A guest's order of `quantity` units of the buyable size, placed through the cart and the checkout. */
async function placeGuestOrder(
  page: Page,
  email: string,
  quantity = 1,
  size: Size = buyable,
): Promise<number> {
  await page.goto(`${size.path}?size=${encodeURIComponent(size.size)}`);
  for (let unit = 0; unit < quantity; unit += 1) {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Your Cart' }).getByRole('listitem').filter({ hasText: size.name }),
    ).toBeVisible();
    if (unit + 1 < quantity) await page.goto(`${size.path}?size=${encodeURIComponent(size.size)}`);
  }
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name', { exact: true }).fill('Quinn');
  await page.getByLabel('Last name', { exact: true }).fill('Desk');
  await page.getByLabel('Address', { exact: true }).fill('5 Ledger Lane');
  await page.getByLabel('City', { exact: true }).fill('Missoula');
  await page.getByLabel('State or province').selectOption('MT');
  await page.getByLabel('ZIP or postal code').fill('59801');
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByText(/^Thank you! Your order #\d+ is placed\.$/);
  await expect(placed).toBeVisible();
  return Number(/#(\d+)/.exec((await placed.textContent()) ?? '')?.[1]);
}

/** The standard stock a shopper can buy of the size (the warehouse endpoint, past any shared cache). */
async function stockLevel(page: Page, size: Size): Promise<number> {
  const response = await page.request.get(
    `/apiwarehouse/inventory/multiple?sku=${encodeURIComponent(size.sku)}&fresh=${Date.now()}`,
  );
  const body = (await response.json()) as { data: { inventory_level: number }[] };
  return body.data[0]!.inventory_level;
}

/** A signed-in staff page with the project's JavaScript setting. */
async function deskPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    javaScriptEnabled: hasJavaScript(testInfo.project.name),
    baseURL: testInfo.project.use.baseURL,
  });
  await signInStaff(context.request);
  const desk = await context.newPage();
  // With JavaScript, act only once React has hydrated the page (as the fixtures' own page does).
  const goto = desk.goto.bind(desk);
  const reload = desk.reload.bind(desk);
  const hydrated = async () => {
    if (hasJavaScript(testInfo.project.name))
      await desk.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  };
  desk.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  desk.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
  return { desk, close: () => context.close() };
}

test('a guest order is found by staff, marked paid and shipped; the order page and the mails show each step', async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  const email = `desk-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
  const orderId = await placeGuestOrder(page, email);

  const { desk, close } = await deskPage(browser, testInfo);
  try {
    await desk.goto('/staff/orders');
    await expect(desk.getByRole('heading', { level: 1, name: 'Order desk' })).toBeVisible();
    await desk.getByLabel('Order number, customer name or e-mail').fill(email);
    await desk.getByLabel('Status').selectOption('awaiting_payment');
    await desk.getByRole('button', { name: 'Search' }).click();
    await expect(desk).toHaveURL(/\/staff\/orders\?/);
    const row = desk.getByRole('row').filter({ hasText: `Order #${orderId}` });
    await expect(row).toContainText('Awaiting payment');
    await expect(row).toContainText('Quinn Desk');
    await expectNoAxeViolations(desk, browser, testInfo);
    await row.getByRole('link', { name: `Order #${orderId}` }).click();
    await expect(desk.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await expect(desk.getByText('5 Ledger Lane')).toBeVisible();
    await expectNoAxeViolations(desk, browser, testInfo);

    await desk.getByRole('button', { name: 'Mark paid' }).click();
    await expect(desk.getByText(`Order #${orderId} is marked paid.`)).toBeVisible({ timeout: 15_000 });
    await desk.getByLabel('Carrier').fill('UPS');
    await desk.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await desk.getByRole('button', { name: 'Ship', exact: true }).click();
    await expect(
      desk.getByText(`Order #${orderId} is shipped with UPS, tracking number 1Z999AA10123456784.`),
    ).toBeVisible({ timeout: 15_000 });
    await desk.reload();
    const history = desk.getByRole('region', { name: 'History' });
    await expect(history).toContainText('Awaiting payment → Paid');
    await expect(history).toContainText('Paid → Shipped');
    await expect(history).toContainText('staff@example.com');
    await expect(history).toContainText('UPS, tracking number 1Z999AA10123456784');
    // Shipped: it can no longer be paid or canceled.
    await expect(desk.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
    await expect(desk.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  } finally {
    await close();
  }

  // The guest makes an account with the order's e-mail: once verified, the order is in it.
  const account = await createAccount(playwright.request, baseURL!, { email });
  await signIn(page.request, account);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: /^Shipped, / })).toHaveCount(1);
  await expect(details.filter({ hasText: 'UPS' })).toHaveCount(1);
  await expect(details.filter({ hasText: '1Z999AA10123456784' })).toHaveCount(1);
  const steps = page.getByRole('list', { name: 'Order history' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toHaveText(/^Placed: /);
  await expect(steps.nth(1)).toHaveText(/^Paid: /);
  await expect(steps.nth(2)).toHaveText(/^Shipped: .*\(UPS, tracking number 1Z999AA10123456784\)$/);
  await expect(page.locator('main')).not.toContainText('awaiting_');
  await page.goto('/account/orders');
  await expect(page.getByRole('row').filter({ hasText: `Order #${orderId}` })).toContainText('Shipped, ');

  // The mails of each step, in the mail viewer (which answers this machine: no forwarded address).
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  for (const subject of [
    `Your Cairn Outdoor order #${orderId}`,
    `Your Cairn Outdoor order #${orderId} is paid`,
    `Your Cairn Outdoor order #${orderId} has shipped`,
  ])
    await expect(page.getByRole('link', { name: `${subject} — to ${email}`, exact: true })).toBeVisible();
  await page
    .getByRole('link', { name: `Your Cairn Outdoor order #${orderId} has shipped — to ${email}` })
    .click();
  await expect(page.getByText('Tracking number: 1Z999AA10123456784')).toBeVisible();
  await expect(page.getByText(/Status: Shipped/).first()).toBeVisible();
});

test('a canceled order gives its stock back', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const size = forCancel[hasJavaScript(testInfo.project.name) ? 'js' : 'no-js'];
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  const before = await stockLevel(page, size);
  const email = `cancel-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
  const orderId = await placeGuestOrder(page, email, 2, size);
  await expect.poll(() => stockLevel(page, size)).toBe(before - 2);

  const { desk, close } = await deskPage(browser, testInfo);
  try {
    await desk.goto(`/staff/orders/${orderId}`);
    await desk.getByLabel('Reason (optional)').fill('Customer asked');
    await desk.getByRole('button', { name: 'Cancel order' }).click();
    await expect(desk.getByText(`Order #${orderId} is canceled; its stock is back on sale.`)).toBeVisible({
      timeout: 15_000,
    });
    await desk.reload();
    await expect(desk.getByRole('definition').first()).toHaveText('Canceled');
    await expect(desk.getByText('Nothing is left to do on this order.')).toBeVisible();
  } finally {
    await close();
  }
  await expect.poll(() => stockLevel(page, size)).toBe(before);
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  await expect(
    page.getByRole('link', { name: `Your Cairn Outdoor order #${orderId} is canceled — to ${email}` }),
  ).toBeVisible();
});

test('the desk refuses bad filters with a message, and exports a date range as CSV', async ({
  browser,
}, testInfo) => {
  const { desk, close } = await deskPage(browser, testInfo);
  try {
    const bad = await desk.request.get('/staff/orders?status=lost', { headers: { Accept: 'text/html' } });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain('Choose a status from the list.');
    expect((await desk.request.get('/staff/orders/export.csv?from=2026-02-30&to=2026-03-01')).status()).toBe(
      400,
    );
    const today = new Date().toISOString().slice(0, 10);
    const csv = await desk.request.get(`/staff/orders/export.csv?from=2026-01-01&to=${today}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'order,placed_at,status,customer,email,items,subtotal,discount,shipping,tax,total,refunded,paid_at,carrier,tracking_number',
    );
    expect((await desk.request.get('/staff/orders/abc')).status()).toBe(404);
  } finally {
    await close();
  }
});
