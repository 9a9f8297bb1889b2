import type { Page } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { usd } from '../helpers/expected';
import { productAtOneListPrice } from '../helpers/seed-products';
import { signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 24 §11, the smaller defects a careful shopper met, and the listing's hydration error (React #418 on
 * `/mens/?filters=open`): one test each, JavaScript on and off where both apply, desktop and phone where the defect
 * is layout. Products come from the seed the server starts with (deterministic), chosen by property.
 */
test.describe.configure({ timeout: 60_000 });

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

const seed = generateSeedData();
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';
const standardLevel = (sku: string) =>
  seed.inventoryRecords.find((row) => row.variantSku === sku)?.standardQuantity ?? 0;

/** A visible product with a size in stock and a size sold out (and buyable when back), both in one colour. */
const product = (() => {
  for (const candidate of seed.products.filter((row) => row.isVisible)) {
    const variants = seed.variants.filter(
      (variant) =>
        variant.productId === candidate.id && variant.sizeValueId !== null && !variant.purchasingDisabled,
    );
    for (const soldOut of variants.filter((variant) => standardLevel(variant.sku) === 0)) {
      const inStock = variants.find(
        (variant) => variant.colorValueId === soldOut.colorValueId && standardLevel(variant.sku) > 3,
      );
      if (inStock)
        return {
          path: productPath(candidate.url, labelOf(soldOut.colorValueId)),
          inStock: labelOf(inStock.sizeValueId),
          soldOut: labelOf(soldOut.sizeValueId),
        };
    }
  }
  throw new Error('the seed has no colour with a size in stock and a size sold out');
})();

const sizeForm = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('group', { name: /^Size/ }) });

/** Chooses a size as a shopper does: a click with JavaScript, the radio and "Choose size" without. */
async function chooseSize(page: Page, size: string, js: boolean) {
  const form = sizeForm(page);
  const name = new RegExp(`^${size}(, sold out)?$`);
  const radio = form.getByRole('radio', { name });
  if (js)
    await form
      .locator('label')
      .filter({ has: page.getByRole('radio', { name }) })
      .click();
  else {
    await radio.check();
    await form.getByRole('button', { name: 'Choose size' }).click();
  }
  await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(size)}(&|$)`));
  await expect(radio).toBeChecked();
}

test.describe('the listing hydrates', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`/mens/?filters=open hydrates without an error on a ${device} (React #418)`, async ({
      page,
    }, testInfo) => {
      test.skip(!hasJavaScript(testInfo.project.name), 'hydration needs JavaScript');
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/mens/?filters=open');
      // The flag opened the modal and left the URL.
      await expect(page).toHaveURL(/\/mens\/$/);
      if (device === 'phone') await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

test.describe('the product page', () => {
  test('once a size is picked with JavaScript, no "Choose size" button is left under the sizes', async ({
    page,
  }, testInfo) => {
    const js = hasJavaScript(testInfo.project.name);
    await page.goto(product.path);
    await chooseSize(page, product.inStock, js);
    // Without JavaScript the button is how the choice is sent, and stays.
    await expect(sizeForm(page).getByRole('button', { name: 'Choose size' })).toHaveCount(js ? 0 : 1);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  test('a sold-out size shows a disabled "Sold out" state, not a filled call to act', async ({
    page,
  }, testInfo) => {
    await page.goto(product.path);
    await chooseSize(page, product.soldOut, hasJavaScript(testInfo.project.name));
    const state = page.getByRole('button', { name: 'Sold out', exact: true });
    await expect(state).toBeDisabled();
    const looks = await state.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, border: style.borderTopStyle, cursor: style.cursor };
    });
    // No fill (the orange of Add to Cart, or a grey block that still reads as a button): an outlined, dashed label.
    expect(looks).toEqual({ background: 'rgba(0, 0, 0, 0)', border: 'dashed', cursor: 'not-allowed' });
  });

  test('the size chosen as a listing filter is carried to the product page', async ({ page }) => {
    await page.goto('/mens/?size=L');
    const grid = page.getByRole('list', { name: 'Mens products' });
    const first = grid.getByRole('article').first().getByRole('link').first();
    await expect(first).toHaveAttribute('href', /\?size=L$/);
    await first.click();
    await expect(page).toHaveURL(/\/products\/[^?]+\?size=L$/);
    await expect(sizeForm(page).getByRole('radio', { name: /^L(, sold out)?$/ })).toBeChecked();
    await expect(page.getByRole('group', { name: /^Size/ })).toContainText('Size: L');
  });
});

test('the breadcrumb names a category as the menu does (one name: "Jackets and Vests")', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/mens/jackets-and-vests/rain-jackets/');
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Jackets and Vests', exact: true })).toBeVisible();
  const menuEntry = page
    .getByRole('navigation', { name: 'Main' })
    .locator('a[href="/mens/jackets-and-vests/"]')
    .first();
  await expect(menuEntry).toHaveText('Jackets and Vests');
});

test('the cart panel says "Added to your cart." in its live region after an add, with JavaScript too', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await page.goto(product.path);
  await chooseSize(page, product.inStock, js);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(cart.getByRole('status').filter({ hasText: 'Added to your cart.' })).toHaveAttribute(
    'aria-live',
    'polite',
  );
  if (js) {
    // Said once: the panel opened again from the header does not repeat it.
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await page.getByRole('link', { name: /^Cart/ }).first().click();
    await expect(cart.getByRole('list', { name: 'Cart items' })).toBeVisible();
    await expect(cart.getByText('Added to your cart.')).toHaveCount(0);
  }
});

test.describe('the rotating promo line', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`turns without moving the page on a ${device} (no layout shift)`, async ({ page }, testInfo) => {
      test.skip(!hasJavaScript(testInfo.project.name), 'without JavaScript the line does not turn');
      await page.setViewportSize(viewport);
      await page.goto('/mens/');
      const line = page.locator('summary', { hasText: 'Offers:' });
      const top = () =>
        page.locator('main').evaluate((main) => Math.round(main.getBoundingClientRect().top * 100) / 100);
      const before = await top();
      for (const text of ['Free returns within 60 days', 'Lifetime repairs on every jacket we make']) {
        await expect(line).toContainText(text, { timeout: 8000, useInnerText: true });
        expect(await top()).toBe(before);
      }
    });
  }
});

test('a pro customer’s price is labelled "Pro price", in ink beside the struck list price, not as a sale', async ({
  page,
}) => {
  const { path, cents } = productAtOneListPrice(seed);
  await signIn(page.request, 'pro');
  await page.goto(path);
  const price = page
    .getByRole('main')
    .locator('p')
    .filter({ hasText: /^Pro price/ })
    .first();
  await expect(price).toBeVisible();
  await expect(price.getByText('Pro price', { exact: true })).toBeVisible();
  await expect(price.locator('del')).toContainText(usd(cents));
  // Screen readers hear what the amount is.
  await expect(price.getByText(`Your price ${usd(Math.round(cents * 0.7))}`)).toBeVisible();
  const colour = await price
    .getByText(`Your price ${usd(Math.round(cents * 0.7))}`)
    .evaluate((element) => getComputedStyle(element).color);
  expect(colour).toBe('rgb(21, 24, 27)'); // ink #15181B, not the sale's red
});

test('the footer offers "Sign In / Create an Account" only to a signed-out shopper', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await page.goto('/mens/');
  await expect(footer.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Create an Account', exact: true })).toBeVisible();

  await signIn(page.request, 'consumer');
  await page.goto('/mens/');
  // With JavaScript the shared page learns it from the personal state after load; without, it is rendered in.
  await expect(footer.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();
  await expect(footer.getByRole('link', { name: 'Create an Account', exact: true })).toBeHidden();
  await expect(footer.getByRole('link', { name: 'My Profile', exact: true })).toBeVisible();
});
