import type { Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 9 §6: the listing's sticky Filters/Sort bar and the overlays. It sticks below the header while the
 * header shows (never over it, its menu, search and cart, never under it), does not shine through the overlay
 * of an open panel; on a phone the sub-category chips are one sideways row and the filters dialog names its
 * result count with Apply in reach.
 */
const header = (page: Page) => page.getByRole('banner');
const toolbar = (page: Page) => page.getByLabel('Sort by').locator('xpath=ancestor::form/..');

async function box(locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** Scrolls far enough down the listing for the bar to stick; with JavaScript, a bit back up (the header returns). */
async function scrollToStuckBar(page: Page, js: boolean) {
  await page.evaluate(() => window.scrollTo(0, 1500));
  if (js) {
    await expect(header(page)).toHaveAttribute('data-hidden', 'true');
    await page.evaluate(() => window.scrollTo(0, 1400));
    await expect(header(page)).toHaveAttribute('data-hidden', 'false');
  }
}

/** Whether the sticky bar is what shows at this point of the window. */
const barIsOnTop = (page: Page, x: number, y: number) =>
  toolbar(page).evaluate((bar, [px, py]) => bar.contains(document.elementFromPoint(px!, py!)), [x, y]);

/** The bar's top edge is at the header's bottom edge (after the header's slide). */
async function expectBarBelowHeader(page: Page) {
  await expect
    .poll(async () => {
      const [bar, head] = await Promise.all([box(toolbar(page)), box(header(page))]);
      return Math.round(bar.y - (head.y + head.height));
    })
    .toBeGreaterThanOrEqual(-1);
  const [bar, head] = await Promise.all([box(toolbar(page)), box(header(page))]);
  expect(bar.y).toBeLessThan(head.y + head.height + 2);
}

for (const [name, viewport] of [
  ['on a phone', { width: 375, height: 800 }],
  ['on a desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('the sticky bar stops below the header while it shows, and moves up when it hides', async ({
      page,
    }, testInfo) => {
      const js = hasJavaScript(testInfo.project.name);
      await page.goto('/mens/');
      await scrollToStuckBar(page, js);
      await expectBarBelowHeader(page);
      if (js) {
        await page.evaluate(() => window.scrollTo(0, 2500));
        await expect(header(page)).toHaveAttribute('data-hidden', 'true');
        await expect.poll(async () => Math.round((await box(toolbar(page))).y)).toBe(0);
      }
    });

    test('the sticky bar does not shine through the overlay of an open panel', async ({ page }, testInfo) => {
      const js = hasJavaScript(testInfo.project.name);
      await page.goto(js ? '/mens/' : '/mens/?login=true');
      if (js) {
        await scrollToStuckBar(page, js);
        await header(page).getByRole('link', { name: 'Account' }).click();
      }
      await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
      const bar = await box(toolbar(page));
      expect(await barIsOnTop(page, bar.x + 5, bar.y + bar.height / 2)).toBe(false);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the menu opens over the sticky bar', async ({ page }, testInfo) => {
    const js = hasJavaScript(testInfo.project.name);
    await page.goto('/mens/');
    await scrollToStuckBar(page, js);
    await header(page).locator('summary', { hasText: 'Menu' }).click();
    // One navigation serves the desktop mega-menu and, below lg, the sidebar it sits in (decision 023).
    const sidebar = header(page).getByRole('navigation', { name: 'Main' });
    await expect(sidebar).toBeVisible();
    const bar = await box(toolbar(page));
    // Where the bar is, the sidebar (or its overlay) is on top.
    expect(await barIsOnTop(page, 375 - 10, bar.y + bar.height / 2)).toBe(false);
    expect(await barIsOnTop(page, 10, bar.y + bar.height / 2)).toBe(false);
    await expect(sidebar.locator('summary').filter({ hasText: /^Mens/ })).toBeInViewport();
  });

  test('the sub-category chips are one row that scrolls sideways, and products show on the first screen', async ({
    page,
  }) => {
    await page.goto('/mens/');
    const chips = page.getByRole('navigation', { name: 'Mens categories' }).getByRole('list');
    const tops = await chips
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(4);
    expect(new Set(tops).size).toBe(1);
    expect(await chips.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    const firstCard = page.getByRole('list', { name: 'Mens products' }).getByRole('article').first();
    expect((await box(firstCard)).y).toBeLessThan(800 - 100);
  });

  test('the filters dialog names its result count and keeps Apply in reach', async ({ page }, testInfo) => {
    const js = hasJavaScript(testInfo.project.name);
    await page.goto('/mens/?size=M');
    const count = (await page
      .getByText(/^\d+ products$/)
      .first()
      .textContent())!;
    await page.getByRole('link', { name: /^Filters/ }).click();
    const filters = js ? page.getByRole('dialog', { name: 'Filters' }) : page.locator('#filters');
    await expect(filters.getByText(count, { exact: true })).toBeVisible();
    const apply = filters.getByRole('button', { name: 'Apply filters' });
    await expect(apply).toBeInViewport();
    await filters.evaluate((panel) => panel.scrollTo(0, panel.scrollHeight / 2));
    await expect(apply).toBeInViewport();
    await filters.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^L \(/ }).check();
    await apply.click();
    await expect(page).toHaveURL(/[?&]size=L(&|$)/);
  });
});
