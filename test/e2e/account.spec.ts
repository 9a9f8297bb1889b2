import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { generateSeedData } from '../../server/db/seed/index';
import { createAccount, type NewAccount } from '../helpers/accounts';
import { clientAddress, signIn } from '../helpers/sign-in';
import { expect, test } from './fixtures';
import { sizeWithStandardStock } from '../helpers/seed-products';

/**
 * Issue 10 §9: the account area with JavaScript and without: the profile update, addresses (add, edit, make one
 * the default), order history and an order's detail, and the pro program application reached through sign-in with
 * the redirect flag. Each test makes an account of its own (test/helpers/accounts.ts).
 */
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

async function signedIn(page: Page, playwright: Parameters<typeof createAccount>[0], baseURL: string) {
  const account = await createAccount(playwright, baseURL);
  await signIn(page.request, account);
  return account;
}

test('a customer updates their profile', async ({ page, playwright, baseURL }) => {
  await signedIn(page, playwright.request, baseURL!);
  await page.goto('/account/profile');
  await expect(page.getByRole('navigation', { name: 'My account' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Edit your profile' });
  await form.getByLabel('First Name').fill('Jordan');
  await form.getByLabel('Phone').fill('4065550188');
  await form.getByLabel('Text me offers').check();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Your profile is saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Welcome back, Jordan.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile', exact: true })).toContainText('(406)-555-0188');
  await expect(form.getByLabel('Text me offers')).toBeChecked();

  // A refused value says why, in SPEC §5's words.
  await form.getByLabel('First Name').fill('J0rdan');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Please enter valid name')).toBeVisible();
});

test('a customer adds addresses, edits one and chooses the default', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signedIn(page, playwright.request, baseURL!);
  await page.goto('/account/addresses');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');

  const add = async (address1: string, options: { makeDefault?: boolean } = {}) => {
    const form = page.getByRole('region', { name: 'Add an address' });
    await form.getByLabel('Address', { exact: true }).fill(address1);
    await form.getByLabel('City').fill('Bozeman');
    await form.getByLabel('State or province').selectOption('MT');
    await form.getByLabel('ZIP or postal code').fill('59715');
    if (options.makeDefault) await form.getByLabel('Make this my default address').check();
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect(form.getByText('The address is added.')).toBeVisible();
  };

  // The server's checks, with the browser's own switched off.
  const form = page.getByRole('region', { name: 'Add an address' });
  await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''));
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(form.getByText('Address Required')).toBeVisible();
  await expect(form.getByText('City Required')).toBeVisible();
  await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''));
  await form.getByLabel('Address', { exact: true }).fill('1 Trail Road');
  await form.getByLabel('City').fill('Bozeman');
  await form.getByLabel('State or province').selectOption('MT');
  await form.getByLabel('ZIP or postal code').fill('5971');
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(form.getByText('Enter a valid postal code')).toBeVisible();
  await expect(saved).toHaveCount(0);

  await add('1 Trail Road');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('Default address');
  await add('2 Ridge Road', { makeDefault: true });
  await expect(saved).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: 'Robin Tracker, 2 Ridge Road (default)' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Robin Tracker, 1 Trail Road' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit Robin Tracker, 1 Trail Road' }).click();
  const edit = page.getByRole('region', { name: 'Edit address' });
  await expect(edit.getByLabel('Address', { exact: true })).toHaveValue('1 Trail Road');
  await edit.getByLabel('City').fill('Livingston');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(edit.getByText('The address is saved.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Robin Tracker, 1 Trail Road' })).toContainText(
    'Livingston, MT 59715',
  );

  await page.getByRole('button', { name: 'Make Robin Tracker, 1 Trail Road the default' }).click();
  await expect(page.getByRole('listitem', { name: 'Robin Tracker, 1 Trail Road (default)' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Robin Tracker, 2 Ridge Road' })).toBeVisible();
  await expect(saved.first()).toContainText('1 Trail Road');
});

const seed = generateSeedData();
/** A size with plenty of standard stock (every run of the order test buys one unit). */
const buyable = sizeWithStandardStock(seed, { min: 40 });

async function placeOrder(page: Page, account: NewAccount): Promise<number> {
  await page.goto(`${buyable.path}?size=${encodeURIComponent(buyable.size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Your Cart' }).getByRole('listitem').filter({ hasText: buyable.name }),
  ).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
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
  return Number(/#(\d+)/.exec((await placed.textContent()) ?? '')?.[1]);
}

test('a customer sees their orders and an order’s detail, and nobody else’s', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await signedIn(page, playwright.request, baseURL!);
  await page.goto('/account/orders');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();

  const orderId = await placeOrder(page, account);
  await page.goto('/account/orders');
  const row = page.getByRole('row').filter({ hasText: `Order #${orderId}` });
  await expect(row).toContainText('Awaiting payment');
  await row.getByRole('link', { name: `Order #${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(buyable.name);
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(`Size: ${buyable.size}`);

  // Another customer's order (or none) is not found; so is an id that is not one.
  const stranger = await createAccount(playwright.request, baseURL!);
  const other = await playwright.request.newContext({ baseURL });
  try {
    await signIn(other, stranger);
    expect((await other.get(`/account/orders/${orderId}`)).status()).toBe(404);
    expect((await other.get('/account/orders/not-a-number')).status()).toBe(404);
  } finally {
    await other.dispose();
  }
});

test('a guest’s order joins the account made with its address once that address is verified, and is in the data the customer downloads (issue 26 §3, §4)', async ({
  page,
  playwright,
  baseURL,
}) => {
  const guest: NewAccount = {
    email: `guest-${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}@example.com`,
    password: 'Ridge#Line2026',
    firstName: 'Robin',
    lastName: 'Tracker',
    phone: '(406)-555-0177',
  };
  const orderId = await placeOrder(page, guest);
  // Sign up with the same address and verify it from the mail, as a person does.
  const account = await createAccount(playwright.request, baseURL!, { email: guest.email });
  await signIn(page.request, account);
  await page.goto('/account/orders');
  const row = page.getByRole('row').filter({ hasText: `Order #${orderId}` });
  await expect(row).toContainText('Awaiting payment');
  await row.getByRole('link', { name: `Order #${orderId}` }).click();
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(buyable.name);

  // Issue 26 §4: the customer downloads their data, and the order is in it, with the profile and consents.
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy and your data' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    format: string;
    profile: { email: string; firstName: string; lastName: string };
    consents: { emailMarketing: boolean; smsMarketing: boolean; doNotSell: boolean };
    orders: { id: number; lines: { name: string }[] }[];
    repairs: unknown[];
  };
  expect(saved.format).toBe('storefront-customer-data');
  expect(saved.profile).toMatchObject({ email: guest.email, firstName: 'Robin', lastName: 'Tracker' });
  // createAccount's sign-up posts neither consent box: both off.
  expect(saved.consents).toEqual({ emailMarketing: false, smsMarketing: false, doNotSell: false });
  expect(saved.orders.map((order) => order.id)).toEqual([orderId]);
  expect(saved.orders[0]!.lines.map((line) => line.name)).toEqual([buyable.name]);
  expect(saved.repairs).toEqual([]);
});

test('the pro program: sign in from its page, apply, and see the application pending', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const account = await createAccount(playwright.request, baseURL!);
  await page.goto('/pro-program');
  await page.getByRole('link', { name: 'Sign in to apply' }).click();
  const panel = page.getByRole('dialog', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText(`Signing in as ${account.email}`)).toBeVisible();
  await panel.getByLabel('Password', { exact: true }).fill(account.password);
  await panel.getByRole('button', { name: 'Login' }).click();
  // SPEC §2: after sign-in from /pro-program with the redirect flag, the apply page.
  await expect(page).toHaveURL(/\/pro-program\/apply\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply to the Pro Program' })).toBeVisible();

  await page.getByLabel('Organization or employer').fill('Big Sky Outfitters');
  await page.getByLabel('Occupation').selectOption('Hunting guide or outfitter');
  await page
    .getByLabel('Anything else we should know (optional)')
    .fill(`Guiding elk hunts since 2009 (${testInfo.project.name}).`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText('Thank you! Your application is in; we will e-mail you once it is reviewed.'),
  ).toBeVisible();
  await expect(page.getByText('Your application is being reviewed.', { exact: false })).toBeVisible();

  await page.goto('/account/profile');
  await expect(page.getByRole('region', { name: 'Programs' })).toContainText('Pending review');
  await page.goto('/pro-program');
  await expect(page.getByText('Your application is being reviewed.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply to the pro program' })).toHaveCount(0);
});

test('/account opens the profile; the account pages are for signed-in customers only', async ({ page }) => {
  // The sign-in panel opens (with JavaScript its flag is set back to false once it has).
  for (const path of ['/account', '/account/addresses', '/account/orders', '/account/orders/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/\?login=(true|false)$/);
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  }
  // The apply page sends a guest to the pro program with the redirect flag: sign-in brings them back.
  await page.goto('/pro-program/apply/');
  await expect(page).toHaveURL(/\/pro-program\?login=(true|false)&redirect=true$/);
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});
