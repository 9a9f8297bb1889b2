import AxeBuilder from '@axe-core/playwright';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 9 as a careful shopper meets it, with and without JavaScript: the footer's help and legal links lead to
 * pages with real text, links to features still being built say what is coming, and a product's size chart lists
 * the sizes it sells.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();

const HELP_PAGES: [link: string, heading: string, text: RegExp][] = [
  ['Contact Us', 'Contact Us', /1-800-555-0142/],
  ['Shipping', 'Shipping', /free on every order/],
  ['Returns & Exchanges', 'Returns and Exchanges', /within 60 days/],
  ['Size Charts', 'Size Charts', /Measure your body/],
  ['Find a Retailer', 'Find a Retailer', /Bozeman/],
  ['Privacy Policy', 'Privacy Policy', /We do not sell your personal information/],
  ['Terms of Use', 'Terms of Use', /Prices are in US dollars/],
];

test('the footer’s help and legal links lead to pages with real text', async ({ page }) => {
  for (const [link, heading, text] of HELP_PAGES) {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    // The page's own text: the promo bar above it keeps every offer in the page (to hold its size), hidden.
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${heading} \\| `));
  }
});

test('the footer’s Pro Program link leads to the pro program, which offers a sign-in to apply', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pro Program', exact: true }).click();
  await expect(page).toHaveURL(/\/pro-program$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pro Program' })).toBeVisible();
  await expect(page.getByText('Sign in or create an account to apply.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to apply' })).toHaveAttribute(
    'href',
    '/pro-program?login=true&redirect=true',
  );
});

test('the size charts page lists a chart per product type and audience, and passes axe', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/help/size-charts');
  await expect(
    page.getByRole('table', { name: "Men's boots: foot length in inches", exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: "Women's pants and bibs: body measurements in inches", exact: true }),
  ).toBeVisible();
  let subject = page;
  if (!hasJavaScript(testInfo.project.name)) {
    const context = await browser.newContext({ javaScriptEnabled: true });
    subject = await context.newPage();
    await subject.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await subject.goto(page.url());
  }
  try {
    const results = await new AxeBuilder({ page: subject }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  } finally {
    if (subject !== page) await subject.context().close();
  }
});

/** Products whose size chart must list sizes beyond the tops chart: youth, women's bottoms and boots. */
const chartCases = (() => {
  // Each chart's caption as the store publishes it (SPEC §2 size chart), written down here.
  const wanted = [
    { type: 'boot', gender: 'Womens', caption: "Women's boots: foot length in inches" },
    { type: 'pant', gender: 'Youth', caption: 'Youth pants and bibs: body measurements in inches' },
    { type: 'glove', gender: 'Mens', caption: "Men's gloves: hand measurements in inches" },
  ];
  return wanted.flatMap(({ type, gender, caption }) => {
    const product = seed.products.find(
      (candidate) => candidate.isVisible && candidate.productType === type && candidate.gender === gender,
    );
    if (!product) return [];
    const colorOption = seed.productOptions.find(
      (o) => o.productId === product.id && o.displayName === 'Color',
    );
    const sizeOption = seed.productOptions.find(
      (o) => o.productId === product.id && o.displayName === 'Size',
    );
    const color = seed.productOptionValues.find((value) => value.optionId === colorOption?.id)?.label ?? '';
    const sizes = seed.productOptionValues
      .filter((value) => value.optionId === sizeOption?.id)
      .map((value) => value.label);
    return [{ product, color, sizes, caption }];
  });
})();

test('a product’s size chart fits it and lists every size it sells', async ({ page }) => {
  expect(chartCases).toHaveLength(3);
  for (const { product, color, sizes, caption } of chartCases) {
    await page.goto(productPath(product.url, color));
    await page.getByRole('link', { name: 'Size chart', exact: true }).click();
    const table = page
      .getByRole('dialog', { name: 'Size chart' })
      .getByRole('table', { name: caption, exact: true });
    await expect(table).toBeVisible();
    for (const size of sizes)
      await expect(table.getByRole('rowheader', { name: size, exact: true })).toBeVisible();
    await page.getByRole('link', { name: /^Close/ }).click();
    await expect(page.getByRole('dialog', { name: 'Size chart' })).toHaveCount(0);
  }
});

test('a one-size product offers no size chart', async ({ page }) => {
  const product = seed.products.find((candidate) => candidate.isVisible && candidate.productType === 'pack');
  const colorOption = seed.productOptions.find(
    (o) => o.productId === product?.id && o.displayName === 'Color',
  );
  const color = seed.productOptionValues.find((value) => value.optionId === colorOption?.id)?.label ?? '';
  await page.goto(productPath(product!.url, color));
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Size chart', exact: true })).toHaveCount(0);
});

/** The first colour of a product, as its page is addressed. */
function firstColour(productId: number): string {
  const option = seed.productOptions.find((o) => o.productId === productId && o.displayName === 'Color');
  return seed.productOptionValues.find((value) => value.optionId === option?.id)?.label ?? '';
}

test('a men’s product recommends mostly men’s and unisex products, varied in price, all reachable', async ({
  page,
}, testInfo) => {
  const product = seed.products.find(
    (candidate) => candidate.isVisible && candidate.gender === 'Mens' && candidate.productType === 'jacket',
  )!;
  await page.goto(productPath(product.url, firstColour(product.id)));
  const strip = page.getByRole('region', { name: 'You may also like' });
  await expect(strip).toBeVisible({ timeout: 15_000 });
  const cards = strip.getByRole('article');
  await expect(cards).toHaveCount(10);
  const hrefs = await cards
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const genders = hrefs.map((href) => {
    const url = decodeURIComponent(href.split('/')[2] ?? '');
    return seed.products.find((candidate) => candidate.url === url)?.gender;
  });
  expect(genders.filter((gender) => gender === 'Mens' || gender === 'Unisex').length).toBeGreaterThanOrEqual(
    8,
  );
  const prices = seed.products
    .filter((candidate) =>
      hrefs.some((href) => decodeURIComponent(href.split('/')[2] ?? '') === candidate.url),
    )
    .map((candidate) => candidate.priceCents);
  expect(new Set(prices).size).toBeGreaterThanOrEqual(5);

  const row = strip.getByRole('list').first();
  expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  if (hasJavaScript(testInfo.project.name)) {
    // The strip's controls come with its code, loaded as it nears the viewport (decision 057).
    await strip.scrollIntoViewIfNeeded();
    const previous = strip.getByRole('button', { name: 'Previous' });
    const next = strip.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    // Whether the last card lies within the row's visible width.
    const lastCardShows = () =>
      row.evaluate((list) => {
        const card = list.lastElementChild!.getBoundingClientRect();
        const view = list.getBoundingClientRect();
        return card.left >= view.left - 1 && card.right <= view.right + 1;
      });
    expect(await lastCardShows()).toBe(false);
    // Instant scrolling (the strip honours reduced motion), so each click has ended before the next.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const scrolled = () => row.evaluate((list) => list.scrollLeft);
    for (let clicks = 0; clicks < 6 && !(await lastCardShows()); clicks += 1) {
      const before = await scrolled();
      await next.click();
      await expect.poll(scrolled).toBeGreaterThan(before);
    }
    expect(await lastCardShows()).toBe(true);
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
  } else {
    // Without JavaScript the row's own scrollbar reaches the rest.
    expect(await row.evaluate((list) => getComputedStyle(list).overflowX)).toBe('auto');
  }
});

test('a product page’s headings nest: one h1, then h2 sections, cards in strips h3', async ({ page }) => {
  const product = seed.products.find((candidate) => candidate.isVisible && candidate.gender === 'Mens')!;
  await page.goto(productPath(product.url, firstColour(product.id)));
  await expect(page.getByRole('region', { name: 'You may also like' })).toBeVisible({ timeout: 15_000 });
  const levels = await page
    .getByRole('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, index) => {
    if (index > 0)
      expect(level, `heading ${index}: ${levels.join(' ')}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
  expect(levels).toContain(3);
});
