import type { Locator, Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 9 §4, "filters keep their promise": a shopper filters a category by a colour or pattern; every card then
 * shows that colourway (its image, its swatch marked, its link), and the product page a card opens shows that colour
 * selected. With JavaScript (the filter submits itself; "Load more" appends cards in the same colour) and without
 * (the Apply button).
 */

const cards = (page: Page, list = 'Mens products') =>
  page.getByRole('list', { name: list }).getByRole('article');

/** The colour boxes: [value (the URL slug), label, product count] of each. */
async function colourChoices(page: Page): Promise<{ box: Locator; value: string; count: number }[]> {
  const boxes = page
    .locator('#filters')
    .getByRole('group', { name: 'Color / pattern' })
    .getByRole('checkbox');
  const found = await boxes.evaluateAll((inputs) =>
    inputs.map((input) => ({
      value: input.getAttribute('value') ?? '',
      text: input.closest('label')?.textContent ?? '',
    })),
  );
  return found.map(({ value, text }, index) => ({
    box: boxes.nth(index),
    value,
    count: Number(/\((\d+)/.exec(text)?.[1] ?? 0),
  }));
}

/** What each card shows of its colour: link, image alt text, the swatch marked as shown. */
async function cardColours(page: Page, list?: string) {
  return cards(page, list).evaluateAll((articles) =>
    articles.map((article) => {
      const shown = article.querySelector('li[aria-current="true"] > *');
      return {
        name: article.querySelector('h2, h3')?.textContent?.trim() ?? '',
        href: article.querySelector('h2 a, h3 a')?.getAttribute('href') ?? '',
        alt: article.querySelector(':scope > div img')?.getAttribute('alt') ?? '',
        swatch: shown?.getAttribute('alt') ?? shown?.getAttribute('aria-label') ?? null,
      };
    }),
  );
}

function expectEveryCardIn(shown: Awaited<ReturnType<typeof cardColours>>, value: string, label: string) {
  expect(shown.length).toBeGreaterThan(0);
  for (const card of shown) {
    expect(card.href, card.name).toMatch(new RegExp(`^/products/[^/]+/${value}$`));
    expect(card.alt, card.name).toBe(`${card.name} in ${label}`);
    expect(card.swatch, card.name).toBe(label);
  }
}

test('filtering by a colour shows and links that colourway on every card; the product opens in it', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  test.setTimeout(90_000);
  await page.goto('/mens/');
  // Unfiltered, no card marks a swatch: each shows its product's default colour.
  expect((await cardColours(page)).filter((card) => card.swatch !== null)).toEqual([]);

  // The colour most products come in (most of them in another colour by default), so it runs past one page.
  const choices = await colourChoices(page);
  const colour = choices.reduce((best, choice) => (choice.count > best.count ? choice : best));
  const label = colour.value.replace(/-/g, ' ');
  expect(colour.count).toBeGreaterThan(24);
  await colour.box.check();
  if (!js) await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]color=${colour.value}(&|$)`));
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: /Color \/ pattern:/ }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(24);
  expectEveryCardIn(await cardColours(page), colour.value, label);

  if (js) {
    // The next page, appended in place, keeps the promise too.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(Math.min(48, colour.count), { timeout: 15_000 });
    expectEveryCardIn(await cardColours(page), colour.value, label);
  }

  // A card of the last page loaded opens its product in that colour, selected.
  const card = cards(page).last();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/products/[^/]+/${colour.value}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const picker = page.getByRole('list', { name: `Color: ${label}` });
  await expect(picker).toBeVisible();
  await expect(picker.locator('a[aria-current="true"]').getByRole('img')).toHaveAccessibleName(label);
});

test('a shared link to a listing filtered by two colours shows one of them on every card', async ({
  page,
}) => {
  await page.goto('/mens/');
  const [first, second] = (await colourChoices(page)).sort((a, b) => b.count - a.count);
  await page.goto(`/mens/?color=${first!.value}&color=${second!.value}`);
  const labels = [first!.value, second!.value].map((value) => value.replace(/-/g, ' '));
  const shown = await cardColours(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const card of shown) {
    const label = labels.find((candidate) => card.swatch === candidate);
    expect(label, card.name).toBeDefined();
    expect(card.href, card.name).toMatch(new RegExp(`^/products/[^/]+/${label!.replace(/ /g, '-')}$`));
    expect(card.alt, card.name).toBe(`${card.name} in ${label}`);
  }
});

test('search results filtered by a colour show and link that colourway on every card', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search?q=jacket');
  const colour = (await colourChoices(page)).reduce((best, choice) =>
    choice.count > best.count ? choice : best,
  );
  await colour.box.check();
  if (!hasJavaScript(testInfo.project.name))
    await page.locator('#filters').getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=jacket&color=${colour.value}$`));
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: /Color \/ pattern:/ }),
  ).toBeVisible({ timeout: 15_000 });
  expectEveryCardIn(await cardColours(page, 'Search results'), colour.value, colour.value.replace(/-/g, ' '));
});
