import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * CONVENTIONS 16: axe on every page kind, with the WCAG 2 A and AA rules, as each project sees the page.
 * axe runs inside the page, which a context without JavaScript cannot do; for `no-js` the page is opened again in
 * a context that runs scripts but never loads the app's, so axe sees the server-rendered document unhydrated.
 */
// axe analyses every element of the page: over 10 s for a category page on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

async function expectNoViolations(page: Page, browser: Browser, testInfo: TestInfo) {
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
