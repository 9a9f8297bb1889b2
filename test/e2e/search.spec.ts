import type { Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 12: header search mode, suggestions as you type, submit with merchandising redirects, and the results
 * page, with JavaScript and without. The redirect term "sale" → /sale/ is seeded (server/db/seed/merchandising.ts).
 */
const header = (page: Page) => page.getByRole('banner');
const field = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

async function openSearch(page: Page) {
  await header(page).locator('summary', { hasText: 'Search' }).click();
  await expect(field(page)).toBeVisible();
}

test.describe('with JavaScript', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!hasJavaScript(testInfo.project.name), 'JavaScript only');
  });

  test('typing "jack" shows suggestions once, after the debounce', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search/suggestions')) asked.push(request.url());
    });
    await openSearch(page);
    await field(page).pressSequentially('jack', { delay: 40 });
    const terms = page.getByRole('list', { name: 'Suggested searches' });
    await expect(terms.getByRole('link').first()).toBeVisible({ timeout: 10_000 });
    const products = page.getByRole('list', { name: 'Suggested products' }).getByRole('listitem');
    expect(await products.count()).toBeGreaterThan(0);
    expect(await products.count()).toBeLessThanOrEqual(5);
    // "jac" and "jack" typed within the debounce: one request, for the last term.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('q=jack');
  });

  // Issue 24 §11: the suggestions hang from the field, their left edge on the field's, their top at its bottom.
  for (const viewport of [
    { name: 'desktop', width: 1366, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`the suggestions panel lines up under the search field (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/mens/');
      await openSearch(page);
      await field(page).pressSequentially('jack', { delay: 40 });
      const panel = page.locator('#search-suggestions');
      await expect(panel.getByRole('list', { name: 'Suggested searches' })).toBeVisible({ timeout: 10_000 });
      const fieldBox = (await field(page).boundingBox())!;
      const panelBox = (await panel.boundingBox())!;
      const formBox = (await page.getByRole('search').boundingBox())!;
      expect(Math.abs(panelBox.x - fieldBox.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(panelBox.y - (fieldBox.y + fieldBox.height))).toBeLessThanOrEqual(4);
      // As wide as the search row (field, Clear and Search), not the whole header.
      expect(Math.abs(panelBox.x + panelBox.width - (formBox.x + formBox.width))).toBeLessThanOrEqual(1);
    });
  }

  test('fewer than 3 characters ask for nothing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search/suggestions')) asked.push(request.url());
    });
    await openSearch(page);
    await field(page).pressSequentially('ja', { delay: 40 });
    // Well past the 300 ms debounce: still nothing asked, nothing shown.
    await page.waitForTimeout(800);
    expect(asked).toEqual([]);
    await expect(page.getByRole('list', { name: 'Suggested searches' })).toHaveCount(0);
    await field(page).press('c');
    await expect(
      page.getByRole('list', { name: 'Suggested searches' }).getByRole('link').first(),
    ).toBeVisible({ timeout: 10_000 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('q=jac');
  });

  test('a suggested term opens its results', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/');
    await openSearch(page);
    await field(page).pressSequentially('jack', { delay: 40 });
    const chip = page.getByRole('list', { name: 'Suggested searches' }).getByRole('link').first();
    await expect(chip).toBeVisible({ timeout: 10_000 });
    const text = (await chip.textContent())!.trim();
    await chip.click();
    await expect(page).toHaveURL(
      new RegExp(`/search\\?q=${encodeURIComponent(text).replace(/%20/g, '\\+')}$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${text}”`);
    await expect(
      page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
    ).toBeVisible();
  });

  test('a redirect term goes to its target and clears the query', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/');
    await openSearch(page);
    await field(page).fill('Sale');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/sale\/$/);
    await openSearch(page);
    await expect(field(page)).toHaveValue('');
  });

  test('phones keep the logo and a clear button in search mode', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await openSearch(page);
    await expect(header(page).getByRole('link', { name: /home/i })).toBeVisible();
    await field(page).fill('rain');
    const clear = header(page).getByRole('button', { name: 'Clear' });
    await expect(clear).toBeVisible();
    await clear.click();
    await expect(field(page)).toHaveValue('');
  });
});

test.describe('without JavaScript', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(hasJavaScript(testInfo.project.name), 'no-JavaScript only');
  });

  test('the search form submits to the results', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/');
    await openSearch(page);
    await field(page).fill('rain jacket');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=rain\+jacket$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “rain jacket”');
    await expect(
      page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
    ).toBeVisible();
  });

  test('a redirect term lands on its target', async ({ page }) => {
    await page.goto('/');
    await openSearch(page);
    await field(page).fill('sale');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/sale\/$/);
  });
});

test.describe('results page', () => {
  test('says "did you mean" for a misspelt term', async ({ page }) => {
    await page.goto('/search?q=jaket');
    await expect(page.getByText('Did you mean')).toBeVisible();
    await expect(page.getByRole('link', { name: 'jacket', exact: true })).toHaveAttribute(
      'href',
      '/search?q=jacket',
    );
  });

  test('filters keep the term, and a filter removed comes back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/search?q=jacket');
    const filters = page.locator('#filters');
    await filters
      .getByRole('group', { name: 'Gender' })
      .getByRole('checkbox', { name: /^Womens/ })
      .check();
    if (!hasJavaScript(test.info().project.name))
      await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/search\?q=jacket&gender=Womens/);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('link', { name: /Gender: Womens/ })).toBeVisible();
    await chips.getByRole('link', { name: /Gender: Womens/ }).click();
    await expect(page).toHaveURL(/\/search\?q=jacket$/);
  });

  test('an empty result says so and offers other searches', async ({ page }) => {
    await page.goto('/search?q=zzqx');
    await expect(page.getByRole('heading', { name: 'No products match “zzqx”.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Other searches' }).getByRole('link').first()).toBeVisible();
  });
});
