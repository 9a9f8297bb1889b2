import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 9 §7 and §11 (header items): the header's navigation from the keyboard, with JavaScript and without
 * (decision 046). The desktop mega-menu is a row of disclosure buttons, one tab stop per department; a panel
 * opens on Enter or Space (and, with JavaScript, the arrow keys), Escape closes it and gives the focus back to its
 * button. The desktop departments (content/navigation.json, not mobileOnly) and their panels are written down here.
 */
const DEPARTMENTS = ['Mens', 'Womens', 'Youth', 'Gear', 'Pursuit', 'Pattern', 'Sale', 'New Arrivals'];
const DESKTOP = { width: 1280, height: 800 };

const header = (page: Page) => page.getByRole('banner');
const mainNav = (page: Page) => header(page).getByRole('navigation', { name: 'Main' });
const searchToggle = (page: Page) => header(page).locator('details[data-panel="search"] > summary');

/** A department's control in the bar: today's markup or the new one, whichever shows (a link or a summary). */
const department = (page: Page, name: string) =>
  mainNav(page)
    .locator('summary, a')
    .filter({ visible: true })
    .filter({ hasText: new RegExp(`^${name}(Back)?$`) });

/**
 * The bar's keyboard is a chunk loaded once the page is idle (decision 046): it has arrived when the departments
 * carry `aria-expanded`.
 */
const keysReady = (page: Page) =>
  expect(department(page, 'Mens')).toHaveAttribute('aria-expanded', /^(true|false)$/);

/** What the focused element is called (its label or its visible text), read without the page's scripts. */
async function focusedName(page: Page): Promise<string> {
  const focused = page.locator(':focus');
  if ((await focused.count()) === 0) return '(nothing)';
  return focused.first().evaluate((element) => {
    const label = element.getAttribute('aria-label');
    if (label) return label;
    const visible = [...element.childNodes]
      .map((node) =>
        node instanceof HTMLElement && node.getClientRects().length === 0 ? '' : (node.textContent ?? ''),
      )
      .join('');
    return visible.replace(/\s+/g, ' ').trim();
  });
}

test.describe('desktop mega-menu from the keyboard', () => {
  test.use({ viewport: DESKTOP });

  test('Tab reaches Search in at most 13 stops, one per department', async ({ page }, testInfo) => {
    await page.goto('/mens/jackets-and-vests/');
    const stops: string[] = [];
    for (let press = 0; press < 200; press += 1) {
      await page.keyboard.press('Tab');
      if ((await page.locator('details[data-panel="search"] > summary:focus').count()) > 0) break;
      stops.push(await focusedName(page));
    }
    const count = stops.length + 1;
    testInfo.annotations.push({ type: 'tab stops to Search', description: String(count) });
    expect(count, `stops before Search: ${stops.join(' | ')}`).toBeLessThanOrEqual(13);
    // Every department is one of them, in the bar's order (a shorter path that skipped the menu would not do).
    expect(stops.filter((name) => DEPARTMENTS.includes(name))).toEqual(DEPARTMENTS);
    await expect(searchToggle(page)).toBeFocused();
  });

  test('Enter and Space open a panel, whose links then follow in the tab order', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const mens = department(page, 'Mens');
    const rainJackets = mainNav(page).getByRole('link', { name: 'Rain Jackets' });
    await mens.focus();
    await expect(mens).toBeFocused();
    await expect(rainJackets).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(rainJackets).toBeVisible();
    if (hasJavaScript(testInfo.project.name)) await expect(mens).toHaveAttribute('aria-expanded', 'true');
    // The panel opened without taking the focus: the next stop is its first link.
    await expect(mens).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(mainNav(page).getByRole('link', { name: 'Jackets and Vests' })).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await expect(mens).toBeFocused();
    await page.keyboard.press('Space');
    await expect(rainJackets).toBeHidden();
    if (hasJavaScript(testInfo.project.name)) await expect(mens).toHaveAttribute('aria-expanded', 'false');

    // One panel at a time: opening Womens closes Mens.
    await page.keyboard.press('Space');
    await expect(rainJackets).toBeVisible();
    const womens = department(page, 'Womens');
    await womens.focus();
    await page.keyboard.press('Enter');
    await expect(mainNav(page).getByRole('link', { name: 'Shop Womens Layers' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Shop Mens Jackets' })).toBeHidden();
  });

  test('a closed panel keeps its links out of the tab order', async ({ page }) => {
    await page.goto('/');
    await department(page, 'Mens').focus();
    await page.keyboard.press('Tab');
    await expect(department(page, 'Womens')).toBeFocused();
  });

  test('every department’s listing is a link in its panel', async ({ page }) => {
    await page.goto('/');
    for (const [name, link, href] of [
      ['Mens', 'Shop All Mens', '/mens/all/'],
      ['Pattern', 'Shop All Patterns', '/pattern/all/'],
      ['New Arrivals', 'Shop All New Arrivals', '/new-arrivals/all/'],
    ] as const) {
      await department(page, name).focus();
      await page.keyboard.press('Enter');
      await expect(mainNav(page).getByRole('link', { name: link })).toHaveAttribute('href', href);
      await expect(mainNav(page).getByRole('link', { name: link })).toBeVisible();
    }
  });

  test('a panel closed from the keyboard leaves the tab order at once, not after the hover fade', async ({
    page,
  }) => {
    await page.goto('/');
    // The page's clock for CSS transitions stands still (Chromium's DevTools protocol): a panel that hides only at
    // the end of a transition never does, whatever the machine's speed, so the test cannot pass by being slow.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Animation.enable');
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 });
    /** The computed visibility of a department's panel (the `<details>`' next sibling). */
    const panelVisibility = (name: string) =>
      department(page, name).evaluate(
        (summary) => getComputedStyle(summary.parentElement!.nextElementSibling!).visibility,
      );
    await department(page, 'Mens').focus();
    await page.keyboard.press('Enter');
    await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeVisible();
    // Opening another department closes Mens (one name group): its links must not linger beside the new panel's.
    await department(page, 'Womens').focus();
    await page.keyboard.press('Enter');
    expect(await panelVisibility('Mens')).toBe('hidden');
    expect(await panelVisibility('Womens')).toBe('visible');
    // Space on the open department closes it, at once too.
    await page.keyboard.press('Space');
    expect(await panelVisibility('Womens')).toBe('hidden');
  });

  test('a mouse still opens a panel on hover', async ({ page }) => {
    await page.goto('/');
    const rainJackets = mainNav(page).getByRole('link', { name: 'Rain Jackets' });
    await department(page, 'Mens').hover();
    await expect(rainJackets).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(rainJackets).toBeHidden();
  });

  test.describe('with JavaScript', () => {
    test.beforeEach(({}, testInfo) => {
      test.skip(!hasJavaScript(testInfo.project.name), 'arrow keys and Escape need the script');
    });

    test('the buttons say whether their panel is expanded', async ({ page }) => {
      await page.goto('/');
      for (const name of DEPARTMENTS) {
        await expect(department(page, name)).toHaveAttribute('aria-expanded', 'false');
      }
    });

    test('arrow keys move along the bar and into a panel', async ({ page }) => {
      await page.goto('/');
      await keysReady(page);
      await department(page, 'Mens').focus();
      await page.keyboard.press('ArrowRight');
      await expect(department(page, 'Womens')).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(department(page, 'Mens')).toBeFocused();
      await page.keyboard.press('End');
      await expect(department(page, 'New Arrivals')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(department(page, 'Mens')).toBeFocused();

      await page.keyboard.press('ArrowDown');
      await expect(department(page, 'Mens')).toHaveAttribute('aria-expanded', 'true');
      await expect(mainNav(page).getByRole('link', { name: 'Jackets and Vests' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(mainNav(page).getByRole('link', { name: 'Jackets and Vests' })).toBeFocused();
    });

    test('Escape closes the open panel and gives the focus back to its button', async ({ page }) => {
      await page.goto('/');
      await keysReady(page);
      const mens = department(page, 'Mens');
      const rainJackets = mainNav(page).getByRole('link', { name: 'Rain Jackets' });
      await mens.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(rainJackets).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(rainJackets).toBeHidden();
      await expect(mens).toBeFocused();
      await expect(mens).toHaveAttribute('aria-expanded', 'false');

      // From the button itself too.
      await page.keyboard.press('Enter');
      await expect(rainJackets).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(rainJackets).toBeHidden();
      await expect(mens).toBeFocused();
    });

    test('the focus leaving a panel closes it, and so does a click elsewhere', async ({ page }) => {
      await page.goto('/');
      await keysReady(page);
      const rainJackets = mainNav(page).getByRole('link', { name: 'Rain Jackets' });
      await department(page, 'Mens').focus();
      await page.keyboard.press('Enter');
      await expect(rainJackets).toBeVisible();
      await page.keyboard.press('Shift+Tab');
      await expect(rainJackets).toBeHidden();

      await department(page, 'Mens').focus();
      await page.keyboard.press('Enter');
      await expect(rainJackets).toBeVisible();
      await page.mouse.click(640, 700);
      await expect(rainJackets).toBeHidden();
    });

    test('a link of a panel navigates in the app and the panel closes', async ({ page }) => {
      await page.goto('/');
      await keysReady(page);
      await department(page, 'Mens').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/mens\/jackets-and-vests\/rain-jackets\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rain Jackets');
      await expect(mainNav(page).getByRole('link', { name: 'Rain Jackets' })).toBeHidden();
      await expect(department(page, 'Mens')).toHaveAttribute('aria-current', 'true');
    });
  });
});

test.describe('landmarks', () => {
  for (const viewport of [DESKTOP, { width: 375, height: 740 }]) {
    test(`every navigation has a name of its own at ${viewport.width}px`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      const expected: [string, string[]][] = [
        ['/', ['Main', 'Footer']],
        [
          '/mens/jackets-and-vests/',
          ['Main', 'Breadcrumb', 'Jackets and Vests categories', 'Pagination', 'Footer'],
        ],
        ['/search?q=jacket', ['Main', 'Pagination', 'Footer']],
        ['/?login=true', ['Main', 'Footer']],
      ];
      for (const [url, names] of expected) {
        await page.goto(url);
        const found = await page
          .getByRole('navigation', { includeHidden: true })
          .evaluateAll((navs) => navs.map((nav) => nav.getAttribute('aria-label') ?? ''));
        expect(found, url).toEqual(names);
      }
      if (hasJavaScript(testInfo.project.name)) {
        const results = await new AxeBuilder({ page })
          .withRules(['landmark-unique', 'landmark-one-main', 'landmark-no-duplicate-banner'])
          .analyze();
        expect(results.passes.length).toBeGreaterThan(0);
        expect(results.violations.map((violation) => violation.id)).toEqual([]);
      }
    });
  }
});

test.describe('panels opened from a URL flag give the focus to their header icon when they close', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(
      !hasJavaScript(testInfo.project.name),
      'without JavaScript closing is a navigation to the page without the flag',
    );
  });

  const FLAGS = [
    { flag: 'login', title: 'Sign In', icon: 'Account' },
    { flag: 'create-an-account', title: 'Create Your Account', icon: 'Account' },
    { flag: 'reset-password', title: 'Forgot Password', icon: 'Account' },
    { flag: 'cart', title: 'Your Cart', icon: /^Cart/ },
  ] as const;

  for (const viewport of [DESKTOP, { width: 375, height: 740 }]) {
    for (const { flag, title, icon } of FLAGS) {
      test(`?${flag}=true at ${viewport.width}px, by Escape and by its close link`, async ({ page }) => {
        await page.setViewportSize(viewport);
        const iconLink = header(page).getByRole('link', { name: icon });
        for (const close of ['Escape', 'link'] as const) {
          await page.goto(`/mens/?${flag}=true`);
          const dialog = page.getByRole('dialog', { name: title });
          await expect(dialog).toBeFocused();
          if (close === 'Escape') await page.keyboard.press('Escape');
          else await dialog.getByRole('link', { name: 'Close' }).click();
          await expect(dialog).toBeHidden();
          await expect(iconLink).toBeFocused();
        }
      });
    }
  }

  test('on the narrowest phones, where the account icon lives in the menu, the menu button gets it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/mens/?login=true');
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(header(page).locator('summary', { hasText: 'Menu' })).toBeFocused();
  });
});

test.describe('phone header', () => {
  for (const width of [320, 375]) {
    test(`search mode at ${width}px keeps the logo and has its Clear button`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/');
      await searchToggle(page).click();
      const field = page.getByRole('searchbox', { name: 'Search' });
      await expect(field).toBeVisible();
      await expectUncovered(header(page).getByRole('link', { name: /home/i }));
      await field.fill('rain');
      const clear = header(page).getByRole('button', { name: 'Clear' });
      await expectUncovered(clear);
      const box = (await clear.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await clear.click();
      await expect(field).toHaveValue('');
      if (hasJavaScript(testInfo.project.name)) await expect(field).toBeFocused();
    });
  }

  test('search mode keeps the logo on wide screens too', async ({ page }) => {
    for (const width of [1024, 1280, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await searchToggle(page).click();
      await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
      await expectUncovered(header(page).getByRole('link', { name: /home/i }));
    }
  });

  for (const width of [320, 390]) {
    test(`the sidebar opens again at its top level at ${width}px`, async ({ page }, testInfo) => {
      // Without JavaScript too (issue 9 §11): the burger and the levels are one group of <details> (decision 046).
      const js = hasJavaScript(testInfo.project.name);
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/');
      const burger = header(page).locator('summary', { hasText: 'Menu' });
      const nav = mainNav(page);
      const subalpine = nav.getByRole('link', { name: 'Optifade Subalpine' });
      const closes = js ? (['overlay', 'Escape'] as const) : (['overlay'] as const);
      for (const close of closes) {
        await burger.click();
        await nav
          .locator('summary')
          .filter({ hasText: /^Pattern/ })
          .click();
        await expect(subalpine).toBeVisible();
        if (close === 'overlay') await page.mouse.click(10, 700);
        else await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();

        await burger.click();
        await expect(nav).toBeVisible();
        await expect(subalpine).toBeHidden();
        await expect(nav.locator('details[open]')).toHaveCount(0);
        await expectUncovered(nav.locator('summary').filter({ hasText: /^Mens/ }));
        // Closed again for the next round (the overlay).
        await page.mouse.click(10, 700);
        await expect(nav).toBeHidden();
      }

      // Two levels deep, closed from there: opened again, the top level.
      const mensItem = nav
        .locator('li[data-top-item]')
        .filter({ has: page.locator('summary[data-top-link="/mens/"]') });
      const rainJackets = mensItem.getByRole('link', { name: 'Rain Jackets' });
      await burger.click();
      await mensItem.locator('summary[data-top-link="/mens/"]').click();
      await mensItem
        .locator('summary')
        .filter({ hasText: /^Jackets and Vests/ })
        .click();
      await expect(rainJackets).toBeVisible();
      await page.mouse.click(10, 700);
      await expect(nav).toBeHidden();
      await burger.click();
      await expect(nav).toBeVisible();
      await expect(rainJackets).toBeHidden();
      await expect(nav.locator('details[open]')).toHaveCount(0);
      await expectUncovered(nav.locator('summary').filter({ hasText: /^Mens/ }));
    });
  }

  test('Back goes up one level at a time, with and without JavaScript', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = mainNav(page);
    const burger = header(page).locator('summary', { hasText: 'Menu' });
    const mensItem = nav
      .locator('li[data-top-item]')
      .filter({ has: page.locator('summary[data-top-link="/mens/"]') });
    const mens = mensItem.locator('summary[data-top-link="/mens/"]');
    const rainJackets = mensItem.getByRole('link', { name: 'Rain Jackets' });
    await burger.click();
    await mens.click();
    await mensItem
      .locator('summary')
      .filter({ hasText: /^Jackets and Vests/ })
      .click();
    await expect(rainJackets).toBeVisible();
    // From the column's level to the department's: the department's summary is the Back button there.
    await expect(mens.getByText('Back')).toBeVisible();
    await expectUncovered(mens);
    await mens.click();
    await expect(rainJackets).toBeHidden();
    await expectUncovered(mensItem.locator('summary').filter({ hasText: /^Tops/ }));
    // From the department's level to the top: the burger's summary is the Back button there.
    await expect(burger.getByText('Back')).toBeVisible();
    await expectUncovered(burger);
    await burger.click();
    await expect(nav).toBeVisible();
    await expectUncovered(nav.locator('summary').filter({ hasText: /^Womens/ }));
    await expect(nav.locator('details[open]')).toHaveCount(0);
  });
});

test.describe('long pattern names in the mega-menu', () => {
  for (const width of [1024, 1280, 1440]) {
    test(`wrap between words, without an orphan, inside their column at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await department(page, 'Pattern').hover();
      const names = mainNav(page).getByRole('link', { name: /^Optifade/ });
      await expect(names.first()).toBeVisible();
      expect(await names.count()).toBe(5);
      for (const name of await names.all()) {
        const layout = await name.evaluate(lineLayout);
        const text = layout.lines.map((line) => line.join(' ')).join(' / ');
        expect(layout.broken, `a word broken across lines: ${text}`).toEqual([]);
        expect(layout.lines.length, text).toBeLessThanOrEqual(2);
        // No line of one short word ("II" under "Optifade Elevated").
        for (const line of layout.lines.slice(1)) {
          expect(line.join(' ').length, `orphan in ${text}`).toBeGreaterThan(3);
        }
        expect(layout.overflows, `${text} overflows its column`).toBe(false);
      }
    });
  }
});

/** The element shows and nothing covers its centre. */
async function expectUncovered(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(() =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && (element === top || element.contains(top));
      }),
    )
    .toBe(true);
}

/** How a link's text is laid out: its words per line, the words split over two lines, and overflow. */
function lineLayout(link: Element) {
  const lines = new Map<number, string[]>();
  const broken: string[] = [];
  const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      if (rects.length !== 1) broken.push(match[0]);
      const top = Math.round(rects[0]?.top ?? 0);
      const line = [...lines.keys()].find((key) => Math.abs(key - top) < 4) ?? top;
      lines.set(line, [...(lines.get(line) ?? []), match[0]]);
    }
  }
  const box = link.getBoundingClientRect();
  const column = (link.closest('li') ?? link).getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(link);
  const textBox = range.getBoundingClientRect();
  return {
    lines: [...lines.entries()].sort(([a], [b]) => a - b).map(([, words]) => words),
    broken,
    overflows: textBox.right > column.right + 1 || box.right > column.right + 1,
  };
}
