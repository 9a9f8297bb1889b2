import AxeBuilder from '@axe-core/playwright';
import { sizeChartFor } from '../../server/catalogue/size-charts';
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
  ['Shipping', 'Shipping', /free on orders over \$99/],
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
    await expect(page.getByText(text).first()).toBeVisible();
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
  const wanted = [
    (type: string, gender: string) => type === 'boot' && gender === 'Womens',
    (type: string, gender: string) => type === 'pant' && gender === 'Youth',
    (type: string, gender: string) => type === 'glove' && gender === 'Mens',
  ];
  return wanted.flatMap((matches) => {
    const product = seed.products.find(
      (candidate) => candidate.isVisible && matches(candidate.productType, candidate.gender),
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
    return [{ product, color, sizes, chart: sizeChartFor(product.productType, product.gender) }];
  });
})();

test('a product’s size chart fits it and lists every size it sells', async ({ page }) => {
  expect(chartCases).toHaveLength(3);
  for (const { product, color, sizes, chart } of chartCases) {
    await page.goto(productPath(product.url, color));
    await page.getByRole('link', { name: 'Size chart', exact: true }).click();
    const table = page
      .getByRole('dialog', { name: 'Size chart' })
      .getByRole('table', { name: chart!.caption, exact: true });
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
