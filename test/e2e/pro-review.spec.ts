import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { generateSeedData } from '../../server/db/seed/index';
import { createAccount } from '../helpers/accounts';
import { clientAddress, signIn } from '../helpers/sign-in';
import { signInStaff } from '../helpers/staff';
import { productAtOneListPrice } from '../helpers/seed-products';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 10 §9 and SPEC §3 `pro_program_application_status`, with JavaScript and without: a consumer applies to the
 * pro program, staff approve the application on the protected review screen, and the customer — still signed in —
 * sees "Approved" in their account, the pro program page says they are a member (the apply form is gone), and the
 * product page shows them the pro program's price (30% off) with the regular price struck through. Declining
 * lets the customer apply again. Each test makes its own account (test/helpers/accounts.ts).
 */
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

const seed = generateSeedData();
const product = productAtOneListPrice(seed);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function apply(page: Page, note: string) {
  await page.goto('/pro-program/apply/');
  await page.getByLabel('Organization or employer').fill('Big Sky Outfitters');
  await page.getByLabel('Occupation').selectOption('Hunting guide or outfitter');
  await page.getByLabel('Anything else we should know (optional)').fill(note);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText('Thank you! Your application is in; we will e-mail you once it is reviewed.'),
  ).toBeVisible();
}

test('staff approve a pro application: the customer is a member and sees pro prices', async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const account = await createAccount(playwright.request, baseURL!, { firstName: 'Avery' });
  await signIn(page.request, account);

  // Before: the list price, nothing struck through.
  await page.goto(product.path);
  const main = page.getByRole('main');
  await expect(main.getByText(dollars(product.cents)).first()).toBeVisible();
  await expect(main.getByText(/^Your price /)).toHaveCount(0);

  await apply(page, `Guiding elk hunts (${testInfo.project.name}).`);
  await page.goto('/account/profile');
  await expect(page.getByRole('region', { name: 'Programs' })).toContainText('Pending review');

  // The review screen is for staff only.
  const stranger = await browser.newContext({ javaScriptEnabled: js });
  const refused = await stranger.request.get('/staff/pro-applications');
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toMatch(/^Basic /);
  await stranger.close();

  const desk = await browser.newContext({ javaScriptEnabled: js });
  try {
    await signInStaff(desk.request);
    const staff = await desk.newPage();
    await staff.goto('/staff/pro-applications');
    await expect(staff.getByRole('heading', { level: 1, name: 'Pro program applications' })).toBeVisible();
    const card = staff.getByRole('listitem').filter({ hasText: account.email });
    await expect(card).toContainText('Big Sky Outfitters');
    await expect(card).toContainText('Hunting guide or outfitter');
    await expect(card).toContainText('Consumer');
    if (js) {
      const results = await new AxeBuilder({ page: staff }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    }
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByText('Avery is a pro program member now.')).toBeVisible();
    await expect(staff.getByRole('listitem').filter({ hasText: account.email })).toHaveCount(0);
  } finally {
    await desk.close();
  }

  // The customer, still signed in: the account says so, and prices follow from here on.
  await page.goto('/account/profile');
  await expect(page.getByRole('region', { name: 'Programs' })).toContainText('Approved');
  await page.goto('/pro-program/apply/');
  await expect(
    page.getByText('You are a pro program member: your pro prices show as you shop.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await page.goto(product.path);
  await expect(main.getByText(`Your price ${dollars(product.cents * 0.7)}`).first()).toBeVisible();
  await expect(main.locator('del').first()).toHaveText(`Regular price ${dollars(product.cents)}`);

  // The decision mail is in the outbox (the mail viewer answers this machine).
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  await expect(
    page.getByRole('link', { name: `Welcome to the Cairn Outdoor Pro Program — to ${account.email}` }),
  ).toBeVisible();
});

test('after approval the customer’s next page already shows pro prices (no account page first)', async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const account = await createAccount(playwright.request, baseURL!, { firstName: 'Skyler' });
  await signIn(page.request, account);
  await apply(page, `Packing mules (${testInfo.project.name}).`);
  // The customer is on the product page while staff decide: the list price.
  await page.goto(product.path);
  const main = page.getByRole('main');
  await expect(main.getByText(dollars(product.cents)).first()).toBeVisible();
  await expect(main.getByText(/^Your price /)).toHaveCount(0);

  const desk = await browser.newContext({ javaScriptEnabled: js });
  try {
    await signInStaff(desk.request);
    const staff = await desk.newPage();
    await staff.goto('/staff/pro-applications');
    const card = staff.getByRole('listitem').filter({ hasText: account.email });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByText('Skyler is a pro program member now.')).toBeVisible();
  } finally {
    await desk.close();
  }

  // Their next request, a catalogue page (it used to take an account page or a new sign-in): pro prices.
  await page.goto('/');
  await page.goto(product.path);
  await expect(main.getByText(`Your price ${dollars(product.cents * 0.7)}`).first()).toBeVisible();
  await expect(main.locator('del').first()).toHaveText(`Regular price ${dollars(product.cents)}`);
  // And on reload (the shared copy of the pro price list from here on).
  await page.reload();
  await expect(main.getByText(`Your price ${dollars(product.cents * 0.7)}`).first()).toBeVisible();
});

test('staff decline a pro application: no pro prices, and the customer may apply again', async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const account = await createAccount(playwright.request, baseURL!, { firstName: 'Jordan' });
  await signIn(page.request, account);
  await apply(page, 'Range officer.');

  const desk = await browser.newContext({ javaScriptEnabled: js });
  try {
    await signInStaff(desk.request);
    const staff = await desk.newPage();
    await staff.goto('/staff/pro-applications');
    const card = staff.getByRole('listitem').filter({ hasText: account.email });
    await card.getByRole('button', { name: 'Decline' }).click();
    await expect(staff.getByText("Jordan's application is declined.")).toBeVisible();
  } finally {
    await desk.close();
  }

  await page.goto('/account/profile');
  await expect(page.getByRole('region', { name: 'Programs' })).toContainText('Not approved');
  await page.goto('/pro-program/apply/');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
  await page.goto(product.path);
  await expect(page.getByRole('main').getByText(/^Your price /)).toHaveCount(0);
});
