import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 4, the listing half: a shopper filters a category by size and colour, sorts by price, pages forward
 * and opens a product, with JavaScript (filters submit themselves) and without (Apply and Sort buttons).
 */

const LIST = 'Mens products';

const cards = (page: Page) => page.getByRole('list', { name: LIST }).getByRole('article');

/** The price a card asks (its sale price when on sale), in cents. */
async function cardPrices(page: Page): Promise<number[]> {
  const all = await cards(page).evaluateAll((articles) =>
    articles.map((article) => article.querySelector(':scope > p')?.textContent ?? ''),
  );
  expect(all.length).toBeGreaterThan(0);
  return all.map((text) => {
    const match = /\$([\d,]+)\.(\d\d)/.exec(text);
    if (!match) throw new Error(`no price in ${JSON.stringify(text)}`);
    return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
  });
}

/** Checks a box; without JavaScript the form needs its Apply button. */
async function applyFilter(page: Page, box: Locator, js: boolean) {
  await box.check();
  if (!js) await page.getByRole('button', { name: 'Apply filters' }).click();
}

/** The colour whose box promises the most products. */
async function busiestColour(page: Page): Promise<Locator> {
  const boxes = page.getByRole('group', { name: 'Color / pattern' }).getByRole('checkbox');
  const labels = await boxes.evaluateAll((inputs) =>
    inputs.map((input) => input.closest('label')?.textContent ?? ''),
  );
  const counts = labels.map((label) => Number(/\((\d+)/.exec(label)?.[1] ?? 0));
  return boxes.nth(counts.indexOf(Math.max(...counts)));
}

test('a shopper filters by size and colour, sorts by price, pages forward and opens a product', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  // Each step is a page load (or a debounced submit and a data load) on a busy two-core machine.
  test.setTimeout(90_000);
  await page.goto('/mens/');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first()).toHaveText(
    'Homepage',
  );

  // Size M.
  await applyFilter(
    page,
    page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M \(/ }),
    js,
  );
  await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: /Size: M/ }),
  ).toBeVisible({ timeout: 15_000 });

  // The colour most products come in, so that the result runs to a second page.
  const colour = await busiestColour(page);
  const colourValue = (await colour.getAttribute('value'))!;
  await applyFilter(page, colour, js);
  await expect(page).toHaveURL(
    new RegExp(`[?&]color=${encodeURIComponent(colourValue).replace(/%20/g, '\\+')}(&|$)`),
  );
  await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: /Color \/ pattern:/ }),
  ).toBeVisible({ timeout: 15_000 });

  // Price, low to high.
  await page.getByLabel('Sort by').selectOption('price-asc');
  if (!js) await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/, { timeout: 15_000 });
  await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  await expect(page).toHaveURL(/[?&]color=/);
  const firstPage = await cardPrices(page);
  expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));
  const firstNames = await cards(page).getByRole('heading').allTextContents();

  // Page 2 keeps the filters and the order.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /next/i }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
  await expect(
    page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]'),
  ).toHaveText(/2/);
  const secondPage = await cardPrices(page);
  expect(secondPage).toEqual([...secondPage].sort((a, b) => a - b));
  expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
  const secondNames = await cards(page).getByRole('heading').allTextContents();
  expect(secondNames.filter((name) => firstNames.includes(name))).toEqual([]);

  // Every card on it is offered in the chosen colour: its swatches name it (unless hidden behind "+N").
  const colourLabel = colourValue.replace(/-/g, ' ');
  const swatches = await cards(page).evaluateAll((articles) =>
    articles.map((article) => ({
      names: [...article.querySelectorAll('ul img[alt], ul [role="img"]')].map(
        (node) => node.getAttribute('alt') ?? node.getAttribute('aria-label'),
      ),
      more: /\+\d+/.test(article.textContent ?? ''),
    })),
  );
  for (const card of swatches) if (!card.more) expect(card.names).toContain(colourLabel);

  // Open a product.
  const link = cards(page).first().getByRole('heading').getByRole('link');
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/products\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('an empty result says so and offers to clear the filters', async ({ page }) => {
  await page.goto('/mens/?size=NoSuchSize&sort=price-desc');
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/mens\/$/);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText('No products match these filters.')).toBeHidden();
});

test('removing an active filter chip widens the result again', async ({ page }) => {
  await page.goto('/mens/?size=M&size=L');
  const chips = page.getByRole('list', { name: 'Active filters' });
  await chips.getByRole('link', { name: /Size: L/ }).click();
  await expect(page).toHaveURL(/\/mens\/\?size=M$/);
  await expect(
    page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^L \(/ }),
  ).not.toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M \(/ }),
  ).toBeChecked();
});

test('a malformed query is corrected with a redirect, an unknown facet value an empty page', async ({
  request,
}) => {
  const redirected = async (path: string) => {
    const response = await request.get(path, { maxRedirects: 0 });
    return [response.status(), response.headers().location];
  };
  expect(await redirected('/mens/?page=abc')).toEqual([302, '/mens/']);
  expect(await redirected('/mens/?page=0&sort=newest')).toEqual([302, '/mens/?sort=newest']);
  expect(await redirected('/mens/?sort=cheapest&page=2')).toEqual([302, '/mens/?page=2']);
  expect((await redirected('/mens/?page=999'))[0]).toBe(302);
  expect((await redirected('/mens/?page=999'))[1]).toMatch(/^\/mens\/\?page=\d+$/);
  expect((await request.get('/mens/?page=999')).status()).toBe(200);
  expect((await request.get('/mens/?color=Nope&tech=%27;drop')).status()).toBe(200);
});

test('load more appends the next page (JavaScript only)', async ({ page }, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'without JavaScript the pagination links do this');
  await page.goto('/mens/');
  await expect(cards(page)).toHaveCount(24);
  const firstNames = await cards(page).getByRole('heading').allTextContents();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(48, { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Showing 1–48 of \d+ products$/ })).toBeVisible();
  const names = await cards(page).getByRole('heading').allTextContents();
  expect(names.slice(0, 24)).toEqual(firstNames);
  expect(new Set(names).size).toBe(48);
});

/** The "Showing x–y of n products" line: [x, y, n]. */
async function showing(page: Page): Promise<[number, number, number]> {
  const text = await page
    .getByRole('status')
    .filter({ hasText: /^Showing / })
    .textContent();
  const match = /^Showing (\d+)–(\d+) of (\d+) products?$/.exec(text ?? '');
  if (!match) throw new Error(`no range in ${JSON.stringify(text)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test('the “Showing x–y of n” line and the pagination name the products on screen', async ({ page }) => {
  await page.goto('/mens/?page=2');
  await expect(cards(page)).toHaveCount(24);
  const [first, last, total] = await showing(page);
  expect([first, last]).toEqual([25, 48]);
  expect(total).toBeGreaterThan(48);
  await expect(pagination(page).locator('[aria-current]')).toHaveText(/^Page 2$/);
  await expect(pagination(page).getByRole('link', { name: 'Next page' })).toHaveAttribute(
    'href',
    '/mens/?page=3',
  );
  await expect(pagination(page).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
    'href',
    '/mens/',
  );
});

test('after “Load more” the range, the pagination and Next follow the pages shown (JavaScript only)', async ({
  page,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'without JavaScript each page is its own URL');
  await page.goto('/mens/?page=2');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(48, { timeout: 15_000 });
  expect((await showing(page)).slice(0, 2)).toEqual([25, 72]);
  await expect(pagination(page).locator('[aria-current]')).toHaveText(['Page 2', 'Page 3']);
  await expect(pagination(page).getByRole('link', { name: 'Next page' })).toHaveAttribute(
    'href',
    '/mens/?page=4',
  );
});

test('“Load more” keeps its place through a product visit and Back (JavaScript only)', async ({
  page,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'without JavaScript the browser restores the page itself');
  test.setTimeout(120_000);
  await page.goto('/mens/');
  // Four more pages: one more than the list cache holds, so Back restores three from it and fetches one.
  for (let loaded = 48; loaded <= 120; loaded += 24) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(loaded, { timeout: 15_000 });
  }
  const names = await cards(page).getByRole('heading').allTextContents();
  const target = cards(page).nth(99).getByRole('heading').getByRole('link');
  await target.scrollIntoViewIfNeeded();
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY).toBeGreaterThan(2000);
  await target.click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[99]!.trim());

  await page.goBack();
  await expect(page).toHaveURL(/\/mens\/$/);
  await expect(cards(page)).toHaveCount(120, { timeout: 15_000 });
  expect(await cards(page).getByRole('heading').allTextContents()).toEqual(names);
  await expect(page.getByRole('status').filter({ hasText: /^Showing 1–120 of / })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrollY + 50);
  await expect(cards(page).nth(99)).toBeInViewport();
});

test('filter and sort changes are history entries that Back undoes', async ({ page }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  test.setTimeout(90_000);
  await page.goto('/mens/');
  const sizeM = page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M \(/ });
  await applyFilter(page, sizeM, js);
  await expect(page).toHaveURL(/\/mens\/\?size=M$/, { timeout: 15_000 });
  await page.getByLabel('Sort by').selectOption('price-asc');
  if (!js) await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/\/mens\/\?size=M&sort=price-asc$/, { timeout: 15_000 });

  await page.goBack();
  await expect(page).toHaveURL(/\/mens\/\?size=M$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('featured');
  await expect(sizeM).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/mens\/$/);
  await expect(sizeM).not.toBeChecked();
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the filters sit in the filters modal', async ({ page }, testInfo) => {
    const js = hasJavaScript(testInfo.project.name);
    await page.goto('/mens/');
    const apply = page.getByRole('button', { name: 'Apply filters' });
    await expect(apply).toBeHidden();
    const toggle = page.getByRole('link', { name: /^Filters/ });
    await toggle.click();
    if (js) {
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close filters' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await expect(dialog).toBeVisible();
    } else {
      await expect(page).toHaveURL(/[?&]filters=open(&|$)/);
    }
    await expect(apply).toBeVisible();
    await page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^L \(/ }).check();
    await apply.click();
    await expect(page).toHaveURL(/[?&]size=L(&|$)/);
    expect(page.url()).not.toContain('filters=open');
    await expect(apply).toBeHidden();
  });
});

test('a filtered listing passes axe', async ({ page }, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'the category page’s axe run covers the no-JS document');
  test.setTimeout(90_000);
  await page.goto('/mens/?size=M&sort=price-asc');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
