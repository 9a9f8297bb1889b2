import type { Page } from '@playwright/test';
import { generateSeedData } from '../../server/db/seed/index';
import { signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';
import { sizeWithStandardStock } from '../helpers/seed-products';

/**
 * Issue 24, the cart as a careful shopper reads it: a typed quantity is the quantity (§1), the gift card (§4), what
 * shipping and tax cost (§5) and an empty cart (§7). Each test makes its own cart in a fresh browser context.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();

/** A size with 12 or more units of standard stock, on no sale (a line of up to 10 passes the inventory check). */
const stocked = sizeWithStandardStock(seed, { min: 12, atListPrice: true });

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

async function addStocked(page: Page, js: boolean) {
  await page.goto(`${stocked.path}?size=${encodeURIComponent(stocked.size)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartDialog(page)).toBeVisible();
  if (!js) await expect(page).toHaveURL(/[?&]cart=true/);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    /**
     * Issue 24 §1: hydrated, the line form has no Update button, and Enter pressed the first submit button,
     * "Decrease" (typed 3 → 2). Typed and Enter sets exactly that number, on the cart page and in the panel.
     */
    for (const where of ['cart page', 'cart panel'] as const) {
      test(`a quantity typed in the ${where} and Enter sets exactly that quantity`, async ({
        page,
      }, testInfo) => {
        const js = hasJavaScript(testInfo.project.name);
        await addStocked(page, js);
        if (where === 'cart page') {
          await page.goto('/cart');
        } else {
          await page.goto('/');
          await cartLink(page).click();
        }
        const scope = where === 'cart page' ? page.getByRole('main') : cartDialog(page);
        const field = scope.getByLabel(`Quantity of ${stocked.label}`, { exact: true });
        await field.fill('3');
        await field.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
        await expect(field).toHaveValue('3');

        await field.fill('7');
        await field.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart, 7 items');

        // Above the limit: the line is set to 10 and, with JavaScript, says why before anything is sent.
        await field.fill('11');
        if (js) await expect(scope.getByText('You can order up to 10 of an item.')).toBeVisible();
        await field.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart, 10 items');
        await expect(field).toHaveValue('10');
        // Without JavaScript the answer says it too (the flash of the post/redirect/get).
        if (!js) await expect(scope.getByText('You can order up to 10 of an item.')).toBeVisible();
        // Stored: a fresh load (the panel by its address) shows 10.
        await page.goto(where === 'cart page' ? '/cart' : '/?cart=true');
        const after = (where === 'cart page' ? page.getByRole('main') : cartDialog(page)).getByLabel(
          `Quantity of ${stocked.label}`,
          { exact: true },
        );
        await expect(after).toHaveValue('10');

        await after.fill('0');
        await after.press('Enter');
        await expect(cartLink(page)).toHaveAccessibleName('Cart');
        await expect(page.getByText('Your cart is empty')).toBeVisible();
      });
    }
  });
}

/**
 * Issue 24 §5: the store ships free and its prices include tax (SPEC §9); every page says so, and none promises a
 * threshold or a fee the checkout never charges.
 */
test('the promo bar, the help page, the cart and its panel say shipping is free and tax included', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await page.goto('/help/shipping');
  const main = page.getByRole('main');
  await expect(main.getByText(/Shipping is free on every order, whatever its total/)).toBeVisible();
  await expect(main.getByText(/Our prices include sales tax/)).toBeVisible();
  await expect(main).not.toContainText('$8.95');
  await expect(main).not.toContainText('$99');
  // The promo bar: its first line, and its items (in the page without JavaScript, opened with it).
  await expect(page.locator('summary', { hasText: 'Offers:' })).toContainText(
    'Free shipping on every order',
    {
      useInnerText: true,
    },
  );
  await expect(page.locator('body')).not.toContainText('over $99');

  await addStocked(page, js);
  const row = (scope: ReturnType<Page['getByRole']>, term: string) =>
    scope.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) });
  const panel = cartDialog(page);
  await expect(row(panel, 'Shipping')).toHaveText('ShippingFREE');
  await expect(row(panel, 'Tax')).toHaveText('Tax$0.00 (included in prices)');
  await page.goto('/cart');
  await expect(page.getByRole('main')).not.toContainText('Calculated at checkout');
  await expect(row(page.getByRole('main'), 'Shipping')).toHaveText('ShippingFREE');
  await expect(row(page.getByRole('main'), 'Tax')).toHaveText('Tax$0.00 (included in prices)');
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(row(summary, 'Shipping')).toHaveText('ShippingFREE');
  await expect(row(summary, 'Tax')).toHaveText('Tax$0.00 (included in prices)');
});

/** The brand's orange (styles/tokens.ts `brand`), as the browser computes it. */
const BRAND_FILL = 'rgb(242, 103, 34)';

/** Issue 24 §7: an empty cart offers a way back to shopping and no Checkout button that looks usable. */
test('an empty cart offers Continue shopping and no enabled-looking Checkout button', async ({ page }) => {
  for (const open of [
    async () => page.goto('/cart'),
    async () => {
      await page.goto('/');
      await cartLink(page).click();
    },
  ]) {
    await open();
    const scope = page.url().includes('/cart') ? page.getByRole('main') : cartDialog(page);
    await expect(scope.getByText('Your cart is empty')).toBeVisible();
    const checkout = scope.getByRole('button', { name: 'Checkout' });
    await expect(checkout).toBeDisabled();
    expect(await checkout.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      BRAND_FILL,
    );
    await scope.getByRole('link', { name: 'Continue shopping' }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});

/**
 * WCAG 2 contrast, written out here (not taken from the app): relative luminance of sRGB colours, and the ratio
 * (L1 + 0.05) / (L2 + 0.05). Text colour against the first opaque background of the element or its ancestors
 * (white when none is set).
 */
async function contrastOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) => {
    const rgb = (value: string) => {
      const parts = /rgba?\(([^)]+)\)/
        .exec(value)?.[1]
        ?.split(',')
        .map((part) => Number(part.trim()));
      return parts ? { r: parts[0]!, g: parts[1]!, b: parts[2]!, a: parts[3] ?? 1 } : null;
    };
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (c: { r: number; g: number; b: number }) =>
      0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
    return elements
      .filter((element) => (element.textContent ?? '').trim() !== '' && element.getClientRects().length > 0)
      .map((element) => {
        const text = rgb(getComputedStyle(element).color)!;
        let background = { r: 255, g: 255, b: 255, a: 1 };
        for (let node: Element | null = element; node; node = node.parentElement) {
          const fill = rgb(getComputedStyle(node).backgroundColor);
          if (fill && fill.a === 1) {
            background = fill;
            break;
          }
        }
        const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [
          number,
          number,
        ];
        return {
          text: (element.textContent ?? '').trim(),
          ratio: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100,
        };
      });
  });
}

/** The status and error messages of a part of the page: live regions and field errors. */
const MESSAGES = '[role="status"], [role="alert"], p[id$="-error"]';

/** Issue 24 §8: every status message in the footer and the panels reads at 4.5:1 or more (WCAG 1.4.3 AA). */
test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 400/] });
  test('status messages in the footer and the panels have a contrast of 4.5:1 or more', async ({
    page,
  }, testInfo) => {
    const js = hasJavaScript(testInfo.project.name);
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.24.${Math.floor(Math.random() * 250)}.8` });
    const seen: { text: string; ratio: number }[] = [];
    const footer = page.getByRole('contentinfo');
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });
    const field = footer.getByRole('textbox', { name: 'Email address' });

    await page.goto('/mens/');
    await field.fill('trail@');
    await footer.locator('form#newsletter').evaluate((form) => form.setAttribute('novalidate', ''));
    await subscribe.click();
    await expect(footer.getByText('Invalid email address')).toBeVisible();
    seen.push(...(await contrastOf(page, `footer :is(${MESSAGES})`)));
    await field.fill(`contrast-${testInfo.project.name}-${Date.now()}@example.com`);
    await subscribe.click();
    await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
    seen.push(...(await contrastOf(page, `footer :is(${MESSAGES})`)));

    // The sign-in panel's error, and the cart panel's messages (the quantity limit, the add without JavaScript).
    await page.goto('/?login=true');
    const signInPanel = page.getByRole('dialog', { name: 'Sign In' });
    await signInPanel
      .locator('form')
      .first()
      .evaluate((form) => form.setAttribute('novalidate', ''));
    await signInPanel.getByRole('button', { name: 'Next', exact: true }).first().click();
    await expect(signInPanel.getByText('Email is required')).toBeVisible();
    seen.push(...(await contrastOf(page, `[role="dialog"] :is(${MESSAGES})`)));
    await addStocked(page, js);
    // "Added to your cart." with JavaScript and without (issue 24 §11), then, with JavaScript, the quantity limit.
    await expect(cartDialog(page).getByText('Added to your cart.')).toBeVisible();
    seen.push(...(await contrastOf(page, `[role="dialog"] :is(${MESSAGES})`)));
    if (js) {
      await cartDialog(page).getByLabel(`Quantity of ${stocked.label}`, { exact: true }).fill('11');
      await expect(cartDialog(page).getByText('You can order up to 10 of an item.')).toBeVisible();
      seen.push(...(await contrastOf(page, `[role="dialog"] :is(${MESSAGES})`)));
    }

    const texts = seen.map((message) => message.text).join(' | ');
    expect(texts).toContain('Invalid email address');
    expect(texts).toContain('Thank you for subscribing!');
    expect(texts).toContain('Email is required');
    expect(texts).toContain('Added to your cart.');
    if (js) expect(texts).toContain('You can order up to 10 of an item.');
    const low = seen.filter((message) => message.ratio < 4.5);
    expect(low, JSON.stringify(seen)).toEqual([]);
  });
});

/** Nothing is wider than the screen: the document does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.document, JSON.stringify(widths)).toBeLessThanOrEqual(widths.screen);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  /** Issue 24 §8: the account's orders table was 505 px wide and the repairs table 434 px on a 390 px screen. */
  test('the orders and repairs tables fit the screen', async ({ page }) => {
    await signIn(page.request, 'consumer');
    await page.goto('/account/orders');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(page);

    const created = await page.request.post('/api/repair-admin/createRepair', {
      data: {
        repair: { reason_for_request: 'warranty' },
        product: { name: 'Trailside Jacket (described at length, with its colour and size)' },
        customer: {
          first_name: 'Casey',
          last_name: 'Fielding',
          phone: '(406)-555-0124',
          email: 'casey.fielding@example.com',
          address1: '12 Ridge Road',
          city: 'Bozeman',
          state_or_province: 'Montana',
          postal_code: '59715',
          country: 'US',
        },
      },
    });
    expect(created.status()).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    const put = (path: string, body?: unknown) =>
      page.request.fetch(`/api/repair-admin/${path}/${data.id}`, { method: 'PUT', data: body });
    expect(
      (await put('updateRepairDamages', { damages: [{ issue_id: 3, description: 'Seam open' }] })).status(),
    ).toBe(200);
    expect(
      (
        await put('updateRepairQuestions', {
          questions: [
            { question_id: 1, answer: 'No' },
            { question_id: 2, answer: 'Yes' },
          ],
        })
      ).status(),
    ).toBe(200);
    expect((await put('submitRepair')).status()).toBe(200);
    await page.goto('/warranties/repair');
    await expect(page.getByRole('table')).toContainText(`#${data.id}`);
    await expectNoSidewaysScroll(page);
  });
});

/**
 * Issue 24 §4, the shopper's side of a gift card: reached from the cart panel, a real date picker, its date error
 * printed once, the line with a picture and the date as a US shopper reads it, and the checkout's summary listing it.
 */
test('a gift card is reached from the cart panel, dated with a date picker and listed at checkout', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await addStocked(page, js);
  await cartDialog(page).getByRole('link', { name: 'Send a gift card' }).click();
  await expect(page).toHaveURL(/\/cart#send-gift-card$/);
  const form = page.getByRole('region', { name: 'Send a gift card' });
  const sendOn = form.getByLabel('Send on');
  await expect(sendOn).toHaveAttribute('type', 'date');
  await expect(sendOn).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
  await expect(sendOn).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  // The amounts the gift-card model allows (content/gift-card.json), said beside the field.
  await expect(form.getByLabel('Amount in whole dollars')).toHaveAccessibleDescription(/From \$25 to \$500/);

  await form.getByLabel('Recipient name').fill('Ana');
  await form.getByLabel('Recipient email').fill('ana@example.com');
  await form.getByLabel('Your name').fill('Casey');
  await form.getByLabel('Your email').fill('casey@example.com');
  await form.getByLabel('Amount in whole dollars').fill('50');
  // A date typed where the browser offers no picker: one message, once.
  await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''));
  await sendOn.evaluate((input) => input.setAttribute('type', 'text'));
  await sendOn.fill('next week');
  await form.getByRole('button', { name: 'Add gift card' }).click();
  await expect(form.getByText('Enter the date as YYYY-MM-DD')).toHaveCount(1);
  await expect(page.getByText(/Enter the date as YYYY-MM-DD.*Enter the date/)).toHaveCount(0);

  const day = new Date(Date.now() + 30 * 86_400_000);
  const typed = day.toISOString().slice(0, 10);
  const reads = day.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const again = page.getByRole('region', { name: 'Send a gift card' });
  await again.getByLabel('Recipient name').fill('Ana');
  await again.getByLabel('Recipient email').fill('ana@example.com');
  await again.getByLabel('Your name').fill('Casey');
  await again.getByLabel('Your email').fill('casey@example.com');
  await again.getByLabel('Amount in whole dollars').fill('50');
  await again.getByLabel('Send on').fill(typed);
  await again.getByRole('button', { name: 'Add gift card' }).click();
  const line = page
    .getByRole('list', { name: 'Cart items' })
    .getByRole('listitem')
    .filter({ hasText: 'Gift card for Ana' });
  await expect(line).toContainText(`Emailed on ${reads}`);
  const picture = line.locator('img');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Gift card');
  await expect(summary).toContainText('$50.00');
});
