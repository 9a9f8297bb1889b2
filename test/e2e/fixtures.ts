import { test as base, expect, type Response } from '@playwright/test';

/**
 * `test` with one automatic check: the browser must log no error while a test runs. That catches hydration
 * mismatches, scripts refused by the Content-Security-Policy and uncaught exceptions, none of which a visible
 * assertion would notice. A test that expects one (the 404 page's own request) lists it in `allowedConsoleErrors`.
 */
type Options = { allowedConsoleErrors: RegExp[] };

export const test = base.extend<Options & { browserErrors: void }>({
  allowedConsoleErrors: [[], { option: true }],
  // With JavaScript, a page load counts as done once React has hydrated it (`<html data-hydrated>`): a click
  // that lands on server HTML before its handlers exist is what made tests flaky, so no test acts before that.
  page: async ({ page }, use, testInfo) => {
    if (hasJavaScript(testInfo.project.name)) {
      // Only store pages hydrate: a goto that answers XML, JSON or text resolves as it comes.
      const hydrated = async (response: Response | null) => {
        if (response && !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const goBack = page.goBack.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated(response);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated(response);
        return response;
      };
      page.goBack = async (...args) => {
        const response = await goBack(...args);
        await hydrated(response);
        return response;
      };
    }
    await use(page);
  },
  browserErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text)))
          errors.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
      await use();
      expect(errors, `the browser reported errors:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Whether this test runs with JavaScript (project `js`) or without (project `no-js`). */
export const hasJavaScript = (projectName: string) => projectName === 'js';
