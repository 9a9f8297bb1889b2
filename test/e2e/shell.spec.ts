import { expect, test } from './fixtures';

/** SPEC §2: header, footer and breadcrumbs, the same with and without JavaScript. */
test.describe('site header', () => {
  test('offers the logo home, the main navigation, search, account and cart', async ({ page }) => {
    await page.goto('/mens/');
    const header = page.getByRole('banner');

    const logo = header.getByRole('link', { name: /home/i });
    await expect(logo).toHaveAttribute('href', '/');

    // A department is a disclosure button whose panel holds its listing (decision 046).
    const navigation = header.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Mens', '/mens/all/'],
      ['Womens', '/womens/all/'],
      ['Youth', '/youth/all/'],
      ['Gear', '/gear/all/'],
    ] as const) {
      await navigation
        .locator('summary')
        .filter({ visible: true })
        .filter({ hasText: new RegExp(`^${name}`) })
        .click();
      await expect(navigation.getByRole('link', { name: `Shop All ${name}` })).toHaveAttribute('href', href);
    }

    await expect(header.getByRole('link', { name: 'Account' })).toHaveAttribute('href', /[?&]login=true/);
    await expect(header.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', /[?&]cart=true/);
    await expect(header.getByText('Search', { exact: true }).first()).toBeVisible();

    await logo.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('every link of the main navigation leads to a page', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'js', 'plain HTTP requests: once is enough');
    // Every link of every panel, closed ones included (the bar itself shows buttons, decision 046).
    test.setTimeout(120_000);
    await page.goto('/');
    const hrefs = await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { includeHidden: true })
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
    expect(hrefs.length).toBeGreaterThanOrEqual(40);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), `${href} answers ${response.status()}`).toBe(200);
    }
  });

  test('the skip link is the first stop of the keyboard and leads to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    const target = await skip.getAttribute('href');
    expect(target).toMatch(/^#/);
    await expect(page.getByRole('main')).toHaveAttribute('id', target!.slice(1));
  });
});

test.describe('site footer', () => {
  test('holds the newsletter form, the link groups, legal links and social links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();

    const groups = footer.getByRole('navigation', { name: 'Footer' });
    for (const title of ['Help', 'Buying Online', 'My Account']) {
      await expect(groups.getByRole('heading', { name: title })).toBeVisible();
    }

    const social = footer.getByRole('list', { name: 'Follow us' }).getByRole('link');
    expect(await social.count()).toBeGreaterThan(0);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });
});

test.describe('breadcrumbs', () => {
  test('start with Homepage and end with the current page', async ({ page }) => {
    await page.goto('/mens/jackets-and-vests/');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link').first()).toHaveText('Homepage');
    await expect(trail.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
    await expect(trail.getByRole('link', { name: 'Mens' })).toHaveAttribute('href', '/mens/');
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Jackets and Vests');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jackets and Vests');
  });
});
