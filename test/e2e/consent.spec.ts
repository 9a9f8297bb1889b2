import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { TRACKING_CLEANUP_INTERVAL_MS } from '../../app/components/consent/cleanup';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Cookie consent (SPEC §2 footer link, §4 and §9: without group C0002 tracking cookies are removed every
 * 3 seconds), with and without JavaScript: the footer's Cookie Settings link, the settings form saving the choice
 * and returning to the page it came from, and the browser-side removal of a planted `_ga` cookie.
 */

const cookieValue = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name)?.value;

/**
 * How long a planted tracking cookie may live: one sweep interval (3 s), since it may be planted just after a sweep,
 * plus slack for timers and polls that slip on a loaded 2-core machine (measured under three busy loops: 0.2–3.0 s
 * from planting to removal, with a 3.5 s deadline failing about once in twenty-four). A sweep that never runs
 * leaves the cookie for good, so the deadline still fails then.
 */
const SWEEP_DEADLINE_MS = TRACKING_CLEANUP_INTERVAL_MS + 2_000;

/** The tracking cookie `name` is gone from the browser within SWEEP_DEADLINE_MS. */
async function expectRemoved(page: Page, name = '_ga') {
  await expect
    .poll(() => cookieValue(page.context(), name), { timeout: SWEEP_DEADLINE_MS, intervals: [250] })
    .toBeUndefined();
}

/**
 * Plants a tracking cookie and checks that it took. With JavaScript the page sets it as a third-party script would,
 * and reads it back in the same task: the sweep runs between tasks, so it cannot remove the cookie before the check
 * (a plant through the browser context and a read-back a moment later raced it, about once in forty runs).
 */
async function plantTrackingCookie(page: Page, name = '_ga') {
  const value = 'GA1.1.123.456';
  if (hasJavaScript(test.info().project.name)) {
    const planted = await page.evaluate(
      ([cookieName, cookieText]) => {
        document.cookie = `${cookieName}=${cookieText}; path=/`;
        return document.cookie.split('; ').includes(`${cookieName}=${cookieText}`);
      },
      [name, value] as const,
    );
    expect(planted, `${name} set by the page`).toBe(true);
    return;
  }
  await page.context().addCookies([{ name, value, url: new URL('/', page.url()).href }]);
  expect(await cookieValue(page.context(), name)).toBe(value);
}

async function openSettingsFromFooter(page: Page) {
  await page.goto('/mens/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
  // The page keeps where to go back in its address.
  await expect(page).toHaveURL(/\/cookie-settings\?redirectTo=%2Fmens%2F$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Settings' })).toBeVisible();
}

/** After a save the page says so (in place with JavaScript, after a 303 back here without) and links back. */
async function expectSaved(page: Page) {
  await expect(page).toHaveURL(/\/cookie-settings(\?|$)/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your cookie choices are saved.');
}

test('the footer link opens the settings; saving keeps the choice and links back to the page', async ({
  page,
}) => {
  await openSettingsFromFooter(page);
  const necessary = page.getByRole('checkbox', { name: 'Strictly necessary cookies' });
  const performance = page.getByRole('checkbox', { name: 'Performance cookies' });
  const functional = page.getByRole('checkbox', { name: 'Functional cookies' });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  // Opt-in: nothing but the strictly necessary group before a choice.
  await expect(performance).not.toBeChecked();
  await expect(functional).not.toBeChecked();

  await functional.check();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expectSaved(page);
  await expect(page.getByRole('checkbox', { name: 'Functional cookies' })).toBeChecked();
  await expect
    .poll(async () => decodeURIComponent((await cookieValue(page.context(), 'consent')) ?? ''))
    .toBe('C0001:1,C0002:0,C0003:1,C0004:0');
  await page.getByRole('link', { name: 'Back to the page you were on' }).click();
  await expect(page).toHaveURL(/\/mens\/$/);

  await page.goto('/cookie-settings');
  // The message was shown once.
  await expect(page.getByRole('main').getByRole('status')).toHaveText('');
  await expect(page.getByRole('checkbox', { name: 'Functional cookies' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Performance cookies' })).not.toBeChecked();
});

test('refusing C0002 removes a tracking cookie the request carried', async ({ page }) => {
  await openSettingsFromFooter(page);
  await plantTrackingCookie(page, '_gid');
  await page.getByRole('button', { name: 'Reject all' }).click();
  await expectSaved(page);
  await expectRemoved(page, '_gid');
});

test('without C0002 the browser removes a tracking cookie planted later at its next sweep (every 3 seconds)', async ({
  page,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'the browser-side clean-up is JavaScript');
  await openSettingsFromFooter(page);
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expectSaved(page);
  // Planted after the save (as a third-party script would), so only the ConsentManager can remove it.
  await plantTrackingCookie(page);
  await expectRemoved(page);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )_ga=/);
});

test('with C0002 a tracking cookie stays', async ({ page }, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'the browser-side clean-up is JavaScript');
  await openSettingsFromFooter(page);
  await page.getByRole('button', { name: 'Allow all' }).click();
  await expectSaved(page);
  // Allow all ticks every group.
  await expect(page.getByRole('checkbox', { name: 'Targeting cookies' })).toBeChecked();
  await plantTrackingCookie(page);
  // Long enough for a sweep to have run, had one been started.
  await page.waitForTimeout(SWEEP_DEADLINE_MS);
  expect(await cookieValue(page.context(), '_ga')).toBe('GA1.1.123.456');
});

test('a shopper who had allowed C0002 and withdraws it has a tracking cookie planted later removed at the next sweep (every 3 seconds)', async ({
  page,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'the browser-side clean-up is JavaScript');
  await openSettingsFromFooter(page);
  await page.getByRole('button', { name: 'Allow all' }).click();
  await expectSaved(page);
  // A page loaded with C0002 allowed: the sweep's code is not loaded, only the watch on the choice runs.
  const sweepRequests: string[] = [];
  let phase = 'allowed';
  page.on('request', (request) => {
    if (/^\/assets\/cleanup-[\w-]+\.js$/.test(new URL(request.url()).pathname)) sweepRequests.push(phase);
  });
  await page.goto('/mens/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
  await expect(page.getByRole('checkbox', { name: 'Performance cookies' })).toBeChecked();
  phase = 'withdrawn';
  await page.getByRole('button', { name: 'Reject all' }).click();
  await expectSaved(page);
  await plantTrackingCookie(page);
  await expectRemoved(page);
  expect(sweepRequests).toEqual(['withdrawn']);
});

test('the cookie settings page has no axe violations', async ({ page, browser }, testInfo) => {
  // As in a11y.spec.ts: axe takes over 10 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  let subject = page;
  if (!hasJavaScript(testInfo.project.name)) {
    // axe runs in the page: without JavaScript, a context that runs scripts but never loads the app's.
    const context = await browser.newContext({ javaScriptEnabled: true });
    subject = await context.newPage();
    await subject.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
  }
  try {
    await subject.goto('/cookie-settings');
    await expect(subject.getByRole('heading', { level: 1, name: 'Cookie Settings' })).toBeVisible();
    const results = await new AxeBuilder({ page: subject }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  } finally {
    if (subject !== page) await subject.context().close();
  }
});

test('a category page reports view_item_list to the data layer after 3 s, and nothing leaves the browser', async ({
  page,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'the event layer is JavaScript');
  const tracked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/track/event') tracked.push(request.url());
  });
  await page.goto('/mens/');
  const events = () =>
    page.evaluate(() => (window.dataLayer ?? []).filter((entry) => entry.event === 'view_item_list'));
  await page.waitForTimeout(1_500);
  expect(await events()).toEqual([]);
  // 3 s after the grid mounted; hydration may take a while on a loaded machine.
  await expect.poll(async () => (await events()).length, { timeout: 10_000 }).toBe(1);
  const [event] = (await events()) as unknown as {
    ecommerce: { item_list_name: string; items: unknown[] };
  }[];
  expect(event!.ecommerce.item_list_name).toMatch(/^Mens/);
  expect(event!.ecommerce.items.length).toBeGreaterThan(0);
  // No consent (and no signed-in identity): the event stays in the page.
  expect(tracked).toEqual([]);
});
