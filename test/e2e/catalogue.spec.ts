import type { Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/** The first product card of a listing: its link and name. */
async function firstProduct(page: Page, listName: string) {
  const link = page
    .getByRole('list', { name: listName })
    .getByRole('article')
    .first()
    .getByRole('heading')
    .getByRole('link');
  return { link, name: (await link.textContent())!.trim() };
}

test.describe('category listing', () => {
  test('shows the category, its subcategories and product cards', async ({ page }) => {
    const response = await page.goto('/mens/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mens');
    await expect(
      page.getByRole('navigation', { name: 'Mens categories' }).getByRole('link').first(),
    ).toBeVisible();

    const cards = page.getByRole('list', { name: 'Mens products' }).getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    const card = cards.first();
    await expect(card.getByRole('heading').getByRole('link')).toHaveAttribute(
      'href',
      /^\/products\/[^/]+\/[^/]+$/,
    );
    await expect(card.getByText(/^\$\d[\d,]*\.\d\d/).first()).toBeVisible();
  });

  test('a listing URL without its trailing slash redirects to it', async ({ page }) => {
    await page.goto('/mens');
    await expect(page).toHaveURL(/\/mens\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mens');
  });

  test('pages through the products with links', async ({ page }) => {
    await page.goto('/mens/');
    const firstPage = await firstProduct(page, 'Mens products');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: /next/i }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/2/);
    const secondPage = await firstProduct(page, 'Mens products');
    expect(secondPage.name).not.toBe(firstPage.name);
  });
});

test.describe('product page', () => {
  test('opens from a product card, with the product as its heading', async ({ page }) => {
    await page.goto('/mens/');
    const { link, name } = await firstProduct(page, 'Mens products');
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first()).toHaveText(
      'Homepage',
    );
  });

  test('switching the colour goes to that colour’s URL', async ({ page }) => {
    await page.goto('/mens/');
    // A product offered in more than one colour.
    const card = page
      .getByRole('list', { name: 'Mens products' })
      .getByRole('article')
      .filter({ has: page.getByRole('list', { name: /^[2-9]\d* colors$/ }) })
      .first();
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const colours = page.getByRole('list', { name: /^Color: / });
    const current = colours.locator('a[aria-current="true"]');
    await expect(current).toHaveCount(1);
    const other = colours.locator('a:not([aria-current="true"])').first();
    const otherName =
      (await other.getAttribute('aria-label')) ?? (await other.getByRole('img').getAttribute('alt'));
    const otherHref = (await other.getAttribute('href'))!;
    const before = page.url();

    await other.click();
    await expect(page).toHaveURL(otherHref);
    expect(page.url()).not.toBe(before);
    await expect(page.getByRole('list', { name: `Color: ${otherName}` })).toBeVisible();
    await expect(
      page.getByRole('list', { name: /^Color: / }).locator('a[aria-current="true"]'),
    ).toHaveAttribute('href', otherHref);
  });

  test('choosing a size keeps it in the URL', async ({ page }, testInfo) => {
    await page.goto('/mens/');
    await (await firstProduct(page, 'Mens products')).link.click();
    const sizes = page.getByRole('group', { name: /^Size/ });
    const size = sizes.getByRole('radio').and(page.locator(':not([disabled])')).first();
    const label = (await size.getAttribute('value'))!;
    await size.check();
    if (!hasJavaScript(testInfo.project.name))
      await page.getByRole('button', { name: 'Choose size' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(label)}(&|$)`));
    await expect(
      page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: label, exact: true }),
    ).toBeChecked();
  });
});

test.describe('not found', () => {
  // The browser reports the 404 of the document itself; that is the point of these tests.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown URL gets the designed 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/anywhere/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    // Inside the usual layout, with a way on.
    await expect(page.getByRole('banner').getByRole('link', { name: /home/i })).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
  });

  test('an unknown product is a 404 too', async ({ page }) => {
    const response = await page.goto('/products/no-such-product/Black');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});
