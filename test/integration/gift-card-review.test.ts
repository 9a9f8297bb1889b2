/**
 * Decision 114 over the production HTTP app, on both engines: the checkout page's place-order form carries what the
 * page showed as paid by gift cards (`giftCardCents`, a hidden field of the one form that works with and without
 * JavaScript); a card spent elsewhere after the page was shown refuses Place order with the balance message (no
 * order, the card and the stock as they were), and the page then shows and carries the new amount; a hostile
 * reviewed amount is a 400 with the message, never a 5xx; an order without gift cards is placed as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { rateLimitCounters } from '../../server/db/schema';
import { forEachEngine } from '../helpers/database';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/** Written out, not taken from the code under test. */
const BALANCE_CHANGED = 'Your gift card balance changed. Please review your order and try again.';
/** A 20-symbol code of Crockford's base32 (decision 099), shown at checkout by its last four. */
const CODE = 'GC7K3QM4X9ZP2H8N5B6R';
const FORM = 'application/x-www-form-urlencoded';

forEachEngine('the gift-card amount as reviewed at checkout', (engine) => {
  let app: RunningApp;
  /** A stocked variant of a product with no sale price: its list price (at least $49.00 in the seed) is paid. */
  let variant: { variantId: number; productId: number; sku: string };
  let cardId: number;

  const db = () => app.services.db;
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': FORM, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
  const cookieOf = (reply: Reply, name: string) =>
    (reply.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith(`${name}=`))?.split(';', 1)[0];
  const textOf = (reply: Reply) => reply.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  /** The hidden reviewed amount of the page's place-order form. */
  const reviewedOf = (page: Reply) =>
    /<input[^>]*type="hidden"[^>]*name="giftCardCents"[^>]*value="([^"]*)"/.exec(page.text)?.[1];
  const keyOf = (page: Reply) => /name="_key" value="([^"]+)"/.exec(page.text)?.[1];

  const balance = async () =>
    rowsOf<{ balance: number }>(
      await db().execute(sql`select balance_cents as balance from gift_certificates where id = ${cardId}`),
    )[0]!.balance;
  const ordersTo = async (email: string) =>
    rowsOf<{ id: number }>(await db().execute(sql`select id from orders where email = ${email}`));
  const stock = async () =>
    rowsOf<{ standard: number }>(
      await db().execute(
        sql`select standard_quantity as standard from inventory_records where variant_sku = ${variant.sku}`,
      ),
    )[0]!.standard;

  /** A new cart holding one unit of the variant, as its cookie. */
  async function newCart(): Promise<string> {
    const added = await post('/cart/add', {
      productId: String(variant.productId),
      variantId: String(variant.variantId),
      quantity: '1',
      redirectTo: '/cart',
    });
    expect(added.status).toBe(303);
    return cookieOf(added, 'cart')!;
  }

  /** The place-order form's fields; without JavaScript it also names the page to come back to (`noJs`). */
  const orderForm = (email: string, key: string, extra: Record<string, string> = {}) => ({
    _key: key,
    email,
    firstName: 'Casey',
    lastName: 'Shopper',
    address1: '1200 Ridge Road',
    address2: '',
    city: 'Bozeman',
    countryCode: 'US',
    stateOrProvince: 'MT',
    postalCode: '59715',
    payment: 'manual',
    ...extra,
  });
  const noJs = (fields: Record<string, string>) => ({
    ...fields,
    redirectTo: `/checkout?order=${fields._key}`,
  });

  beforeAll(async () => {
    app = await startHttpApp({ engine, products: 12 });
    const [found] = rowsOf<{ variant_id: number; product_id: number; sku: string }>(
      await db().execute(
        sql`select v.id as variant_id, v.product_id, v.sku from variants v join products p on p.id = v.product_id
            join inventory_records i on i.variant_sku = v.sku
            where p.is_visible and not v.purchasing_disabled and i.standard_quantity >= 5
              and p.sale_price_cents is null and v.price_cents is null and v.sale_price_cents is null
            order by v.id limit 1`,
      ),
    );
    expect(found).toBeDefined();
    variant = { variantId: found!.variant_id, productId: found!.product_id, sku: found!.sku };
    const [card] = rowsOf<{ id: number }>(
      await db().execute(
        sql`insert into gift_certificates (code, amount_cents, balance_cents, recipient_name, recipient_email,
              sender_name, sender_email, send_on, sent_at)
            values (${CODE}, 3000, 3000, 'Riley', 'riley@example.com', 'Morgan', 'morgan@example.com',
              '2026-11-01', now())
            returning id`,
      ),
    );
    cardId = card!.id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  // Every request comes from 127.0.0.1: each test starts with no rate-limit window open.
  beforeEach(async () => {
    await db().delete(rateLimitCounters);
  });

  it('a card spent elsewhere after the page showed it: refused, then placed once reviewed again', async () => {
    const cart = await newCart();
    const applied = await post(
      '/checkout/gift-cards',
      { intent: 'apply', code: CODE, redirectTo: '/checkout' },
      cart,
    );
    expect(applied.status).toBe(303);
    const page = await app.request('/checkout', { headers: { Cookie: cart } });
    expect(page.status).toBe(200);
    // The $30.00 card pays $30.00 of a price of at least $49.00; the form says so.
    expect(textOf(page)).toContain('Gift card ending 5B6R (balance $30.00');
    expect(reviewedOf(page)).toBe('3000');
    const key = keyOf(page)!;

    // Meanwhile another order spends $20.00 of the card (the guarded decrement checkout uses).
    await db().execute(
      sql`update gift_certificates set balance_cents = balance_cents - 2000 where id = ${cardId} and balance_cents >= 2000`,
    );
    const stockBefore = await stock();

    // Place order without JavaScript, with what the page showed: back to checkout, which says why.
    const refused = await post(
      '/checkout',
      noJs(orderForm('reviewed@example.com', key, { giftCardCents: '3000' })),
      cart,
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe(`/checkout?order=${key}`);
    expect(await balance()).toBe(1000);
    expect(await ordersTo('reviewed@example.com')).toEqual([]);
    expect(await stock()).toBe(stockBefore);
    const back = await app.request(`/checkout?order=${key}`, {
      headers: { Cookie: `${cart}; ${cookieOf(refused, 'flash')}` },
    });
    expect(back.status).toBe(200);
    expect(textOf(back)).toContain(BALANCE_CHANGED);
    // The page shows the new balance and its form carries it.
    expect(textOf(back)).toContain('Gift card ending 5B6R (balance $10.00');
    expect(reviewedOf(back)).toBe('1000');

    // With JavaScript (the same form as a fetcher's `.data` post) the refusal is a 409 with the message.
    const again = await post(
      '/checkout.data',
      orderForm('reviewed@example.com', keyOf(back)!, { giftCardCents: '3000' }),
      cart,
    );
    expect(again.status).toBe(409);
    expect(again.text).toContain(BALANCE_CHANGED);
    expect(await balance()).toBe(1000);

    // Reviewed again: placed, the card paying its $10.00.
    const placed = await post(
      '/checkout',
      noJs(orderForm('reviewed@example.com', keyOf(back)!, { giftCardCents: '1000' })),
      cart,
    );
    expect(placed.status).toBe(303);
    expect(await ordersTo('reviewed@example.com')).toHaveLength(1);
    expect(await balance()).toBe(0);
    expect(await stock()).toBe(stockBefore - 1);
  });

  it('a hostile reviewed amount is a 400 with the message: no order, nothing spent', async () => {
    await db().execute(sql`update gift_certificates set balance_cents = 3000 where id = ${cardId}`);
    const cart = await newCart();
    await post('/checkout/gift-cards', { intent: 'apply', code: CODE, redirectTo: '/checkout' }, cart);
    const page = await app.request('/checkout', { headers: { Cookie: cart } });
    expect(reviewedOf(page)).toBe('3000');
    for (const hostile of ['-3000', 'abc', '3000.5', '1e4', '9'.repeat(30), ' 3000', 'Infinity']) {
      const reply = await post(
        '/checkout.data',
        orderForm('hostile@example.com', keyOf(page)!, { giftCardCents: hostile }),
        cart,
      );
      expect([hostile, reply.status]).toEqual([hostile, 400]);
      expect(reply.text).toContain(BALANCE_CHANGED);
    }
    // Missing: none reviewed, while the card would pay $30.00: refused as a changed balance.
    const missing = await post('/checkout.data', orderForm('hostile@example.com', keyOf(page)!), cart);
    expect(missing.status).toBe(409);
    expect(missing.text).toContain(BALANCE_CHANGED);
    expect(await ordersTo('hostile@example.com')).toEqual([]);
    expect(await balance()).toBe(3000);
  });

  it('an order without gift cards: the form carries 0 and the order is placed as before', async () => {
    const cart = await newCart();
    const page = await app.request('/checkout', { headers: { Cookie: cart } });
    expect(reviewedOf(page)).toBe('0');
    const placed = await post(
      '/checkout',
      noJs(orderForm('no-card@example.com', keyOf(page)!, { giftCardCents: '0' })),
      cart,
    );
    expect(placed.status).toBe(303);
    expect(await ordersTo('no-card@example.com')).toHaveLength(1);
    // A client that sends no reviewed amount at all (an older page) places a card-less order too.
    const other = await newCart();
    const otherPage = await app.request('/checkout', { headers: { Cookie: other } });
    const plain = await post('/checkout', noJs(orderForm('no-field@example.com', keyOf(otherPage)!)), other);
    expect(plain.status).toBe(303);
    expect(await ordersTo('no-field@example.com')).toHaveLength(1);
  });
});
