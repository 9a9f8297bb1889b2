import type { Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 9 §7: the store from the keyboard. The desktop mega-menu is a disclosure navigation (a department's
 * panel opens on Space or ArrowDown, not on every Tab), Escape closes it and gives the focus back, the
 * navigations have names of their own, and a panel opened by a URL flag hands the focus to its header icon
 * when it closes.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const header = (page: Page) => page.getByRole('banner');
const mainNav = (page: Page) => header(page).getByRole('navigation', { name: 'Main', exact: true });

/** What has the focus, as a short description ("A Mens", "SUMMARY Search"). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName} ${(element.textContent ?? '').replace(/\s+/g, ' ').trim()}` : '';
  });

test('Tab goes from the top of the page to Search in a few presses, past the mega-menu’s departments', async ({
  page,
}, testInfo) => {
  test.skip(
    !hasJavaScript(testInfo.project.name),
    'without JavaScript a department’s panel opens on focus (CSS) and the skip link passes the menu',
  );
  await page.goto('/mens/');
  const stops: string[] = [];
  for (let presses = 1; presses <= 20; presses += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
    if (stops.at(-1)!.startsWith('SUMMARY Search')) break;
  }
  expect(stops.at(-1), stops.join(' → ')).toMatch(/^SUMMARY Search/);
  // Skip link, the promo bar's toggle and pause button, logo, the eight departments, Search (124 before).
  expect(stops.length, stops.join(' → ')).toBeLessThanOrEqual(14);
  await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeHidden();
});

test('Space or ArrowDown opens a department’s panel, arrows move in it, Escape closes it and returns the focus', async ({
  page,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'without JavaScript the panel opens on focus with CSS');
  await page.goto('/');
  const mens = mainNav(page).getByRole('link', { name: 'Mens', exact: true });
  const panelLinks = page.locator(`#${(await mens.getAttribute('aria-controls'))!}`).getByRole('link');
  await expect(mens).toHaveAttribute('aria-expanded', 'false');
  await mens.focus();
  await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeHidden();

  await page.keyboard.press('Space');
  await expect(mens).toHaveAttribute('aria-expanded', 'true');
  await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeVisible();
  await expect(panelLinks.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(panelLinks.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(panelLinks.last()).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(mens).toBeFocused();
  await expect(mens).toHaveAttribute('aria-expanded', 'false');
  await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeHidden();

  // ArrowRight moves to the next department; ArrowDown opens it; Tab walks its links; leaving closes it.
  await page.keyboard.press('ArrowRight');
  const womens = mainNav(page).getByRole('link', { name: 'Womens', exact: true });
  await expect(womens).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(womens).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  const womensPanel = page.locator(`#${(await womens.getAttribute('aria-controls'))!}`);
  await expect(womensPanel.getByRole('link').nth(1)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(womens).toBeFocused();
  await expect(womens).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Shift+Tab');
  await expect(mens).toBeFocused();
  await expect(womens).toHaveAttribute('aria-expanded', 'false');
  await expect(womensPanel.getByRole('link').first()).toBeHidden();

  // Enter follows the department's link.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/womens\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Womens');
});

test('every navigation landmark has a name of its own', async ({ page }) => {
  for (const path of ['/', '/mens/?page=2', '/help/shipping']) {
    await page.goto(path);
    const names = await page
      .locator('nav, [role="navigation"]')
      .evaluateAll((navs) =>
        navs.map(
          (nav) =>
            nav.getAttribute('aria-label') ??
            document.getElementById(nav.getAttribute('aria-labelledby') ?? '')?.textContent ??
            '',
        ),
      );
    expect(names.length, path).toBeGreaterThanOrEqual(2);
    expect(
      names.filter((name) => name === ''),
      `${path}: ${names.join(', ')}`,
    ).toEqual([]);
    expect(new Set(names).size, `${path}: ${names.join(', ')}`).toBe(names.length);
  }
});

for (const { flag, dialog, icon } of [
  { flag: 'login', dialog: 'Sign In', icon: 'Account' },
  { flag: 'cart', dialog: 'Your Cart', icon: /^Cart/ },
] as const) {
  test(`a panel opened by ?${flag} gives the focus to its header icon when it closes`, async ({
    page,
  }, testInfo) => {
    test.skip(!hasJavaScript(testInfo.project.name), 'without JavaScript closing the panel loads the page');
    await page.goto(`/mens/?${flag}=true`);
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: dialog })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: icon })).toBeFocused();
  });
}
