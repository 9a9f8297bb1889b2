import { clientAddress } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/** The footer newsletter form (SPEC §4, §5, §8), with JavaScript and without; subscribing twice is no error. */
test.use({ allowedConsoleErrors: [/status of 400 .*\/api\/newsletter\.data/] });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

test('the footer newsletter form validates, subscribes, and subscribes again without error', async ({
  page,
}, testInfo) => {
  await page.goto('/mens/');
  const footer = page.getByRole('contentinfo');
  const field = footer.getByRole('textbox', { name: 'Email address' });
  const subscribe = footer.getByRole('button', { name: 'Subscribe' });
  const skipBrowserCheck = async () => {
    if (!hasJavaScript(testInfo.project.name))
      await footer.locator('form#newsletter').evaluate((form) => form.setAttribute('novalidate', ''));
  };
  await skipBrowserCheck();
  await subscribe.click();
  await expect(footer.getByText('Email Address Required')).toBeVisible();
  await skipBrowserCheck();
  await field.fill('trail@');
  await subscribe.click();
  await expect(footer.getByText('Invalid email address')).toBeVisible();

  const email = `news-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
  for (let time = 1; time <= 2; time += 1) {
    await field.fill(email);
    await subscribe.click();
    await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
    if (!hasJavaScript(testInfo.project.name)) await expect(page).toHaveURL(/\/mens\/#newsletter$/);
  }
});

test('the welcome mail carries RFC 8058 headers, and its link unsubscribes without signing in', async ({
  page,
}, testInfo) => {
  const email = `leaving-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Email address' }).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();

  // The mail viewer answers this machine: the request goes without a forwarded address.
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  await page.getByRole('link', { name: `Welcome to the Cairn Outdoor newsletter — to ${email}` }).click();
  // RFC 8058's two headers, shown with the mail: the one-click address (its token 32 base64url characters).
  const escaped = encodeURIComponent(email).replace(/[.+]/g, (c) => `\\${c}`);
  await expect(page.getByRole('definition').first()).toHaveText(
    new RegExp(`^<https?://[^/]+/unsubscribe/one-click\\?email=${escaped}&token=[A-Za-z0-9_-]{32}>$`),
  );
  await expect(page.getByRole('definition').nth(1)).toHaveText('List-Unsubscribe=One-Click');
  await page.getByRole('link', { name: /\/unsubscribe\?email=/ }).click();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });

  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(
    page.getByText(`Stop sending marketing emails (the newsletter and offers) to ${email}?`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText(`You are unsubscribed: ${email} will get no more marketing emails from us.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  if (!hasJavaScript(testInfo.project.name)) await expect(page).toHaveURL(/\/unsubscribe$/);
});
