import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { sizeChartFor } from '../../server/catalogue/size-charts';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { sizeWithStandardStock } from '../helpers/seed-products';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * CONVENTIONS 16: axe on every page kind, with the WCAG 2 A and AA rules, as each project sees the page.
 * axe runs inside the page, which a context without JavaScript cannot do; for `no-js` the page is opened again in
 * a context that runs scripts but never loads the app's, so axe sees the server-rendered document unhydrated.
 */
// axe analyses every element of the page: over 10 s for a category page on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * axe over `page` as it is, or, given `open`, over the page at `url` once `open` has opened what it checks (a panel,
 * a modal) and the locator it returns shows.
 */
async function expectNoViolations(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  opening?: { url: string; open?: (page: Page) => Promise<Locator> },
) {
  let subject = page;
  if (opening) await page.goto(opening.url);
  if (!hasJavaScript(testInfo.project.name)) {
    const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    subject = await context.newPage();
    await subject.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await subject.goto(page.url());
  }
  try {
    if (opening?.open) await expect(await opening.open(subject)).toBeVisible();
    const results = await new AxeBuilder({ page: subject }).withTags(['wcag2a', 'wcag2aa']).analyze();
    // axe looked at a real page: rules passed on it (an empty or failed document passes almost none).
    expect(results.passes.length).toBeGreaterThan(10);
    const report = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) => `  - ${node.target.join(' ')}\n    ${node.failureSummary?.split('\n').join('\n    ')}`,
          )
          .join('\n'),
    );
    expect(report, `axe found ${report.length} violation(s) on ${page.url()}:\n${report.join('\n')}`).toEqual(
      [],
    );
  } finally {
    if (subject !== page) await subject.context().close();
  }
}

test('home page', async ({ page, browser }, testInfo) => {
  await page.goto('/');
  await expectNoViolations(page, browser, testInfo);
});

test('category page', async ({ page, browser }, testInfo) => {
  await page.goto('/mens/');
  await expectNoViolations(page, browser, testInfo);
});

test('product page', async ({ page, browser }, testInfo) => {
  await page.goto('/mens/');
  await page
    .getByRole('list', { name: 'Mens products' })
    .getByRole('article')
    .first()
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\//);
  await expectNoViolations(page, browser, testInfo);
});

test.describe('404 page', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('404 page', async ({ page, browser }, testInfo) => {
    await page.goto('/no-such-page/');
    await expectNoViolations(page, browser, testInfo);
  });
});

/** SPEC §2's overlay panels, each opened by its query flag (the server renders it open; the same without JavaScript). */
const PANEL_FLAGS = [
  { flag: 'login', title: 'Sign In' },
  { flag: 'create-an-account', title: 'Create Your Account' },
  { flag: 'reset-password', title: 'Forgot Password' },
  { flag: 'cart', title: 'Your Cart' },
] as const;

const header = (page: Page) => page.getByRole('banner');

test.describe('with a panel or a modal open (issue 24)', () => {
  for (const { flag, title } of PANEL_FLAGS) {
    test(title, async ({ page, browser }, testInfo) => {
      await expectNoViolations(page, browser, testInfo, {
        url: `/mens/?${flag}=true`,
        open: async (subject) => subject.getByRole('dialog', { name: title }),
      });
    });
  }

  test('Your Cart on a phone, with an item in it', async ({ page, browser }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const item = sizeWithStandardStock(generateSeedData(), { min: 20 });
    // Added in the page axe looks at (its own context without JavaScript: the form posts and comes back open).
    await expectNoViolations(page, browser, testInfo, {
      url: `${item.path}?size=${encodeURIComponent(item.size)}`,
      open: async (subject) => {
        await subject.getByRole('button', { name: 'Add to Cart' }).click();
        return subject.getByRole('dialog', { name: 'Your Cart' }).getByRole('list', { name: 'Cart items' });
      },
    });
  });

  test('promo bar', async ({ page, browser }, testInfo) => {
    await expectNoViolations(page, browser, testInfo, {
      url: '/mens/',
      open: async (subject) => {
        await subject.locator('summary', { hasText: 'Offers:' }).click();
        return subject.getByRole('link', { name: 'Shop the Sale' });
      },
    });
  });

  test('search', async ({ page, browser }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await expectNoViolations(page, browser, testInfo, {
      url: '/mens/',
      open: async (subject) => {
        await header(subject).locator('summary', { hasText: 'Search' }).click();
        return subject.getByRole('searchbox', { name: 'Search' });
      },
    });
  });

  // With JavaScript the suggestions shown as "jack" is typed; without, the results page the field submits to.
  for (const [device, viewport] of [
    ['desktop', { width: 1366, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`search suggestions on ${device}`, async ({ page, browser }, testInfo) => {
      await page.setViewportSize(viewport);
      const js = hasJavaScript(testInfo.project.name);
      await expectNoViolations(page, browser, testInfo, {
        url: js ? '/mens/' : '/search?q=jack',
        open: async (subject) => {
          if (!js) return subject.getByRole('heading', { level: 1 });
          await header(subject).locator('summary', { hasText: 'Search' }).click();
          await subject.getByRole('searchbox', { name: 'Search' }).pressSequentially('jack', { delay: 40 });
          const products = subject.getByRole('list', { name: 'Suggested products' });
          await expect(products).toBeVisible({ timeout: 10_000 });
          return products;
        },
      });
    });
  }

  test('mobile menu, second level', async ({ page, browser }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, browser, testInfo, {
      url: '/',
      open: async (subject) => {
        await header(subject).locator('summary', { hasText: 'Menu' }).click();
        await header(subject)
          .getByRole('navigation', { name: 'Main' })
          .locator('summary')
          .filter({ hasText: /^Mens/ })
          .click();
        return header(subject).getByRole('link', { name: 'Baselayers' });
      },
    });
  });

  test('filters modal', async ({ page, browser }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Without JavaScript the Filters link's URL opens the modal; with it, the link opens the dialog in place.
    const js = hasJavaScript(testInfo.project.name);
    await expectNoViolations(page, browser, testInfo, {
      url: js ? '/mens/' : '/mens/?filters=open',
      open: async (subject) => {
        if (js) await subject.getByRole('link', { name: /^Filters/ }).click();
        return subject.getByRole('button', { name: 'Apply filters' });
      },
    });
  });

  test('size chart', async ({ page, browser }, testInfo) => {
    const seed = generateSeedData();
    const label = (id: number | null) => seed.productOptionValues.find((value) => value.id === id)?.label;
    const charted = seed.products
      .filter((product) => product.isVisible)
      .flatMap((product) => {
        const fields = Object.fromEntries(
          seed.productCustomFields
            .filter((field) => field.productId === product.id)
            .map((field) => [field.name, field.value]),
        );
        const variant = seed.variants.find((candidate) => candidate.productId === product.id);
        const color = label(variant?.colorValueId ?? null);
        return sizeChartFor(fields.product_type ?? '', fields.gender ?? '') && color
          ? [{ product, color }]
          : [];
      })[0];
    if (!charted) throw new Error('the seed has no product with a size chart');
    await expectNoViolations(page, browser, testInfo, {
      url: `${productPath(charted.product.url, charted.color)}?size-chart=true`,
      open: async (subject) => subject.getByRole('dialog', { name: 'Size chart' }),
    });
  });
});
