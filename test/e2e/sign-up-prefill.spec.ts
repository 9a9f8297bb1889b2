import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { clientAddress, signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 10 §4, issue 13 §1, SPEC §3 "Repair userInfo prefill" and §5 "Sign-up values prefill from repair info", with
 * JavaScript and without: a signed-out shopper gives their details and return address on the warranty page;
 * "Create Your Account" opens filled in with them; after sign-up on the repair path the sign-in panel opens; once
 * verified and signed in, the address is the account's default (the repair's return address).
 */
test.describe.configure({ timeout: 120_000 });

test.use({ allowedConsoleErrors: [/status of 4\d\d .*\/api\/(sign-up|repair-user-info)\.data/] });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

const uniqueEmail = (testInfo: TestInfo) =>
  `prefill-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function verifyFromMailViewer(page: Page, email: string) {
  // The mail viewer answers this machine: no forwarded address.
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  await page.getByRole('link', { name: `Verify your Cairn Outdoor account — to ${email}` }).click();
  await page.getByRole('link', { name: /\/account\/verify\?token=/ }).click();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify my account' }).click();
  await expect(page.getByText('Your account is verified. You can sign in now.')).toBeVisible();
}

test('the warranty page’s details prefill sign-up, which opens sign-in and keeps the address', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  const password = 'Ridge#Line2026';

  await page.goto('/warranties');
  if (hasJavaScript(testInfo.project.name)) {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }
  const about = page.getByRole('region', { name: 'Sign in to request a repair' });
  await about.getByLabel('Email', { exact: true }).fill(email);
  await about.getByLabel('First name').fill('Casey');
  await about.getByLabel('Last name').fill("O'Neil");
  await about.getByLabel('Address', { exact: true }).fill('1 Elk Ridge Road');
  await about.getByLabel('City').fill('Bozeman');
  await about.getByLabel('State or province').selectOption('MT');
  await about.getByLabel('ZIP or postal code').fill('59715');
  await about.getByLabel('Phone').fill('406 555 0142');
  await about.getByRole('button', { name: 'Continue to create your account' }).click();

  await expect(page).toHaveURL(/\/warranties\/repair\?create-an-account=(true|false)$/);
  const signUp = page.getByRole('dialog', { name: 'Create Your Account' });
  await expect(signUp.getByLabel('First Name')).toHaveValue('Casey');
  await expect(signUp.getByLabel('Last Name')).toHaveValue("O'Neil");
  await expect(signUp.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(signUp.getByLabel('Phone')).toHaveValue('(406)-555-0142');

  await signUp.getByLabel('Password', { exact: true }).fill(password);
  await signUp.getByLabel('Confirm Password').fill(password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();

  // SPEC §4: on the repair path the sign-in panel opens after sign-up (the account awaits verification).
  await expect(page).toHaveURL(/\/warranties\/repair\?login=(true|false)$/, { timeout: 15_000 });
  const signInPanel = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signInPanel.getByText(`Signing in as ${email}`)).toBeVisible();
  await expect(signInPanel.getByText('Account has not been activated.')).toBeVisible();
  // The details are used once: the cookie is gone.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('repair_user_info');

  await verifyFromMailViewer(page, email);
  await signIn(page.request, { email, password });
  await page.goto('/account/addresses');
  const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toHaveAccessibleName(/\(default\)$/);
  await expect(saved.first()).toContainText('1 Elk Ridge Road');
  await expect(saved.first()).toContainText('Bozeman');
});

test('the warranty page’s details are checked: a bad postal code is refused, nothing is kept', async ({
  page,
}) => {
  await page.goto('/warranties/repair');
  const about = page.getByRole('region', { name: 'Sign in to request a repair' });
  await about.getByLabel('Email', { exact: true }).fill('someone@example.com');
  await about.getByLabel('First name').fill('Casey');
  await about.getByLabel('Last name').fill('Tracker');
  await about.getByLabel('Address', { exact: true }).fill('1 Elk Ridge Road');
  await about.getByLabel('City').fill('Bozeman');
  await about.getByLabel('State or province').selectOption('MT');
  await about.getByLabel('ZIP or postal code').fill('ABCDE');
  await about.getByLabel('Phone').fill('4065550142');
  await about.getByRole('button', { name: 'Continue to create your account' }).click();
  await expect(about.getByText('Enter a valid postal code')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toHaveCount(0);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('repair_user_info');
});
