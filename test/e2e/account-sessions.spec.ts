import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { clientAddress, signIn, type Credentials } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 26 §4 and issue 23 §2 (decision 086): the account's session list and the password change, with JavaScript
 * and without. Another browser is another context with its own User-Agent; its session is seen in the list, signed
 * out from it, and ended by a password change. axe on both new pages. Each test makes an account of its own.
 */
test.describe.configure({ timeout: 120_000 });

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

/** Another browser signed in to the account: a context of its own with that User-Agent. */
async function anotherBrowser(
  browser: Browser,
  baseURL: string,
  account: Credentials,
  userAgent: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, userAgent });
  await signIn(context.request, account);
  return context;
}

/** Whether the other browser is still signed in: its account page opens (else it is sent to sign in). */
async function stillSignedIn(context: BrowserContext): Promise<boolean> {
  const reply = await context.request.get('/account/profile', { maxRedirects: 0 });
  return reply.status() === 200;
}

const sessionList = (page: Page) =>
  page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem');

test('the session list shows each browser; one is signed out from it, then everywhere else', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  const firefox = await anotherBrowser(browser, baseURL!, account, FIREFOX_ON_WINDOWS);
  const iphone = await anotherBrowser(browser, baseURL!, account, SAFARI_ON_IOS);
  try {
    await page.goto('/account/sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'My Sessions' })).toBeVisible();
    await expect(sessionList(page)).toHaveCount(3);
    const mine = sessionList(page).filter({ hasText: '(this browser)' });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(/Chrome on \w+ \(this browser\)/);
    await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
    const firefoxRow = page.getByRole('listitem', { name: 'Firefox on Windows' });
    await expect(firefoxRow).toContainText('Signed in');
    await expect(firefoxRow).toContainText(/Last seen\s*20\d\d-\d\d-\d\d \d\d:\d\d UTC/);
    await expect(page.getByRole('listitem', { name: 'Safari on iOS' })).toBeVisible();

    await firefoxRow.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    await expect(page.getByRole('listitem', { name: 'Firefox on Windows' })).toHaveCount(0);
    await expect(sessionList(page)).toHaveCount(2);
    if (!hasJavaScript(test.info().project.name))
      await expect(page.getByRole('status').filter({ hasText: 'That session is signed out.' })).toBeVisible();
    expect(await stillSignedIn(firefox)).toBe(false);
    expect(await stillSignedIn(iphone)).toBe(true);

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('You are signed out everywhere else.')).toBeVisible();
    await expect(sessionList(page)).toHaveCount(1);
    expect(await stillSignedIn(iphone)).toBe(false);
    // This browser stays signed in.
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  } finally {
    await firefox.close();
    await iphone.close();
  }
});

test.describe('the password change', () => {
  // With JavaScript, a refused change is the fetcher's 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400 .*\/account\/password\.data/] });

  test('changing the password asks the current one, keeps SPEC §5 rules and ends the other sessions', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const account = await createAccount(playwright.request, baseURL!);
    await signIn(page.request, account);
    const other = await anotherBrowser(browser, baseURL!, account, FIREFOX_ON_WINDOWS);
    try {
      await page.goto('/account/password');
      await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
      const current = page.getByLabel('Current Password');
      const next = page.getByLabel('New Password');
      const confirm = page.getByLabel('Confirm Password');
      const submit = page.getByRole('button', { name: 'Change Password' });

      await current.fill('Wrong#Pass2026');
      await next.fill('Meadow#Lark2026');
      await confirm.fill('Meadow#Lark2026');
      await submit.click();
      await expect(page.getByText('Password is incorrect.')).toBeVisible();
      expect(await stillSignedIn(other)).toBe(true);

      await page.getByLabel('Current Password').fill(account.password);
      await page.getByLabel('New Password').fill('short');
      await page.getByLabel('Confirm Password').fill('short');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(
        page.getByText(
          'Please ensure your password is 8 to 20 characters long with one uppercase letter, one lowercase letter, one number and one special character. Allowed special characters are ! @ # $ ( ) [ ] . ,',
        ),
      ).toBeVisible();

      await page.getByLabel('Current Password').fill(account.password);
      await page.getByLabel('New Password').fill('Meadow#Lark2026');
      await page.getByLabel('Confirm Password').fill('Meadow#Lark2025');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Both passwords do not match')).toBeVisible();
      expect(await stillSignedIn(other)).toBe(true);

      await page.getByLabel('Current Password').fill(account.password);
      await page.getByLabel('New Password').fill('Meadow#Lark2026');
      await page.getByLabel('Confirm Password').fill('Meadow#Lark2026');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(
        page.getByText('Your password is changed. You are signed out everywhere else.'),
      ).toBeVisible();

      expect(await stillSignedIn(other)).toBe(false);
      await page.goto('/account/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      // The old password no longer signs in; the new one does.
      const fresh = await browser.newContext({ baseURL: baseURL! });
      try {
        await expect(signIn(fresh.request, account)).rejects.toThrow('Password is incorrect.');
        await signIn(fresh.request, { email: account.email, password: 'Meadow#Lark2026' });
        expect(await stillSignedIn(fresh)).toBe(true);
      } finally {
        await fresh.close();
      }
    } finally {
      await other.close();
    }
  });
});

/** axe (WCAG 2 A and AA) over the page as served; without JavaScript, in a context that runs no app script. */
async function expectNoViolations(page: Page, browser: Browser, testInfo: TestInfo, url: string) {
  await page.goto(url);
  let subject = page;
  if (!hasJavaScript(testInfo.project.name)) {
    const context = await browser.newContext({
      javaScriptEnabled: true,
      viewport: page.viewportSize(),
      storageState: await page.context().storageState(),
    });
    subject = await context.newPage();
    await subject.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await subject.goto(page.url());
  }
  try {
    await expect(subject.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page: subject }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  } finally {
    if (subject !== page) await subject.context().close();
  }
}

test('the session list and the password page pass axe', async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  const other = await anotherBrowser(browser, baseURL!, account, SAFARI_ON_IOS);
  try {
    await expectNoViolations(page, browser, testInfo, '/account/sessions');
    await expect(page.getByRole('listitem', { name: 'Safari on iOS' })).toBeVisible();
    await expectNoViolations(page, browser, testInfo, '/account/password');
  } finally {
    await other.close();
  }
});
