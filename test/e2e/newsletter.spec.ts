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
