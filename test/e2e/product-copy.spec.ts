import { productPath } from '../../server/catalogue/slug';
import { generateSeedData } from '../../server/db/seed/index';
import { expect, test } from './fixtures';

/**
 * Issue 24 §12, as a shopper reads it (JavaScript on and off): a product page's description says what the piece is,
 * lists its features and says how to care for it, in words of its own, not "… is a rain jacket in 4 colorways.
 * Built for elk, whitetail, … hunts"; a category opens with an intro about what it holds, not "Shop Mens Rain
 * Jackets: outdoor and hunting apparel and gear.". Products are chosen by property from the seed the server starts
 * with; the category's intro is written out.
 */
const seed = generateSeedData();
const colourOf = (productId: number) => {
  const variant = seed.variants.find((row) => row.productId === productId);
  return seed.productOptionValues.find((value) => value.id === variant?.colorValueId)?.label ?? '';
};
/** Two visible rain jackets (their name says so): one type, one material. */
const rainJackets = seed.products
  .filter((product) => product.isVisible && /Rain (Jacket|Shell)$/.test(product.name))
  .slice(0, 2);

test('two rain jackets each read as written for them: a lead of their own, features and membrane care', async ({
  page,
}) => {
  expect(rainJackets).toHaveLength(2);
  const leads: string[] = [];
  for (const product of rainJackets) {
    await page.goto(productPath(product.url, colourOf(product.id)));
    const section = page.getByRole('region', { name: 'Description' });
    await expect(section.getByRole('heading', { level: 3, name: 'Features' })).toBeVisible();
    const features = section.getByRole('list').getByRole('listitem');
    expect(await features.count()).toBeGreaterThanOrEqual(4);
    await expect(section.getByRole('heading', { level: 3, name: 'Care' })).toBeVisible();
    await expect(section).toContainText(/waterproof/i);
    await expect(section).not.toContainText(/colorways?\b|Built for [^.]* hunts/);
    const lead = (await section.locator('p').first().textContent()) ?? '';
    expect(lead).toContain(product.name);
    leads.push(lead.replaceAll(product.name, ''));
    // The meta description is the lead paragraph, cut to 160 characters.
    const meta = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(meta.length).toBeLessThanOrEqual(160);
    expect(lead.replace(/\s+/g, ' ').startsWith(meta.replace(/…$/, ''))).toBe(true);
  }
  expect(leads[0]).not.toBe(leads[1]);
});

test('a category opens with an intro about what it holds', async ({ page }) => {
  await page.goto('/mens/jackets-and-vests/rain-jackets/');
  const intro =
    'Rain jackets with waterproof, breathable membranes and taped seams, light enough to carry every day. Shown here in men’s sizes.';
  await expect(page.getByRole('main').getByText(intro, { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', intro);
  await expect(page.getByRole('main')).not.toContainText('outdoor and hunting apparel and gear');
});
