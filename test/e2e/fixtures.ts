import { test as base, expect } from '@playwright/test';

/**
 * `test` with one automatic check: the browser must log no error while a test runs. That catches hydration
 * mismatches, scripts refused by the Content-Security-Policy and uncaught exceptions, none of which a visible
 * assertion would notice. A test that expects one (the 404 page's own request) lists it in `allowedConsoleErrors`.
 */
type Options = { allowedConsoleErrors: RegExp[] };

export const test = base.extend<Options & { browserErrors: void }>({
  allowedConsoleErrors: [[], { option: true }],
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
