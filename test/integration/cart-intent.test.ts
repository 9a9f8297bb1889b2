/**
 * The cart's one action dispatches on `intent` (CONVENTIONS 3; issue 22 §6): an intent it does not know answers a
 * 400 with a message, with JavaScript (a fetcher's `.data` post) and without (303 and the flash on the cart page),
 * and the cart keeps its lines. Over the production HTTP app.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/** Written out, not taken from the code under test. */
const UNKNOWN = 'This change to your cart is not known. Please reload the page and try again.';

describe('an unknown cart intent', () => {
  let app: RunningApp & { close(): Promise<void> };
  let cartCookie: string;

  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    app.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const cookieOf = (reply: Reply, name: string) =>
    (reply.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith(`${name}=`))?.split(';', 1)[0];
  const textOf = (reply: Reply) => reply.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  beforeAll(async () => {
    app = await startHttpApp();
    const rows = (
      (await app.services.db.execute(
        sql`select v.id as variant_id, v.product_id from variants v join products p on p.id = v.product_id
            join inventory_records i on i.variant_sku = v.sku
            where p.is_visible and not v.purchasing_disabled and i.standard_quantity > 0 order by v.id limit 1`,
      )) as unknown as { rows: { variant_id: number; product_id: number }[] }
    ).rows;
    const added = await post('/cart/add', {
      productId: String(rows[0]!.product_id),
      variantId: String(rows[0]!.variant_id),
      quantity: '2',
      redirectTo: '/cart',
    });
    expect(added.status).toBe(303);
    cartCookie = cookieOf(added, 'cart')!;
    expect(cartCookie).toBeDefined();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('with JavaScript: a 400 with its message', async () => {
    const reply = await post('/cart.data', { intent: 'empty-everything' }, cartCookie);
    expect(reply.status).toBe(400);
    expect(reply.text).toContain(UNKNOWN);
  });

  it('without JavaScript: back to the cart, which says so and keeps its lines', async () => {
    const posted = await post('/cart', { intent: 'empty-everything', redirectTo: '/cart' }, cartCookie);
    expect(posted.status).toBe(303);
    const flash = cookieOf(posted, 'flash');
    expect(flash).toBeDefined();
    const page = await app.request('/cart', { headers: { Cookie: `${cartCookie}; ${flash}` } });
    expect(page.status).toBe(200);
    expect(textOf(page)).toContain(UNKNOWN);
    expect(textOf(page)).not.toContain('Your cart is empty');
    expect(page.text).toMatch(/<input[^>]*name="quantity"[^>]*value="2"/);
  });
});
