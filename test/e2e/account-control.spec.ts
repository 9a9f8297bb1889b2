import type { BrowserContext, Page } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { clientAddress, signIn } from '../helpers/sign-in';
import { expect, test } from './fixtures';

/**
 * Issue 26 §4 and §5, issue 25 §7 (decisions 101 and 102), with JavaScript and without: the customer deletes their
 * account (every browser is signed out, signing in again fails, the address registers anew), sets the do-not-sell
 * choice (kept, and in the data download), and the account's mails name the brand in subject and sender and have
 * an HTML part. Each test makes an account of its own.
 */
test.describe.configure({ timeout: 120_000 });

// Refused steps (a wrong password, an unknown address) are 400 answers to fetchers, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400 .*\/(account\/delete|api\/sign-in\/email)\.data/] });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

/** Whether a browser is still signed in: its account page opens (else it is sent to sign in). */
async function stillSignedIn(context: BrowserContext | Page): Promise<boolean> {
  const reply = await context.request.get('/account/profile', { maxRedirects: 0 });
  return reply.status() === 200;
}

test('deleting the account asks the password, signs out everywhere, and the old sign-in fails', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  const other = await browser.newContext({ baseURL });
  try {
    await signIn(other.request, account);
    await page.goto('/account/privacy');
    await expect(page.getByRole('heading', { level: 2, name: 'Delete your account' })).toBeVisible();
    await page.getByRole('link', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/account\/delete$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Delete my account' });

    // The confirmation is required.
    await page.getByLabel('Current Password').fill(account.password);
    await submit.click();
    await expect(
      page.getByText('Tick the box to confirm that you want to delete your account.'),
    ).toBeVisible();
    // A wrong password deletes nothing (SPEC §8's words).
    await page.getByLabel('Current Password').fill('Wrong#Pass2026');
    await page.getByLabel('I understand that my account will be deleted').check();
    await submit.click();
    await expect(page.getByText('Password is incorrect.')).toBeVisible();
    expect(await stillSignedIn(other)).toBe(true);

    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('I understand that my account will be deleted').check();
    await submit.click();
    await expect(page).toHaveURL(/\/account\/deleted$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account deleted' })).toBeVisible();
    await expect(page.getByText('Your account is deleted.')).toBeVisible();
    // Signed out here and in the other browser.
    expect(await stillSignedIn(page)).toBe(false);
    expect(await stillSignedIn(other)).toBe(false);

    // Signing in with the old e-mail and password fails as for any unknown address (SPEC §8).
    await page.goto('/?login=true');
    const panel = page.getByRole('dialog', { name: 'Sign In' });
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByRole('button', { name: 'Next' }).click();
    await expect(panel.getByText('Email is incorrect.')).toBeVisible();
    await expect(signIn(page.request, account)).rejects.toThrow(/sign-in e-mail step: 400/);

    // The address may register again.
    const again = await createAccount(playwright.request, baseURL!, { email: account.email });
    await signIn(page.request, again);
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the do-not-sell choice is saved on the account and shown in the data download', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  await page.goto('/account/privacy');
  const choice = page.getByLabel('Do not sell or share my personal information');
  await expect(choice).not.toBeChecked();
  await choice.check();
  await page.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Saved: we will not sell or share your personal information.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Do not sell or share my personal information')).toBeChecked();
  const download = await page.request.get('/account/data');
  expect(download.status()).toBe(200);
  expect(((await download.json()) as { consents: { doNotSell: boolean } }).consents.doNotSell).toBe(true);

  await page.getByLabel('Do not sell or share my personal information').uncheck();
  await page.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Saved: your choice not to sell or share is withdrawn.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Do not sell or share my personal information')).not.toBeChecked();
  const after = await page.request.get('/account/data');
  expect(((await after.json()) as { consents: { doNotSell: boolean } }).consents.doNotSell).toBe(false);
});

test('the account mails name the brand in subject and sender, with a text and an HTML part', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await createAccount(playwright.request, baseURL!);
  // The mail viewer answers this machine: no forwarded address.
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  await expect(
    page.getByRole('link', { name: `Verify your Cairn Outdoor account — to ${account.email}` }),
  ).toBeVisible();
  await page.getByRole('link', { name: `Welcome to Cairn Outdoor — to ${account.email}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Cairn Outdoor' })).toBeVisible();
  await expect(page.getByText(/^From: Cairn Outdoor <no-reply@[^>]+>$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Text part' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\/\?login=true$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'HTML part' })).toBeVisible();
  // The HTML part, a sandboxed page of its own (read without rendering it).
  const href = await page.getByRole('link', { name: 'Open the HTML part' }).getAttribute('href');
  expect(href).toMatch(/^\/mail\/\d+\/html$/);
  const html = await page.request.get(href!);
  expect(html.status()).toBe(200);
  expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(html.headers()['content-security-policy']).toContain('sandbox');
  expect(await html.text()).toMatch(/<a href="http[^"]+\/\?login=true">Sign in<\/a>/);
});
