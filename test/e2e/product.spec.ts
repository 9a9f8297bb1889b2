import type { Page, TestInfo } from '@playwright/test';
import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { saleBadge, stockLine, usd } from '../helpers/expected';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * The product page as a shopper uses it, with and without JavaScript. Products are chosen from the seed the
 * server starts with (`generateSeedData()` is deterministic), by what the test needs, never by hard-coded name.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();
const visible = seed.products.filter((product) => product.isVisible);

type Variant = (typeof seed.variants)[number];
/** The level an anonymous shopper sees: the standard stock they can buy (SPEC §6, issue 24 §3). */
const levelOf = (sku: string) => {
  const record = seed.inventoryRecords.find((row) => row.variantSku === sku);
  return record ? record.standardQuantity : 0;
};
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';
const variantsOf = (productId: number) => seed.variants.filter((variant) => variant.productId === productId);
const colorsOf = (productId: number) => [
  ...new Set(variantsOf(productId).map((variant) => variant.colorValueId)),
];
const fieldsOf = (productId: number) =>
  Object.fromEntries(
    seed.productCustomFields
      .filter((field) => field.productId === productId)
      .map((field) => [field.name, field.value]),
  );
const ratingOf = (productId: number) =>
  seed.ratingSummaries.find((rating) => rating.targetType === 'product' && rating.targetId === productId);

/**
 * A product with a rating, two colours or more, sizes, and exactly one merchandising badge, "New", shown on every
 * colour today: `badge_new` set, no exclusive, new-colour or custom badge, and a date window (SPEC §9: badges show
 * only within it) holding today with two days to spare on each side, so the server's clock and this one agree.
 */
const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const windowHoldsToday = (start: string | undefined, end: string | undefined) =>
  (start === undefined || start === '' || (DATE_ONLY.test(start) && start <= isoDay(-2))) &&
  (end === undefined || end === '' || (DATE_ONLY.test(end) && end >= isoDay(2)));
const shopper = (() => {
  for (const product of visible) {
    const colors = colorsOf(product.id);
    const fields = fieldsOf(product.id);
    const rating = ratingOf(product.id);
    if (!rating || colors.length < 2) continue;
    const onlyNew =
      fields.badge_new === 'true' &&
      windowHoldsToday(fields.badge_start, fields.badge_end) &&
      fields.badge_exclusive !== 'true' &&
      fields.badge_new_color !== 'true' &&
      (fields.badge_custom ?? '') === '';
    if (!onlyNew) continue;
    const second = colors[1] ?? null;
    const size = variantsOf(product.id).find(
      (variant) =>
        variant.colorValueId === second &&
        variant.sizeValueId !== null &&
        levelOf(variant.sku) > 0 &&
        !variant.purchasingDisabled,
    );
    if (!size) continue;
    return { product, secondColor: labelOf(second), size, badges: ['New'], rating };
  }
  throw new Error('the seed has no product with a rating, two colours and only a current "New" badge');
})();

/** A sold-out size that can still be bought when it is back (not purchasing-disabled). */
const soldOut = (() => {
  for (const product of visible) {
    const variant = variantsOf(product.id).find(
      (candidate) =>
        candidate.sizeValueId !== null && !candidate.purchasingDisabled && levelOf(candidate.sku) === 0,
    );
    if (variant)
      return { product, variant, color: labelOf(variant.colorValueId), size: labelOf(variant.sizeValueId) };
  }
  throw new Error('the seed has no sold-out size');
})();

/** A colour with two sold-out sizes (both can be bought when they are back). */
const twoSoldOut = (() => {
  for (const product of visible) {
    const byColor = new Map<number | null, Variant[]>();
    for (const variant of variantsOf(product.id)) {
      if (variant.sizeValueId === null || variant.purchasingDisabled || levelOf(variant.sku) !== 0) continue;
      byColor.set(variant.colorValueId, [...(byColor.get(variant.colorValueId) ?? []), variant]);
    }
    for (const [color, variants] of byColor)
      if (variants.length >= 2)
        return {
          product,
          color: labelOf(color),
          sizes: [labelOf(variants[0]!.sizeValueId), labelOf(variants[1]!.sizeValueId)] as const,
        };
  }
  throw new Error('the seed has no colour with two sold-out sizes');
})();

/** A size with 1 to 3 left. */
const lowStock = (() => {
  for (const product of visible) {
    const variant = variantsOf(product.id).find((candidate) => {
      const level = levelOf(candidate.sku);
      return candidate.sizeValueId !== null && !candidate.purchasingDisabled && level >= 1 && level <= 3;
    });
    if (variant)
      return { product, variant, color: labelOf(variant.colorValueId), size: labelOf(variant.sizeValueId) };
  }
  throw new Error('the seed has no low-stock size');
})();

/** A product on sale (its sale badge: "Sale" or "N% OFF"), with no custom badge announcing the sale instead. */
const onSale = (() => {
  const product = visible.find(
    (candidate) =>
      candidate.salePriceCents !== null &&
      candidate.salePriceCents > 0 &&
      candidate.salePriceCents < candidate.priceCents &&
      colorsOf(candidate.id).length > 0 &&
      (fieldsOf(candidate.id).badge_custom ?? '') === '',
  );
  if (!product || product.salePriceCents === null) throw new Error('the seed has no product on sale');
  return { product, listCents: product.priceCents, saleCents: product.salePriceCents };
})();

/**
 * A men's pant whose sizes are all in the men's bottoms chart (S to 3XL), so its page offers the chart; the
 * caption and one row are written down from the chart as published (waist 32–34 in. for M).
 */
const MENS_BOTTOM_SIZES = new Set(['S', 'M', 'L', 'XL', '2XL', '3XL']);
const charted = (() => {
  for (const product of visible) {
    const fields = fieldsOf(product.id);
    if (fields.product_type !== 'pant' || fields.gender !== 'Mens') continue;
    const sizes = variantsOf(product.id).map((variant) => labelOf(variant.sizeValueId));
    const color = labelOf(colorsOf(product.id)[0] ?? null);
    if (color && sizes.includes('M') && sizes.every((size) => MENS_BOTTOM_SIZES.has(size)))
      return {
        product,
        color,
        chart: {
          caption: "Men's pants and bibs: body measurements in inches",
          row: ['M', '32–34', '39–41', '32'],
        },
      };
  }
  throw new Error("the seed has no men's pant sized S to 3XL");
})();

/**
 * Colourways to sell out through the test fixture (`POST /__test/sold-out`), one per project so the two projects
 * never share one: every size of the colour can be bought today and is in stock (so the page changes when they sell
 * out), the product has another colour, and no other test here uses it (picked from the end of the catalogue; the
 * others are picked from its start).
 */
const sellOutCandidates = (() => {
  const used = new Set(
    [
      shopper.product,
      soldOut.product,
      twoSoldOut.product,
      lowStock.product,
      onSale.product,
      charted.product,
    ].map((product) => product?.id),
  );
  const found: { product: (typeof visible)[number]; color: string; colorway: string; sizes: string[] }[] = [];
  for (const product of [...visible].reverse()) {
    if (used.has(product.id) || colorsOf(product.id).length < 2) continue;
    for (const color of colorsOf(product.id).slice(1)) {
      const sized = variantsOf(product.id).filter(
        (variant) => variant.colorValueId === color && variant.sizeValueId !== null,
      );
      if (
        sized.length < 3 ||
        sized.some((variant) => variant.purchasingDisabled || levelOf(variant.sku) === 0)
      )
        continue;
      found.push({
        product,
        color: labelOf(color),
        colorway: sized[0]!.sku.split('-').slice(0, 2).join('-'),
        sizes: sized.map((variant) => labelOf(variant.sizeValueId)),
      });
      break;
    }
    if (found.length === 2) return found;
  }
  throw new Error('the seed has no two colourways to sell out');
})();

async function chooseSize(page: Page, size: string, withScript: boolean) {
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: /^Size/ }) });
  await form.getByRole('radio', { name: size, exact: true }).check();
  if (!withScript) await form.getByRole('button', { name: 'Choose size' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(size).replace(/%20/g, '\\+')}`));
}

test('a shopper opens a product, sees its badge and rating, switches colour and size', async ({
  page,
}, testInfo) => {
  const { product, secondColor, size, badges, rating } = shopper;
  const response = await page.goto(productPath(product.url, labelOf(colorsOf(product.id)[0] ?? null)));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const badgeList = page.getByRole('list', { name: 'Product badges', exact: true });
  for (const badge of badges) await expect(badgeList.getByText(badge, { exact: true })).toBeVisible();
  // The product's own rating comes first; cards in the recommendation strip below carry theirs.
  await expect(
    page.getByRole('img', { name: `Rated ${rating.score.toFixed(1)} out of 5 stars` }).first(),
  ).toBeVisible();

  await page.getByRole('link', { name: secondColor, exact: true }).click();
  await expect(page).toHaveURL(
    // SPEC §2: the colour's spaces replaced by hyphens.
    new RegExp(
      `/products/${encodeURIComponent(product.url)}/${encodeURIComponent(secondColor.replace(/ /g, '-'))}$`,
      'i',
    ),
  );
  await expect(page.getByText(`Color: ${secondColor}`)).toBeVisible();

  const sizeLabel = labelOf(size.sizeValueId);
  await chooseSize(page, sizeLabel, hasJavaScript(testInfo.project.name));
  await expect(page.getByText(stockLine(levelOf(size.sku)), { exact: true })).toBeVisible();
});

test('choosing a size turns "Select a size" into "Add to Cart" (issue 9 §5)', async ({ page }, testInfo) => {
  const { product, secondColor, size } = shopper;
  const sizeLabel = labelOf(size.sizeValueId);
  await page.goto(productPath(product.url, secondColor));
  const waiting = page.getByRole('button', { name: 'Select a size', exact: true });
  const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
  await expect(waiting).toBeVisible();
  await expect(waiting).toBeDisabled();
  await expect(add).toHaveCount(0);

  const sizes = page.locator('form').filter({ has: page.getByRole('group', { name: /^Size/ }) });
  const radio = sizes.getByRole('radio', { name: sizeLabel, exact: true });
  if (hasJavaScript(testInfo.project.name)) {
    // A click on the size as shown (its label): the page changes in place, without loading a new document.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await sizes
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: sizeLabel, exact: true }) })
      .click();
  } else {
    // The GET form's round trip: the radio, then its submit button.
    await radio.check();
    await sizes.getByRole('button', { name: 'Choose size' }).click();
  }
  await expect(page).toHaveURL(
    new RegExp(`[?&]size=${encodeURIComponent(sizeLabel).replace(/%20/g, '\\+')}`),
  );
  await expect(radio).toBeChecked();
  await expect(add).toBeVisible();
  await expect(add).toBeEnabled();
  await expect(waiting).toHaveCount(0);
  if (hasJavaScript(testInfo.project.name))
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  // The size's own page (a link, a reload) says the same.
  await page.reload();
  await expect(add).toBeEnabled();
});

test('a low-stock size says how many are left', async ({ page }) => {
  const { product, color, size, variant } = lowStock;
  await page.goto(`${productPath(product.url, color)}?size=${encodeURIComponent(size)}`);
  await expect(page.getByText(`Only ${levelOf(variant.sku)} left`, { exact: true })).toBeVisible();
});

test('a sale product shows its sale badge and both prices', async ({ page }) => {
  const { product, listCents, saleCents } = onSale;
  await page.goto(productPath(product.url, labelOf(colorsOf(product.id)[0] ?? null)));
  await expect(
    page
      .getByRole('list', { name: 'Product badges', exact: true })
      .getByText(saleBadge(listCents, saleCents), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(`Regular price ${usd(listCents)}`, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Sale price ${usd(saleCents)}`, { exact: true }).first()).toBeVisible();
});

test.describe('a sold-out size', () => {
  // With JavaScript the fetcher's refusals (400, 429) are logged by the browser as failed loads.
  test.use({ allowedConsoleErrors: [/status of 4(00|29) .*\/api\/product\/notify/] });
  // Rate limits count per client address and per e-mail: each attempt (retries included) is a client of its own
  // with addresses of its own, so no test depends on what another one, or an earlier attempt, posted.
  test.beforeEach(async ({ page }) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
  });
  const unique = (name: string, testInfo: TestInfo) =>
    `${name}+${testInfo.project.name}-${testInfo.retry}-${Date.now().toString(36)}@example.com`;

  const REQUESTED =
    'Almost done: we have sent you an email. Open its link to confirm your back-in-stock alert.';
  const LABEL = 'Email me when it’s back';

  async function openSoldOut(page: Page) {
    const { product, color, size } = soldOut;
    await page.goto(productPath(product.url, color));
    // A sold-out size can be chosen (issue 9 §5): that is how a shopper reaches the back-in-stock form.
    const form = page.locator('form').filter({ has: page.getByRole('group', { name: /^Size/ }) });
    const radio = form.getByRole('radio', { name: new RegExp(`^${size} ?, sold out$`) });
    await expect(radio).toBeEnabled();
    await radio.check();
    if (!hasJavaScript(test.info().project.name))
      await form.getByRole('button', { name: 'Choose size' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(size).replace(/%20/g, '\\+')}`));
    await expect(radio).toBeChecked();
    const region = page.getByRole('region', { name: `Size ${size} is sold out` });
    await expect(region).toBeVisible();
    return region;
  }

  test('says so in words under the size, with no line through it (issue 9 §11)', async ({ page }) => {
    const { product, color, size } = soldOut;
    await page.goto(productPath(product.url, color));
    const sizes = page.getByRole('group', { name: /^Size/ });
    const radio = sizes.getByRole('radio', { name: `${size}, sold out`, exact: true });
    await expect(radio).toBeAttached();
    const box = sizes
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: `${size}, sold out`, exact: true }) });
    await expect(box.getByText('Sold out', { exact: true })).toBeVisible();
    const decorations = await box.evaluate((label) =>
      [label, ...label.querySelectorAll('*')].map((element) => getComputedStyle(element).textDecorationLine),
    );
    expect(decorations.filter((line) => line !== 'none')).toEqual([]);
    // Sizes in stock carry no such words.
    const inStock = variantsOf(product.id).find(
      (variant) =>
        variant.colorValueId === soldOut.variant.colorValueId &&
        variant.sizeValueId !== null &&
        !variant.purchasingDisabled &&
        levelOf(variant.sku) > 0,
    );
    if (inStock) {
      const other = page.getByRole('radio', { name: labelOf(inStock.sizeValueId), exact: true });
      await expect(sizes.locator('label').filter({ has: other })).toHaveText(labelOf(inStock.sizeValueId));
    }
  });

  test('offers a back-in-stock e-mail; success clears the field and is not repeated on reload', async ({
    page,
  }, testInfo) => {
    const form = await openSoldOut(page);
    const email = form.getByLabel(LABEL);
    if (hasJavaScript(testInfo.project.name)) {
      // Validation in the browser with the server's schema, tied to the field by aria-describedby.
      await form.getByRole('button', { name: 'Notify me' }).click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription('Email Address Required');
      await email.fill('not-an-email');
      await expect(email).toHaveAccessibleDescription('Invalid email address');
    }
    await email.fill(unique('shopper', testInfo));
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('status')).toHaveText(REQUESTED);
    await expect(form.getByLabel(LABEL)).toHaveValue('');
    // Without JavaScript the post came back here (post/redirect/get), to the form.
    await expect(page).toHaveURL(/[?&]size=/);
    await page.reload();
    await expect(form.getByLabel(LABEL)).toBeVisible();
    await expect(form.getByRole('status')).toHaveText('');
  });

  test('a success is not repeated under the next sold-out size the shopper picks (issue 9 §11)', async ({
    page,
  }, testInfo) => {
    const {
      product,
      color,
      sizes: [first, second],
    } = twoSoldOut;
    await page.goto(productPath(product.url, color));
    const pick = async (size: string) => {
      const sizes = page.locator('form').filter({ has: page.getByRole('group', { name: /^Size/ }) });
      await sizes.getByRole('radio', { name: `${size}, sold out`, exact: true }).check();
      if (!hasJavaScript(testInfo.project.name))
        await sizes.getByRole('button', { name: 'Choose size' }).click();
      const region = page.getByRole('region', { name: `Size ${size} is sold out` });
      await expect(region).toBeVisible();
      return region;
    };
    const form = await pick(first);
    await form.getByLabel(LABEL).fill(unique('two', testInfo));
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('status')).toHaveText(REQUESTED);
    const next = await pick(second);
    await expect(next.getByRole('status')).toHaveText('');
    await expect(next.getByLabel(LABEL)).toHaveValue('');
  });

  test('every size of a fully sold-out colourway can be chosen to reach its back-in-stock form (issue 9 §5)', async ({
    page,
    request,
  }, testInfo) => {
    const { product, color, colorway, sizes } =
      sellOutCandidates[hasJavaScript(testInfo.project.name) ? 0 : 1]!;
    const fixture = await request.post('/__test/sold-out', { data: { colorway } });
    expect(fixture.status(), await fixture.text()).toBe(200);
    expect(((await fixture.json()) as { skus: string[] }).skus).toHaveLength(sizes.length);
    const path = productPath(product.url, color);
    // Cached pages (the product's data, the micro-cache) follow the change of stock within seconds.
    await expect
      .poll(async () => (await request.get(path)).text(), { timeout: 30_000 })
      .toContain(`Sold out in ${color}`);

    await page.goto(path);
    await expect(page.getByText(`Sold out in ${color}`, { exact: true })).toBeVisible();
    const form = page.locator('form').filter({ has: page.getByRole('group', { name: /^Size/ }) });
    for (const size of sizes)
      await expect(form.getByRole('radio', { name: `${size}, sold out`, exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Select a size', exact: true })).toBeDisabled();

    // The last size, as a shopper would click it (with JavaScript) or choose it and submit (without).
    const size = sizes.at(-1)!;
    const radio = form.getByRole('radio', { name: `${size}, sold out`, exact: true });
    if (hasJavaScript(testInfo.project.name))
      await form
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: `${size}, sold out`, exact: true }) })
        .click();
    else {
      await radio.check();
      await form.getByRole('button', { name: 'Choose size' }).click();
    }
    await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(size).replace(/%20/g, '\\+')}`));
    await expect(radio).toBeChecked();
    // The main button says why it cannot add; the form below asks for an address.
    await expect(page.getByRole('button', { name: 'Sold out', exact: true })).toBeDisabled();
    const region = page.getByRole('region', { name: `Size ${size} is sold out` });
    await expect(region).toBeVisible();
    await region.getByLabel(LABEL).fill(unique('colourway', testInfo));
    await region.getByRole('button', { name: 'Notify me' }).click();
    await expect(region.getByRole('status')).toHaveText(REQUESTED);
  });

  test('refuses a form whose honeypot a bot filled in', async ({ page }, testInfo) => {
    const form = await openSoldOut(page);
    await form.getByLabel(LABEL).fill(unique('bot', testInfo));
    // Hidden from people and from the accessibility tree: reached by name, as a bot does.
    await form.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('status')).toHaveText('Form not submitted properly');
  });

  test('an address asked for more than 3 times an hour gets a 429 with a clear message', async ({
    page,
  }, testInfo) => {
    const withScript = hasJavaScript(testInfo.project.name);
    const form = await openSoldOut(page);
    const address = unique('limit', testInfo);
    for (let i = 0; i < 3; i += 1) {
      await form.getByLabel(LABEL).fill(address);
      await form.getByRole('button', { name: 'Notify me' }).click();
      await expect(form.getByRole('status')).toHaveText(REQUESTED);
      await expect(form.getByLabel(LABEL)).toHaveValue('');
    }
    await form.getByLabel(LABEL).fill(address);
    const answer = page.waitForResponse((response) => response.url().includes('/api/product/notify'));
    await form.getByRole('button', { name: 'Notify me' }).click();
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(3000);
    const message = /^Too many attempts\. Please try again in (60|59) minutes\.$/;
    if (withScript) {
      // In place, in the form's status.
      await expect(form.getByRole('status')).toHaveText(message);
    } else {
      // The store's error page, with the message and the way back to the product.
      await expect(page.getByRole('heading', { level: 1, name: 'Too many requests' })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await page.getByRole('link', { name: 'Go back' }).click();
      await expect(page.getByRole('region', { name: `Size ${soldOut.size} is sold out` })).toBeVisible();
    }
  });
});

test('the Icon Pullover Hoody no longer lists Sitka Black Blaze Orange first after 2023', async ({
  page,
}) => {
  const hoody = seed.products.find((product) => product.name === 'Icon Pullover Hoody')!;
  await page.goto(`/products/${hoody.url}`);
  const colors = page.getByRole('list', { name: /^Color/ }).getByRole('link');
  await expect(colors.first()).toBeVisible();
  expect(await colors.count()).toBeGreaterThan(1);
  await expect(colors.first()).not.toHaveAccessibleName('Sitka Black Blaze Orange');
  await expect(colors.getByText('Sitka Black Blaze Orange')).toHaveCount(0);
});

test('the gallery shows an even number of images, its lifestyle ones named by product and scene (issue 9 §10)', async ({
  page,
  request,
}) => {
  const { product, secondColor } = shopper;
  await page.goto(productPath(product.url, secondColor));
  const images = page.getByRole('list', { name: 'Product images' }).getByRole('img');
  await expect(images.first()).toBeVisible();
  const shown = await images.evaluateAll((elements) =>
    elements.map((element) => ({
      alt: element.getAttribute('alt') ?? '',
      src: element.getAttribute('src') ?? '',
    })),
  );
  expect(shown.length % 2).toBe(0);
  expect(shown.length).toBeGreaterThanOrEqual(4);
  expect(new Set(shown.map((image) => image.alt)).size).toBe(shown.length);
  const scenes = shown.filter((image) =>
    /, (on a mountain ridge|in a marsh at dawn|in the timber|in fresh snow)$/.test(image.alt),
  );
  expect(scenes).toHaveLength(2);
  for (const image of scenes) expect(image.alt.startsWith(`${product.name} in ${secondColor}, `)).toBe(true);
  for (const image of shown) expect((await request.get(image.src)).status(), image.src).toBe(200);
});

test('an unknown colour goes to the default colour', async ({ page }) => {
  const { product } = shopper;
  await page.goto(`/products/${product.url}/No-Such-Colour`);
  await expect(page).toHaveURL(new RegExp(`/products/${product.url}/[^/]+$`));
  await expect(page).not.toHaveURL(/No-Such-Colour/);
});

test.describe('an unknown product', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test('is a 404', async ({ page }) => {
    const missing = await page.goto('/products/no-such-product-at-all/Lead');
    expect(missing?.status()).toBe(404);
  });
});

test('recommendations show on the product page', async ({ page }) => {
  await page.goto(productPath(shopper.product.url, shopper.secondColor));
  const strip = page.getByRole('region', { name: 'You may also like' });
  await expect(strip).toBeVisible();
  const cards = strip.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(10);
  await expect(strip.getByRole('link', { name: shopper.product.name, exact: true })).toHaveCount(0);
});

/** The shopper's cookie choice, as the cookie-settings page stores it (functional cookies: C0003). */
async function chooseCookies(page: Page, functional: boolean, baseURL: string | undefined) {
  await page.context().addCookies([
    {
      name: 'consent',
      value: encodeURIComponent(`C0001:1,C0002:0,C0003:${functional ? 1 : 0},C0004:0`),
      url: baseURL!,
    },
  ]);
}

test('recently viewed products show on the next product page', async ({ page, baseURL }, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'recently viewed is recorded by the page script');
  // Recorded only with consent to functional cookies (issue 8).
  await chooseCookies(page, true, baseURL);
  // Another product than the one the strip is shown on, viewed in a colour other than its default.
  const first = visible.find(
    (product) => product.id !== shopper.product.id && colorsOf(product.id).length > 1,
  )!;
  const viewedColor = labelOf(colorsOf(first.id)[1] ?? null);
  await page.goto(productPath(first.url, viewedColor));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await page.waitForFunction(() => document.cookie.includes('recently_viewed='));
  await page.goto(productPath(shopper.product.url, shopper.secondColor));
  const strip = page.getByRole('region', { name: 'Recently viewed' });
  const link = strip.getByRole('link', { name: first.name, exact: true });
  await expect(link).toBeVisible({ timeout: 15_000 });
  // The strip links the colour the shopper viewed (issue 9 §8).
  await expect(link).toHaveAttribute('href', productPath(first.url, viewedColor));
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'recently_viewed')?.value).toBe(
    encodeURIComponent(`${shopper.product.id},${first.id}`),
  );
});

test('without consent to functional cookies, recently viewed lists are removed, not written', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'recently viewed is recorded by the page script');
  await chooseCookies(page, true, baseURL);
  await page.goto(productPath(soldOut.product.url, soldOut.color));
  await page.waitForFunction(() => document.cookie.includes('recently_viewed='));
  // The shopper withdraws the consent: the next product view removes the lists instead of adding to them.
  await chooseCookies(page, false, baseURL);
  await page.goto(productPath(shopper.product.url, shopper.secondColor));
  await page.waitForFunction(() => !document.cookie.includes('recently_viewed'));
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('recently_viewed');
  expect(names).not.toContain('recently_viewed_colors');
});

test('the warehouse endpoints answer levels and refuse what they must', async ({ request }) => {
  const { variant } = lowStock;
  const anonymous = await request.get(`/apiwarehouse/inventory/multiple?sku=${variant.sku}`);
  expect(anonymous.status()).toBe(200);
  expect(await anonymous.json()).toEqual({
    data: [{ variant_sku: variant.sku, inventory_level: levelOf(variant.sku) }],
  });
  const bad = await request.get('/apiwarehouse/inventory/multiple?sku=a--b');
  expect(bad.status()).toBe(400);
  const auth = await request.get(`/apiwarehouse/inventory/multiple/auth?sku=${variant.sku}`);
  expect(auth.status()).toBe(401);
  expect(await auth.json()).toEqual({ error: 'customer_token cookie not found. Authentification failed.' });
});

test('the size chart is a dialog: focus in, kept in, Escape closes, focus back on its link (issue 24 §9)', async ({
  page,
}, testInfo) => {
  const { product, color, chart } = charted;
  await page.goto(productPath(product.url, color));
  const opener = page.getByRole('link', { name: 'Size chart', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Size chart' });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table', { name: chart.caption });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: chart.row.join(' '), exact: true })).toBeVisible();
  if (!hasJavaScript(testInfo.project.name)) {
    // Nothing keeps the focus inside without a script: the page behind stays reachable, so no aria-modal.
    await expect(dialog).not.toHaveAttribute('aria-modal');
    await dialog.getByRole('link', { name: /Close/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusInside(), `focus after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
});
