import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { generateSeedData } from '../../server/db/seed/index';
import { createAccount } from '../helpers/accounts';
import { clientAddress, signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';
import { sizeWithStandardStock } from '../helpers/seed-products';

/**
 * Issue 24 at the checkout: names in any script (§6), a checkout that looks finished, with the order summary before
 * Place order on a phone and a confirmation that recaps the items and the address (§7).
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();

/** A size with 40 or more units of standard stock (each run buys one). */
const buyer = sizeWithStandardStock(seed, { min: 40 });

async function toCheckout(page: Page, js: boolean) {
  await page.goto(`${buyer.path}?size=${encodeURIComponent(buyer.size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  if (!js) await expect(page).toHaveURL(/[?&]cart=true/);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function expectNoAxeViolations(page: Page, js: boolean) {
  if (!js) return;
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const report = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n` +
      violation.nodes.map((node) => `  - ${node.target.join(' ')}: ${node.failureSummary}`).join('\n'),
  );
  expect(report, report.join('\n')).toEqual([]);
}

/** Issue 24 §6: "José Núñez" and "Seán" are names (SPEC §5 "letters only" means letters of any script). */
test('a customer named José Núñez saves the profile; digits still get SPEC §5’s message', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  const account = await createAccount(playwright.request, baseURL!);
  await signIn(page.request, account);
  await page.goto('/account/profile');
  const form = page.getByRole('region', { name: 'Edit your profile' });
  await form.getByLabel('First Name').fill('José');
  await form.getByLabel('Last Name').fill('Núñez');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Your profile is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Welcome back, José.')).toBeVisible();

  await form.getByLabel('First Name').fill('Seán');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Your profile is saved.')).toBeVisible();

  await form.getByLabel('First Name').fill('Se4n');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Please enter valid name')).toBeVisible();
});

test('the checkout refuses a name with digits in SPEC §5’s words', async ({ page }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await toCheckout(page, js);
  await page.locator('form#place-order').evaluate((form) => form.setAttribute('novalidate', ''));
  await page.getByLabel('First name', { exact: true }).fill('J0sé');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Please enter valid name')).toBeVisible();
});

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    /**
     * Issue 24 §7: the summary is read before Place order on a phone, fieldsets and selects look like the store's
     * fields, and the confirmation recaps what was bought and where it goes.
     */
    test('José Núñez checks out: summary before Place order, a styled form, a confirmation with items and address', async ({
      page,
    }, testInfo) => {
      const js = hasJavaScript(testInfo.project.name);
      await toCheckout(page, js);
      const summary = page.getByRole('region', { name: 'Order summary' });
      const place = page.getByRole('button', { name: 'Place order' });
      const summaryBox = (await summary.boundingBox())!;
      const placeBox = (await place.boundingBox())!;
      if (device === 'phone') {
        expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual(placeBox.y);
      } else {
        // Side by side: the summary starts no lower than the form's first field.
        expect(summaryBox.x).toBeGreaterThan(placeBox.x);
      }
      // No browser-default groove borders on the fieldsets, no grey select.
      const looks = await page.evaluate(() => ({
        fieldsets: [...document.querySelectorAll('main fieldset')].map(
          (element) => getComputedStyle(element).borderTopStyle,
        ),
        selects: [...document.querySelectorAll('main select')].map(
          (element) => getComputedStyle(element).backgroundColor,
        ),
        labelGap: (() => {
          const label = document.querySelector('main label[for]');
          const input = label && document.getElementById(label.getAttribute('for') ?? '');
          if (!label || !input) return -1;
          return input.getBoundingClientRect().top - label.getBoundingClientRect().bottom;
        })(),
      }));
      expect(looks.fieldsets.length).toBeGreaterThan(0);
      expect(looks.fieldsets.filter((style) => style === 'groove')).toEqual([]);
      expect(looks.selects.length).toBeGreaterThan(0);
      expect(looks.selects.filter((colour) => colour !== 'rgb(255, 255, 255)')).toEqual([]);
      expect(looks.labelGap).toBeGreaterThanOrEqual(4);
      await expectNoAxeViolations(page, js);

      await page
        .getByLabel('Email', { exact: true })
        .fill(`jose-${testInfo.project.name}-${Date.now()}@example.com`);
      await page.getByLabel('First name', { exact: true }).fill('José');
      await page.getByLabel('Last name', { exact: true }).fill('Núñez');
      await page.getByLabel('Address', { exact: true }).fill('1 Trail Road');
      await page.getByLabel('City', { exact: true }).fill('Bozeman');
      await page.getByLabel('State or province').selectOption('MT');
      await page.getByLabel('ZIP or postal code').fill('59715');
      await place.click();
      await expect(page.getByText(/^Thank you! Your order #\d+ is placed\.$/)).toBeVisible();
      // The recap: with JavaScript from what the page showed and was typed; without, from the placed order, which the
      // loader returns for the `?order=` key the form came back with.
      if (!js) expect(new URL(page.url()).searchParams.get('order')).toMatch(/^[\w-]{24}$/);
      const items = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
      await expect(items).toHaveCount(1);
      await expect(items).toContainText(`1 × ${buyer.name}`);
      await expect(items).toContainText(buyer.size);
      await expect(page.getByRole('region', { name: 'Items in your order' })).toContainText(
        /Total \$[\d,]+\.\d\d, shipping free and tax included\./,
      );
      const address = page.getByRole('region', { name: 'Shipping to' });
      await expect(address).toContainText('José Núñez');
      await expect(address).toContainText('1 Trail Road');
      await expect(address).toContainText('Bozeman, MT 59715');
      await expectNoAxeViolations(page, js);
    });
  });
}
