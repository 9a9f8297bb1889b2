import type { Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Issue 3: one panel system (SPEC §2 "Overlay panels", §4 "Panels"), with JavaScript and without. The query
 * flags open their panel in the server's HTML; with JavaScript, links open panels in place.
 */
const FLAGS = [
  { flag: 'login', title: 'Sign In' },
  { flag: 'create-an-account', title: 'Create Your Account' },
  { flag: 'reset-password', title: 'Forgot Password' },
  { flag: 'cart', title: 'Your Cart' },
] as const;

const dialogs = (page: Page) => page.getByRole('dialog');
const header = (page: Page) => page.getByRole('banner');
const promoToggle = (page: Page) => page.locator('summary', { hasText: 'Offers:' });

/** A point on the overlay, left of the right-hand panels and below the header. */
async function overlayPoint(page: Page) {
  const size = page.viewportSize()!;
  return { x: 40, y: size.height - 40 };
}

test.describe('query flags', () => {
  for (const { flag, title } of FLAGS) {
    test(`?${flag} opens ${title} and its close control closes it`, async ({ page }, testInfo) => {
      await page.goto(`/mens/?${flag}=true`);
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialogs(page)).toHaveCount(1);
      await expect(dialog.getByRole('heading', { name: title, level: 2 })).toBeVisible();

      const close = dialog.getByRole('link', { name: 'Close' });
      await expect(close).toHaveAttribute('href', '/mens/');
      if (hasJavaScript(testInfo.project.name)) {
        // SPEC §2: the flag is set back to false in the URL once the panel is open.
        await expect(page).toHaveURL(new RegExp(`/mens/\\?${flag}=false$`));
        await expect(dialog).toBeFocused();
      }
      await close.click();
      await expect(dialogs(page)).toHaveCount(0);
      if (!hasJavaScript(testInfo.project.name)) await expect(page).toHaveURL(/\/mens\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mens');
    });
  }

  test('a flag set to false opens nothing', async ({ page }) => {
    await page.goto('/mens/?cart=false');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mens');
    await expect(dialogs(page)).toHaveCount(0);
  });

  test('the panels have the widths of SPEC §2', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?cart=true');
    // To a hundredth of a pixel: layout may land a panel at 368.00006 px (seen once in CI).
    expect((await dialogs(page).boundingBox())?.width).toBeCloseTo(416, 2); // 26rem
    await page.goto('/?login=true');
    expect((await dialogs(page).boundingBox())?.width).toBeCloseTo(368, 2); // 23rem
  });
});

test.describe('one panel at a time', () => {
  test('a link inside a panel replaces it with the next one', async ({ page }, testInfo) => {
    await page.goto('/mens/?login=true');
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();

    await page.getByRole('dialog').getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toBeVisible();
    await expect(dialogs(page)).toHaveCount(1);

    await page.getByRole('dialog').getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('dialog').getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('dialog', { name: 'Forgot Password' })).toBeVisible();
    await expect(dialogs(page)).toHaveCount(1);
    if (!hasJavaScript(testInfo.project.name)) {
      await expect(page).toHaveURL(/\/mens\/\?reset-password=true$/);
    }
    await page.getByRole('dialog').getByRole('link', { name: 'Back to Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await expect(dialogs(page)).toHaveCount(1);
  });

  test('opening search from the keyboard replaces the cart', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/?cart=true');
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
    // With JavaScript, wait until the panel has taken the focus (hydrated) before moving it.
    if (hasJavaScript(testInfo.project.name)) await expect(dialogs(page)).toBeFocused();
    await header(page).locator('summary', { hasText: 'Search' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(dialogs(page)).toHaveCount(0);
  });

  test('the cart shows its empty state and a disabled checkout', async ({ page }) => {
    await page.goto('/?cart=true');
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart.getByText('Your cart is empty')).toBeVisible();
    await expect(cart.getByText('Added items will appear here')).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });
});

test.describe('with JavaScript', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!hasJavaScript(testInfo.project.name), 'needs JavaScript');
  });

  test('a link opens the cart in place: no navigation, focus in, kept in, Escape returns it', async ({
    page,
  }) => {
    await page.goto('/mens/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const cartLink = header(page).getByRole('link', { name: /^Cart/ });
    await expect(cartLink).toHaveAttribute('aria-expanded', 'false');
    await cartLink.click();

    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart).toBeVisible();
    await expect(cart).toHaveAttribute('aria-modal', 'true');
    await expect(cartLink).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect(page).toHaveURL(/\/mens\/$/);
    await expect(cart).toBeFocused();

    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await cart.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await cart.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialogs(page)).toHaveCount(0);
    await expect(cartLink).toBeFocused();
    await expect(cartLink).toHaveAttribute('aria-expanded', 'false');
  });

  for (const { flag, title } of [FLAGS[0], FLAGS[3]]) {
    test(`Escape and an outside click close ${title}`, async ({ page }) => {
      await page.goto(`/mens/?${flag}=true`);
      // Focus moved in: the page is hydrated.
      await expect(page.getByRole('dialog', { name: title })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialogs(page)).toHaveCount(0);

      await page.goto(`/mens/?${flag}=true`);
      await expect(page.getByRole('dialog', { name: title })).toBeFocused();
      const point = await overlayPoint(page);
      await page.mouse.click(point.x, point.y);
      await expect(dialogs(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`\\?${flag}=false$`));
    });
  }

  test('an outside click leaves the sign-up panel open (SPEC §2 names cart and sign-in only)', async ({
    page,
  }) => {
    await page.goto('/mens/?create-an-account=true');
    await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toBeFocused();
    const point = await overlayPoint(page);
    await page.mouse.click(point.x, point.y);
    await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialogs(page)).toHaveCount(0);
  });

  test('hovering the overlay closes the promo bar; so does scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/');
    const offer = page.getByRole('link', { name: 'Shop the Sale' });
    await promoToggle(page).click();
    await expect(offer).toBeVisible();
    await page.mouse.move(640, 760);
    await expect(offer).toBeHidden();

    await promoToggle(page).click();
    await expect(offer).toBeVisible();
    await page.mouse.wheel(0, 400);
    await expect(offer).toBeHidden();
  });

  test('closing search clears its query', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mens/');
    const toggle = header(page).locator('summary', { hasText: 'Search' });
    await toggle.click();
    const field = page.getByRole('searchbox', { name: 'Search' });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('placeholder', 'Search by gear, pursuit or pattern...');
    await field.fill('elk');
    await header(page).locator('summary', { hasText: 'Cancel' }).click();
    await expect(field).toBeHidden();
    await toggle.click();
    await expect(field).toHaveValue('');
  });

  test('the header hides on scroll down past 32px and comes back on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/mens/');
    const banner = header(page);
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 20);
    await expect(banner).not.toHaveAttribute('data-hidden', 'true');
    await page.mouse.wheel(0, 600);
    await expect(banner).toHaveAttribute('data-hidden', 'true');
    await page.mouse.wheel(0, -200);
    await expect(banner).toHaveAttribute('data-hidden', 'false');
  });

  test.describe('under prefers-reduced-motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('the promo line still rotates', async ({ page }) => {
      await page.goto('/mens/');
      const line = promoToggle(page);
      // innerText: the texts not shown only hold the line's size (visibility: hidden, issue 24 §11).
      await expect(line).toContainText('Free shipping on every order', { useInnerText: true });
      // The pause button appears once the line can rotate (hydrated).
      await expect(page.getByRole('button', { name: 'Pause offers' })).toBeVisible();
      await page.mouse.move(640, 600);
      await expect(line).toContainText('Free returns within 60 days', { timeout: 8000, useInnerText: true });
    });
  });
});

test.describe('desktop mega-menu', () => {
  test('opens on hover, and from the keyboard with Enter (decision 046)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    const mens = nav.locator('summary').filter({ visible: true }).filter({ hasText: /^Mens/ });
    const leaf = nav.getByRole('link', { name: 'Rain Jackets' });
    await expect(leaf).toBeHidden();
    await mens.hover();
    await expect(leaf).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(leaf).toBeHidden();
    // Focus alone opens nothing (its links would all be tab stops); Enter does.
    await mens.focus();
    await expect(leaf).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(leaf).toBeVisible();
  });
});

test.describe('mobile sidebar at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('slides in from the right and navigates to a second-level category', async ({ page }) => {
    await page.goto('/');
    await header(page).locator('summary', { hasText: 'Menu' }).click();
    const sidebar = header(page).getByRole('navigation', { name: 'Main' });
    await expect(sidebar).toBeVisible();
    // Measured once the slide-in has ended (mid-animation the box is a fraction of a pixel off).
    const box = async () => (await sidebar.locator('xpath=..').boundingBox())!;
    await expect.poll(async () => Math.round((await box()).width * 100) / 100).toBe(300); // 18.75rem
    await expect.poll(async () => Math.round(((await box()).x + (await box()).width) * 100) / 100).toBe(375);

    const mens = sidebar.locator('summary').filter({ hasText: /^Mens/ });
    await mens.click();
    // Open, the level has a Back button (the burger's summary: decision 046).
    const back = header(page).locator('summary', { hasText: 'Menu' });
    await expect(back.getByText('Back')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Baselayers' })).toBeVisible();
    await back.click();
    await expect(sidebar.getByRole('link', { name: 'Baselayers' })).toBeHidden();
    await expect(sidebar.locator('summary', { hasText: 'Womens' })).toBeVisible();

    await mens.click();
    await sidebar.getByRole('link', { name: 'Baselayers' }).click();
    await expect(page).toHaveURL(/\/mens\/baselayers\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Baselayers');
    await expect(sidebar).toBeHidden();
  });

  test('its account link opens the sign-in panel', async ({ page }) => {
    await page.goto('/');
    await header(page).locator('summary', { hasText: 'Menu' }).click();
    await header(page).getByRole('link', { name: 'Sign In or Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await expect(header(page).getByRole('navigation', { name: 'Main' })).toBeHidden();
  });
});
