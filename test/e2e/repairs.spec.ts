import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';
import { E2E_STAFF_PASSWORD } from '../../playwright.config';
import { signIn } from './repair-session';

/**
 * Issue 13: the warranty repair wizard with JavaScript and without. A signed-in customer sees steps 2 and 3
 * disabled (and their URLs redirect) until reachable, picks a product of their order history, adds a damage with
 * two photos, reviews and submits, and sees the repair in their list. Each project uses its own demo account and
 * starts by clearing any draft a failed attempt left, so retries and the two projects never share a draft.
 */
test.describe.configure({ timeout: 120_000 });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const ACCOUNT = { js: 'consumer@example.com', 'no-js': 'shed@example.com' } as const;

async function expectNoAxeViolations(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  httpCredentials?: { username: string; password: string },
) {
  let subject = page;
  let close = async () => {};
  if (!hasJavaScript(testInfo.project.name)) {
    // axe runs in the page: open the server-rendered document again with scripts allowed but the app's blocked.
    const context = await browser.newContext({ javaScriptEnabled: true, httpCredentials });
    await context.addCookies(await page.context().cookies());
    subject = await context.newPage();
    await subject.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await subject.goto(page.url());
    close = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: subject }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    const report = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(report, `axe on ${page.url()}`).toEqual([]);
  } finally {
    await close();
  }
}

test('a signed-out shopper is sent to sign in, with the flag that brings them back to the wizard', async ({
  page,
}) => {
  for (const path of [
    '/warranties/repair/order-history',
    '/warranties/repair/damage',
    '/warranties/repair/summary',
  ]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect([path, response.status(), response.headers()['location']]).toEqual([
      path,
      302,
      '/warranties?login=true&redirect=true',
    ]);
  }
  await page.goto('/warranties/repair/damage');
  // The sign-in panel opens there (with JavaScript its flag is then set back to false in the address, SPEC §2).
  await expect(page).toHaveURL(/\/warranties\?login=(true|false)&redirect=true$/);
  await page.goto('/warranties/repair');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/warranties?login=true&redirect=true',
  );
  await expect(page.getByRole('link', { name: 'Create an account', exact: true })).toHaveAttribute(
    'href',
    '/warranties/repair?create-an-account=true',
  );
});

test('a customer completes the three steps with two photos, submits, and sees the repair in their list', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  const account = await signIn(context, baseURL!, ACCOUNT[js ? 'js' : 'no-js']);
  const steps = page.getByRole('navigation', { name: 'Repair steps' });

  // A draft left by a failed attempt is cleared first.
  await page.goto('/warranties/repair/order-history');
  const clear = page.getByRole('button', { name: 'Clear draft' });
  if (await clear.isVisible()) {
    await clear.click();
    await expect(page.getByText('Your draft repair has been cleared.')).toBeVisible();
    await page.goto('/warranties/repair/order-history');
  }

  // Steps 2 and 3 are disabled, and their URLs lead back to step 1.
  await expect(page.getByRole('heading', { name: 'Tell us about your Product' })).toBeVisible();
  await expect(steps.getByText('1. Product')).toHaveAttribute('aria-current', 'step');
  await expect(steps.getByText('2. Damage')).toHaveAttribute('aria-disabled', 'true');
  await expect(steps.getByText('3. Summary')).toHaveAttribute('aria-disabled', 'true');
  await expect(steps.getByRole('link')).toHaveCount(0);
  for (const path of ['/warranties/repair/damage', '/warranties/repair/summary']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/warranties\/repair\/order-history$/);
  }
  await expectNoAxeViolations(page, browser, testInfo);

  // Step 1: the first product of the order history.
  await page.getByRole('radio').first().waitFor();
  const firstProduct = page.getByRole('radio').first();
  const productLabel = (await page
    .locator(`label[for="${await firstProduct.getAttribute('id')}"] strong`)
    .textContent())!;
  await firstProduct.check();
  await page.getByRole('button', { name: 'Continue to Damage' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/damage$/);
  await expect(page.getByRole('heading', { name: 'Detail the Damage' })).toBeVisible();
  await expect(page.getByText(`Product: ${productLabel}`)).toBeVisible();
  await expect(steps.getByRole('link', { name: '1. Product' })).toBeVisible();
  await expect(steps.getByText('3. Summary')).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/warranties/repair/summary');
  await expect(page).toHaveURL(/\/warranties\/repair\/damage$/);

  if (js) {
    // A damage without a description is refused with the message (without JavaScript the browser's own check of
    // the required field stops the post).
    await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Zipper' });
    await page.getByRole('button', { name: 'Add damage' }).click();
    await expect(page.getByText('Please describe the damage.')).toBeVisible();
  }

  // Step 2: a damage with two photos.
  await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Zipper' });
  await page.getByLabel('Specific issue (optional)').selectOption({ label: 'Slider broken' });
  await page.getByLabel('Location (optional)').selectOption({ label: 'Chest' });
  await page.getByLabel('Description of the damage').fill('The slider came off the main zipper.');
  await page.getByLabel(/Photos of the damage/).setInputFiles([
    { name: 'zipper-front.png', mimeType: 'image/png', buffer: PNG },
    { name: 'zipper-close.png', mimeType: 'image/png', buffer: PNG },
  ]);
  if (js) {
    // Uploaded through signed URLs before the form is sent.
    await expect(page.getByText('zipper-front.png: ready to attach')).toBeVisible();
    await expect(page.getByText('zipper-close.png: ready to attach')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Add damage' }).click();
  await expect(page.getByText('Damage added.')).toBeVisible();
  const photos = page.getByRole('list', { name: 'Photos of damage 1' });
  await expect(photos.getByRole('img')).toHaveCount(2);
  await expect(photos.getByRole('img', { name: 'zipper-front.png' })).toBeVisible();
  await expect(page.getByText('Damage 1: Zipper · Slider broken · Chest')).toBeVisible();
  await expectNoAxeViolations(page, browser, testInfo);

  // Step 3 is reachable now.
  await steps.getByRole('link', { name: '3. Summary' }).waitFor();
  await page.getByRole('link', { name: 'Continue to Review' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/summary$/);
  await expect(page.getByRole('heading', { name: 'Review your Repair' })).toBeVisible();
  await expect(page.getByText('The slider came off the main zipper.')).toBeVisible();
  await expect(page.getByText('(2 photos)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit the product' })).toHaveAttribute(
    'href',
    '/warranties/repair/order-history',
  );
  await expect(page.getByRole('link', { name: 'Edit the damages' })).toHaveAttribute(
    'href',
    '/warranties/repair/damage',
  );
  // Pre-filled from the account (SPEC §3).
  await expect(page.getByLabel('First name')).toHaveValue(account.firstName);
  await expect(page.getByLabel('City')).toHaveValue(account.address.city);
  await expectNoAxeViolations(page, browser, testInfo);

  // Unanswered questions are refused (by the browser's check without JavaScript); answered, the repair is submitted.
  if (js) {
    await page.getByRole('button', { name: 'Submit repair' }).click();
    await expect(page.getByText('Please answer this question.').first()).toBeVisible();
  }
  await page
    .getByRole('group', { name: 'Has the product been washed since it was damaged?' })
    .getByLabel('No')
    .check();
  await page
    .getByRole('group', { name: 'Did the damage happen while you were using the product?' })
    .getByLabel('Yes')
    .check();
  await page.getByRole('button', { name: 'Submit repair' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\?submitted=\d+$/);
  const repairId = new URL(page.url()).searchParams.get('submitted')!;
  await expect(
    page.getByText(`Your repair #${repairId} has been submitted. We will be in touch.`),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `#${repairId}` });
  await expect(row).toContainText(productLabel);
  await expect(row.getByRole('cell').last()).toHaveText('Submitted');
  await expectNoAxeViolations(page, browser, testInfo);

  // The repair desk sees it, with its photos, and moves it on; the customer sees the new status.
  const staffCredentials = { username: 'staff', password: E2E_STAFF_PASSWORD };
  const desk = await browser.newContext({ javaScriptEnabled: js, httpCredentials: staffCredentials });
  try {
    const staff = await desk.newPage();
    await staff.goto('/staff/repairs');
    const card = staff.getByRole('listitem').filter({
      has: staff.getByRole('heading', { name: `Repair #${repairId}: ${productLabel}` }),
    });
    await expect(card.getByText('Status: Submitted')).toBeVisible();
    await expect(card.getByRole('img')).toHaveCount(2);
    await expect(card).toContainText(account.email);
    await card.getByRole('button', { name: 'Mark received' }).click();
    await expect(staff.getByText(`Repair #${repairId} is now Received.`)).toBeVisible();
    await expect(card.getByText('Status: Received')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark received' })).toBeDisabled();
    await expectNoAxeViolations(staff, browser, testInfo, staffCredentials);
  } finally {
    await desk.close();
  }
  await page.goto('/warranties/repair');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `#${repairId}` })
      .getByRole('cell')
      .last(),
  ).toHaveText('Received');

  // The draft is gone: the wizard starts again at step 1 with steps 2 and 3 disabled.
  await page.goto('/warranties/repair/summary');
  await expect(page).toHaveURL(/\/warranties\/repair\/order-history$/);
  await expect(steps.getByText('2. Damage')).toHaveAttribute('aria-disabled', 'true');
});

test('the repair desk is behind the staff sign-in', async ({ page }) => {
  // A browser would ask for the credentials; the request context shows the challenge itself.
  for (const authorization of [
    undefined,
    `Basic ${Buffer.from('staff:wrong-password-1').toString('base64')}`,
  ]) {
    const response = await page.request.get('/staff/repairs', {
      headers: authorization ? { Authorization: authorization } : {},
    });
    expect(response.status()).toBe(401);
    expect(response.headers()['www-authenticate']).toBe('Basic realm="Repair desk", charset="UTF-8"');
    expect(await response.text()).toContain('The repair desk needs its staff sign-in.');
    expect(await response.text()).not.toContain('Mark received');
  }
  const photo = await page.request.get('/staff/repairs/photo/1');
  expect(photo.status()).toBe(401);
});
