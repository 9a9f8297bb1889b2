import type { Page } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { clientAddress, signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 10 §5 and §7, with JavaScript and without: the password reset journey (forgot password, the mail in the
 * mail viewer, its link, a new password, sign-in with it), and `?logout` starting a sign-out. Each test makes an
 * account of its own (test/helpers/accounts.ts).
 */
test.describe.configure({ timeout: 120_000 });

// A refused step (the old password) is a 400 answer to the fetcher, which the browser logs as a failed resource.
test.use({ allowedConsoleErrors: [/status of 400 .*\/api\/sign-in\/password\.data/] });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

const signInPanel = (page: Page) => page.getByRole('dialog', { name: 'Sign In' });

/** SPEC §5's password rules message, word for word. */
const PASSWORD_RULES =
  'Please ensure your password is 8 to 20 characters long with one uppercase letter, one lowercase letter, one number and one special character. Allowed special characters are ! @ # $ ( ) [ ] . ,';

async function signInThroughPanel(page: Page, email: string, password: string) {
  await page.goto('/?login=true');
  const panel = signInPanel(page);
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText(`Signing in as ${email}`)).toBeVisible();
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Login' }).click();
}

test('forgot password: the mailed link sets a new password, which signs in; the old one no longer does', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const account = await createAccount(playwright.request, baseURL!);
  const newPassword = 'Fresh#Snow2027';
  // Without JavaScript the browser's own checks (required, type=email) come first: skip them to reach the server.
  const skipBrowserChecks = async (form: ReturnType<Page['locator']>) => {
    if (!hasJavaScript(testInfo.project.name))
      await form.evaluate((element) => element.setAttribute('novalidate', ''));
  };

  await page.goto('/?reset-password=true');
  const panel = page.getByRole('dialog', { name: 'Forgot Password' });
  // SPEC §5 forgot-password rows.
  await skipBrowserChecks(panel.locator('form'));
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(panel.getByText('Email Address is required', { exact: true })).toBeVisible();
  await skipBrowserChecks(panel.locator('form'));
  await panel.getByLabel('Email').fill('avery@');
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(panel.getByText('Invalid email address', { exact: true })).toBeVisible();
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(panel.getByText('A link to reset has been sent to your email.')).toBeVisible();

  // The mail viewer answers this machine: the request goes without a forwarded address.
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  await page.getByRole('link', { name: `Reset your Cairn Outdoor password — to ${account.email}` }).click();
  await page.getByRole('link', { name: /\/account\/new-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/account\/new-password\?token=/);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  // SPEC §5, the shared check on the new password: "*Required", then the rules; a refusal keeps the link usable.
  const form = page.locator('form#new-password');
  const save = page.getByRole('button', { name: 'Save Password' });
  await skipBrowserChecks(form);
  await save.click();
  await expect(page.getByText('*Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm Password Required', { exact: true })).toBeVisible();
  await skipBrowserChecks(form);
  await page.getByLabel('New Password').fill('Fresh%Snow2027');
  await page.getByLabel('Confirm Password').fill('Fresh%Snow2027');
  await save.click();
  await expect(page.getByText(PASSWORD_RULES, { exact: true })).toBeVisible();
  await expect(page.getByText('*Required', { exact: true })).toHaveCount(0);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Your password has been changed. You can sign in with it now.')).toBeVisible();

  await signInThroughPanel(page, account.email, account.password);
  await expect(signInPanel(page).getByText('Password is incorrect')).toBeVisible();
  await page.context().clearCookies();
  await signInThroughPanel(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText(`Welcome back, ${account.firstName}.`)).toBeVisible();
});

test('?logout typed into the address bar signs out: single logout, cookies cleared, 2 s, then /?login=true', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'customer_token');
  expect(token).toBeDefined();

  // A typed address (Sec-Fetch-Site: none) is the shopper's own navigation: the sign-out starts at once.
  const started = Date.now();
  await page.goto('/account/profile?logout');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('customer_token');
  await expect(page).toHaveURL(/\/\?login=(true|false)$/, { timeout: 10_000 });
  // SPEC §4: the landing comes after the 2-second pause, not before.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  await expect(signInPanel(page).getByRole('button', { name: 'Next' })).toBeVisible();

  // Single logout happened at the provider: the old token, replayed, is refused.
  await page.context().addCookies([token!]);
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/\?login=(true|false)$/);

  // Signed out, ?logout has nothing to sign out: the sign-in panel's e-mail step.
  await page.goto('/?logout');
  await expect(signInPanel(page).getByRole('button', { name: 'Next' })).toBeVisible();
});

test('?logout linked from another site does not sign out: the panel offers Sign Out, which does', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  // Another site's page linking to the store's ?logout (a logout-CSRF attempt), served by the test.
  await page.route('http://elsewhere.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Elsewhere</title><a href="${baseURL}/?logout=true">Great deals</a>`,
    }),
  );
  // (The frame's own goto: the fixture's page.goto would wait for this foreign page to hydrate.)
  await page.mainFrame().goto('http://elsewhere.example/');
  await page.getByRole('link', { name: 'Great deals' }).click();
  const panel = signInPanel(page);
  await expect(panel.getByText('You are already logged in, please reload the page to login')).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('customer_token');

  await panel.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await expect(page).toHaveURL(/\/\?login=(true|false)$/, { timeout: 10_000 });
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('customer_token');
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/\?login=(true|false)$/);
});
