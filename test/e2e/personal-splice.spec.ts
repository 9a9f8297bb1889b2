import type { Page } from '@playwright/test';
import { signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * Decision 107: a shopper without JavaScript who holds a cart or an account gets the shared copy of their price
 * list with their header spliced in. On every page kind they see their count and account link, the answer stays
 * private, and the HTML is otherwise the shared copy's (what the same shopper gets once their browser runs scripts).
 */

async function makeCart(page: Page): Promise<void> {
  const response = await page.request.post('/__test/cart', { data: { quantities: [2, 1] } });
  expect(response.status()).toBe(201);
}

async function pageKinds(page: Page): Promise<string[]> {
  await page.goto('/mens/');
  const product = await page.locator('main a[href^="/products/"]').first().getAttribute('href');
  expect(product).toBeTruthy();
  return ['/', '/mens/', '/womens/', product!, '/search?q=jacket', '/help/shipping'];
}

/** The spliced regions put back as the shared copy has them (the account link's opening tag aside). */
function unspliced(html: string): string {
  return html
    .replace(/ data-cart-count="\d+" data-signed-in="(true|false)"/, '')
    .replace(/ aria-label="Cart, \d+ items?"/, ' aria-label="Cart"')
    .replace(/<span class="[^"]+" aria-hidden="true">\d+<\/span><\/a>/, '</a>')
    .replace(/(data-personal="footer") data-signed-in=""/, '$1')
    .replace(/<a [^>]*data-personal="account"[^>]*>/, '<a ACCOUNT>');
}

for (const shopper of ['a shopper with a cart', 'a signed-in customer with a cart'] as const) {
  test(`without JavaScript, ${shopper} sees their count and account on every page kind`, async ({
    page,
  }, testInfo) => {
    test.skip(
      hasJavaScript(testInfo.project.name),
      'the no-js project: with scripts, pages are shared copies',
    );
    const signedIn = shopper === 'a signed-in customer with a cart';
    if (signedIn) await signIn(page.request, 'consumer');
    await makeCart(page);
    for (const path of await pageKinds(page)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['cache-control'], path).toBe('private, no-store');
      expect(response?.headers()['server-timing'], path).toMatch(/\bsplice;dur=/);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Cart, 3 items' }), path).toBeVisible();
      await expect(
        banner.getByRole('link', { name: 'Cart, 3 items' }).getByText('3', { exact: true }),
      ).toBeAttached();
      const account = banner.getByRole('link', { name: 'Account' });
      if (signedIn) await expect(account, path).toHaveAttribute('href', '/account/profile');
      else await expect(account, path).toHaveAttribute('href', /[?&]login=true$/);

      // Otherwise the shared copy: what this shopper's browser gets once it runs scripts.
      const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`);
      const shared = await page.request.get(path, { headers: { Cookie: [...cookies, 'js=1'].join('; ') } });
      expect(shared.headers()['cache-control'], path).toMatch(/^public\b/);
      expect(unspliced(await response!.text()), path).toBe(unspliced(await shared.text()));
    }
  });
}
