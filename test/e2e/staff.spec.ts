import AxeBuilder from '@axe-core/playwright';
import { clientAddress } from '../helpers/sign-in';
import { DEMO_STAFF } from '../helpers/staff';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * The staff sign-in (issue 27 §2, decision 088), with JavaScript and without: a staff page sends a signed-out browser
 * to `/staff/sign-in`, a wrong password is told, the right one lands on the page asked for, and sign-out ends the
 * session (the desk asks for the sign-in again).
 */
// The wrong password's page is answered 400 (the form again, with its message), which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/staff\/sign-in\b/] });

test.beforeEach(async ({ page }) => {
  // Its own client address: the staff sign-in's per-address count sees only this test's attempts.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

test('staff sign in on the page, reach the desk they asked for, and sign out', async ({ page }, testInfo) => {
  // Three password checks (scrypt, each behind the lockout's claim), axe and six pages: 35 s on the two-core machine
  // with both Playwright workers busy, past the default 30 s.
  test.setTimeout(90_000);
  await page.goto('/staff/repairs');
  await expect(page).toHaveURL(/\/staff\/sign-in\?redirectTo=%2Fstaff%2Frepairs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  if (hasJavaScript(testInfo.project.name)) {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }

  await page.getByLabel('E-mail').fill('nobody-on-staff@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await expect(page.getByLabel('E-mail')).toHaveValue('nobody-on-staff@example.com');

  await page.getByLabel('E-mail').fill(DEMO_STAFF.email);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/repairs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repair desk' })).toBeVisible();

  await page.goto('/staff/sign-in');
  await expect(page.getByText(`Signed in as ${DEMO_STAFF.email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await expect(page.getByText(`Signed in as ${DEMO_STAFF.email}.`)).toHaveCount(0);
  await page.goto('/staff/pro-applications');
  await expect(page).toHaveURL(/\/staff\/sign-in\?redirectTo=%2Fstaff%2Fpro-applications$/);
});
