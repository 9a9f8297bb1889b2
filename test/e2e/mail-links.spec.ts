import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { clientAddress } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Links that arrive by mail and end in a form on our page, followed as a shopper does, with JavaScript and without:
 * the back-in-stock confirmation. (The newsletter's unsubscribe link is in newsletter.spec.ts.) Both pages keep
 * their token out of other sites' Referer headers; their own form must still post (a `no-referrer` page posts
 * with `Origin: null`, which the Origin check refuses).
 */
const seed = generateSeedData();
const labelOf = (valueId: number | null) =>
  seed.productOptionValues.find((value) => value.id === valueId)?.label ?? '';
const standardOf = (sku: string) =>
  seed.inventoryRecords.find((row) => row.variantSku === sku)?.standardQuantity ?? 0;

/** A size no anonymous shopper can buy now (standard stock 0), which can be bought when it is back. */
const soldOut = (() => {
  for (const product of seed.products) {
    if (!product.isVisible) continue;
    const variant = seed.variants.find(
      (candidate) =>
        candidate.productId === product.id &&
        candidate.sizeValueId !== null &&
        !candidate.purchasingDisabled &&
        standardOf(candidate.sku) === 0,
    );
    if (variant)
      return {
        name: product.name,
        path: productPath(product.url, labelOf(variant.colorValueId)),
        size: labelOf(variant.sizeValueId),
      };
  }
  throw new Error('the seed has no sold-out size');
})();

test('the back-in-stock mail’s link confirms the alert', async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  await page.goto(`${soldOut.path}?size=${encodeURIComponent(soldOut.size)}`);
  const region = page.getByRole('region', { name: `Size ${soldOut.size} is sold out` });
  const email = `alert-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
  await region.getByLabel('Email me when it’s back').fill(email);
  await region.getByRole('button', { name: 'Notify me' }).click();
  await expect(region.getByRole('status')).toHaveText(
    'Almost done: we have sent you an email. Open its link to confirm your back-in-stock alert.',
  );

  // The mail viewer answers this machine: the request goes without a forwarded address.
  await page.setExtraHTTPHeaders({});
  await page.goto('/mail');
  await page
    .getByRole('link', { name: new RegExp(`— to ${email.replace(/[.+]/g, (c) => `\\${c}`)}$`) })
    .click();
  await page.getByRole('link', { name: /\/back-in-stock\/confirm\?token=/ }).click();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your back-in-stock alert' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my alert' }).click();
  await expect(
    page.getByText(
      `Your back-in-stock alert for ${soldOut.name} is on. We will email you once when it is back.`,
    ),
  ).toBeVisible();
  if (!hasJavaScript(testInfo.project.name)) await expect(page).toHaveURL(/\/back-in-stock\/confirm$/);
});
