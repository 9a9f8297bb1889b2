/**
 * The account the customer controls (issue 26 §4; decisions 101 and 102), on both engines: deleting an account
 * removes its personal data in every context, keeps its orders (and the guest orders of its address) anonymised
 * for accounting, ends every session, frees the address to register again, and is safe when sent twice at once;
 * the do-not-sell choice is saved on the customer and reaches the `dns_flag` metafield of their carts.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { createCustomersService, type CustomersService } from '../../server/customers/index.server';
import type { Database } from '../../server/db/database.server';
import { rowsOf } from '../../server/db/rows';
import { createDatabaseSessionStore, hashPassword } from '../../server/identity/index.server';
import { createLogger } from '../../server/logger';
import { createDeleteAccount } from '../../server/workflows/delete-account.server';
import { createDoNotSell } from '../../server/workflows/do-not-sell.server';
import {
  actors,
  cartServiceOver,
  CUSTOMERS,
  insertCartFixtures,
  V,
  type TestCart,
} from '../helpers/cart-fixtures';
import { describeEachEngine } from '../helpers/database';

const PASSWORD = 'Trail-Mix-2026';
const NOW = '2026-11-28T12:00:00.000Z';

describeEachEngine('account deletion and do-not-sell', ({ database }) => {
  let db: Database;
  let customers: CustomersService;
  let cart: TestCart;
  const logLines: string[] = [];
  const logger = createLogger({ level: 'info', sink: (line) => logLines.push(line) });
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    db = database().db;
    await insertCartFixtures(db);
    // The fixtures' customers have fixed ids: new accounts take the ids after them.
    await db.execute(
      sql`select setval(pg_get_serial_sequence('customers', 'id'), (select max(id) from customers))`,
    );
    customers = createCustomersService({ db, logger });
    cart = cartServiceOver(db, NOW);
  });

  const sessionStore = () => createDatabaseSessionStore({ db, clock });
  const deleteAccount = () =>
    createDeleteAccount({
      db,
      clock,
      logger,
      customers,
      endSessions: (customerId) => sessionStore().endAll(customerId),
      cart,
    });
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    rowsOf<T>(await db.execute(query));
  const idOf = async (query: ReturnType<typeof sql>) => Number((await rows<{ id: number }>(query))[0]!.id);

  /** An enabled account with something in every context that keeps personal data. */
  async function seedAccount(email: string) {
    const created = await customers.create({
      email,
      firstName: 'Robin',
      lastName: 'Ridge',
      phone: '4065550100',
      emailSubscribed: true,
      smsSubscribed: true,
      passwordHash: await hashPassword(PASSWORD),
      groupName: null,
      proUser: false,
    });
    if (!created.ok) throw new Error('seed failed');
    const id = created.id;
    await customers.enable(id);
    await customers.saveAddress(id, null, {
      firstName: 'Robin',
      lastName: 'Ridge',
      address1: '12 Summit Road',
      address2: '',
      city: 'Bozeman',
      stateOrProvince: 'MT',
      postalCode: '59715',
      countryCode: 'US',
      phone: '4065550100',
      makeDefault: true,
    });
    await customers.applyToProProgram(id, { organization: 'Ridge Guides', occupation: 'Guide', details: '' });
    await customers.subscribe({
      email: email.toUpperCase(),
      acceptsMarketingNewsletter: true,
      acceptsAbandonedCartEmails: false,
    });
    await createDoNotSell({ db })(id, true);
    await db.execute(
      sql`insert into back_in_stock_requests (email, variant_sku) values (${email}, '10-SUB-M')`,
    );
    const store = sessionStore();
    await store.create({
      customerId: id,
      ttlMs: 3_600_000,
      device: 'Firefox on Linux',
      providerSid: `sid-${id}-a`,
    });
    await store.create({
      customerId: id,
      ttlMs: 3_600_000,
      device: 'Safari on iOS',
      providerSid: `sid-${id}-b`,
    });
    await db.execute(sql`insert into idp_sessions (sid, customer_id, client_id, expires_at)
      values (${`sid-${id}-a`}, ${id}, 'storefront', ${'2026-12-31T00:00:00Z'})`);
    await db.execute(sql`insert into idp_one_time_tokens (token_hash, purpose, customer_id, expires_at)
      values (${`hash-${id}`}, 'reset', ${id}, ${'2026-12-31T00:00:00Z'})`);
    const address = sql`${JSON.stringify({
      firstName: 'Robin',
      lastName: 'Ridge',
      address1: '12 Summit Road',
      address2: 'Cabin 3',
      city: 'Bozeman',
      countryCode: 'US',
      stateOrProvince: 'MT',
      postalCode: '59715',
      phone: '4065550100',
    })}::jsonb`;
    const ownOrder = await idOf(sql`insert into orders
      (customer_id, status, email, subtotal_cents, tax_cents, total_cents, billing_address)
      values (${id}, 'awaiting_payment', ${email}, 12000, 900, 12900, ${address}) returning id`);
    const guestOrder = await idOf(sql`insert into orders
      (customer_id, status, email, subtotal_cents, total_cents, billing_address)
      values (null, 'completed', ${email.toUpperCase()}, 5000, 5000, ${address}) returning id`);
    await db.execute(sql`insert into order_lines
      (order_id, product_id, variant_id, sku, name, quantity, unit_price_cents)
      values (${ownOrder}, 10, 100, '10-SUB-M', 'Subalpine Jacket', 2, 6000)`);
    const cartId = (
      await rows<{ id: string }>(sql`insert into carts (customer_id, email)
      values (${id}, ${email}) returning id`)
    )[0]!.id;
    const draft = await idOf(sql`insert into repairs (customer_id, status, product, customer_info)
      values (${id}, 'draft', '{"name":"Jacket"}'::jsonb, ${JSON.stringify({ first_name: 'Robin', email })}::jsonb)
      returning id`);
    const submitted = await idOf(sql`insert into repairs (customer_id, status, product, customer_info)
      values (${id}, 'submitted', '{"name":"Jacket"}'::jsonb,
        ${JSON.stringify({ first_name: 'Robin', last_name: 'Ridge', email, phone: '(406)-555-0100' })}::jsonb)
      returning id`);
    await db.execute(
      sql`insert into analytics_events (email, customer_id, event) values (${email}, ${id}, 'login')`,
    );
    return { id, ownOrder, guestOrder, cartId, draft, submitted };
  }

  it('removes the personal data, keeps the orders anonymised, ends every session, frees the address', async () => {
    const email = 'robin.ridge@example.com';
    const seeded = await seedAccount(email);
    const stranger =
      await idOf(sql`insert into orders (customer_id, status, email, subtotal_cents, total_cents)
      values (null, 'awaiting_payment', 'someone.else@example.com', 700, 700) returning id`);
    await db.execute(
      sql`insert into back_in_stock_requests (email, variant_sku) values ('someone.else@example.com', '10-SUB-M')`,
    );

    // A wrong password changes nothing.
    expect(await deleteAccount()({ customerId: seeded.id, password: 'Wrong-pass-1', cartId: null })).toEqual({
      ok: false,
      reason: 'wrong-password',
    });
    expect((await customers.credentials(email))?.id).toBe(seeded.id);
    expect(await sessionStore().list(seeded.id)).toHaveLength(2);

    expect(
      await deleteAccount()({ customerId: seeded.id, password: PASSWORD, cartId: seeded.cartId }),
    ).toEqual({
      ok: true,
      deleted: true,
    });

    // customers: nothing finds the old account; the row left has nothing personal in it.
    expect(await customers.credentials(email)).toBeNull();
    const tombstone = await customers.profile(seeded.id);
    expect(tombstone).toMatchObject({
      email: `deleted-${seeded.id}@deleted.invalid`,
      firstName: '',
      lastName: '',
      phone: '',
      emailSubscribed: false,
      smsSubscribed: false,
      group: null,
      flags: { dnsFlag: false, proUser: false, proProgramApplicationStatus: null },
    });
    expect(await customers.credentialsById(seeded.id)).toMatchObject({
      passwordHash: null,
      isEnabled: false,
    });
    expect(await customers.addresses(seeded.id)).toEqual([]);
    expect(await rows(sql`select id from pro_program_applications where customer_id = ${seeded.id}`)).toEqual(
      [],
    );
    expect(await rows(sql`select id from newsletter_subscriptions where lower(email) = ${email}`)).toEqual(
      [],
    );
    // identity: no session of theirs is left anywhere, the provider's is revoked, the mailed token is gone.
    expect(await sessionStore().list(seeded.id)).toEqual([]);
    expect(await rows(sql`select id from sessions where customer_id = ${seeded.id}`)).toEqual([]);
    expect(
      await rows(sql`select sid from idp_sessions where customer_id = ${seeded.id} and revoked_at is null`),
    ).toEqual([]);
    expect(
      await rows(sql`select token_hash from idp_one_time_tokens where customer_id = ${seeded.id}`),
    ).toEqual([]);
    // checkout: both orders stay with their amounts and lines, without the person.
    const orders = await rows<{
      id: number;
      customer_id: number | null;
      email: string;
      total_cents: number;
      tax_cents: number;
      billing_address: Record<string, string>;
    }>(sql`select id, customer_id, email, total_cents, tax_cents, billing_address from orders
      where id in (${seeded.ownOrder}, ${seeded.guestOrder}, ${stranger}) order by id`);
    const emptied = {
      firstName: '',
      lastName: '',
      address1: '',
      address2: '',
      city: '',
      countryCode: 'US',
      stateOrProvince: 'MT',
      postalCode: '',
      phone: '',
    };
    expect(
      orders.map((order) => ({ ...order, id: Number(order.id), total_cents: Number(order.total_cents) })),
    ).toEqual([
      {
        id: seeded.ownOrder,
        customer_id: null,
        email: `deleted-order-${seeded.ownOrder}@deleted.invalid`,
        total_cents: 12900,
        tax_cents: 900,
        billing_address: emptied,
      },
      {
        id: seeded.guestOrder,
        customer_id: null,
        email: `deleted-order-${seeded.guestOrder}@deleted.invalid`,
        total_cents: 5000,
        tax_cents: 0,
        billing_address: emptied,
      },
      {
        id: stranger,
        customer_id: null,
        email: 'someone.else@example.com',
        total_cents: 700,
        tax_cents: 0,
        billing_address: null,
      },
    ]);
    expect(
      await rows(sql`select sku, quantity from order_lines where order_id = ${seeded.ownOrder}`),
    ).toEqual([{ sku: '10-SUB-M', quantity: 2 }]);
    // cart, inventory, repairs, analytics.
    expect(await rows(sql`select id from carts where customer_id = ${seeded.id}`)).toEqual([]);
    expect(await rows(sql`select key from cart_metafields where cart_id = ${seeded.cartId}`)).toEqual([]);
    expect(
      await rows(
        sql`select email from back_in_stock_requests where email like '%example.com' order by email`,
      ),
    ).toEqual([{ email: 'someone.else@example.com' }]);
    expect(
      await rows(sql`select id, customer_info from repairs where customer_id = ${seeded.id} order by id`),
    ).toEqual([{ id: seeded.submitted, customer_info: {} }]);
    expect(
      await rows(sql`select id from analytics_events where customer_id = ${seeded.id} or email = ${email}`),
    ).toEqual([]);
    // Nothing personal was logged.
    expect(logLines.join('\n')).not.toContain('robin');

    // The address registers again as a new account; the old orders stay anonymous (no guest-order claim).
    const again = await customers.create({
      email,
      firstName: 'Robin',
      lastName: 'Ridge',
      phone: '',
      emailSubscribed: false,
      smsSubscribed: false,
      passwordHash: await hashPassword('Another-pass-9'),
      groupName: null,
      proUser: false,
    });
    expect(again).toMatchObject({ ok: true });
    expect(again.ok && again.id).not.toBe(seeded.id);
    expect(await rows(sql`select id from orders where lower(email) = ${email}`)).toEqual([]);
  });

  it('is safe when sent twice at once: one deletes, the other finds nothing left, both answer ok', async () => {
    const email = 'twice.over@example.com';
    const seeded = await seedAccount(email);
    const run = deleteAccount();
    const outcomes = await Promise.all([
      run({ customerId: seeded.id, password: PASSWORD, cartId: null }),
      run({ customerId: seeded.id, password: PASSWORD, cartId: null }),
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true]);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.deleted)).toHaveLength(1);
    expect(await rows(sql`select email from orders where id = ${seeded.ownOrder}`)).toEqual([
      { email: `deleted-order-${seeded.ownOrder}@deleted.invalid` },
    ]);
    expect((await customers.profile(seeded.id))?.email).toBe(`deleted-${seeded.id}@deleted.invalid`);
    expect(await sessionStore().list(seeded.id)).toEqual([]);
    // A later request (the password is gone with the account) deletes nothing more.
    expect(await run({ customerId: seeded.id, password: PASSWORD, cartId: null })).toEqual({
      ok: false,
      reason: 'wrong-password',
    });
  });

  it('saves do-not-sell on the customer and carries it into the dns_flag metafield of their carts', async () => {
    const setDoNotSell = createDoNotSell({ db });
    const consumer = actors.consumer();
    const added = await cart.add(consumer, { lineItems: [{ variantId: V.jacketM, quantity: 1 }] });
    if (!added.ok) throw new Error('add failed');
    const dnsOf = async () =>
      (await cart.metafields(added.cartId)).find((field) => field.key === 'dns_flag')?.value;
    expect(await dnsOf()).toBe('false');
    const before = (await customers.profile(CUSTOMERS.consumer))!.viewerVersion;

    expect(await setDoNotSell(CUSTOMERS.consumer, true)).toBe(true);
    expect(await dnsOf()).toBe('true');
    const profile = (await customers.profile(CUSTOMERS.consumer))!;
    expect(profile.flags.dnsFlag).toBe(true);
    // Signed-in sessions carry the new flag from their next request (decision 055).
    expect(profile.viewerVersion).toBe(before + 1);
    // A later change of the cart by a session carrying the flag writes the same value (SPEC §3 cart metafields).
    const withFlag = {
      ...consumer,
      cartId: added.cartId,
      customer: { ...consumer.customer!, flags: { ...consumer.customer!.flags, dnsFlag: true } },
    };
    await cart.add(withFlag, { lineItems: [{ variantId: V.jacketM, quantity: 1 }] });
    expect(await dnsOf()).toBe('true');

    expect(await setDoNotSell(CUSTOMERS.consumer, false)).toBe(true);
    expect(await dnsOf()).toBe('false');
    expect((await customers.profile(CUSTOMERS.consumer))!.flags.dnsFlag).toBe(false);
    // No such customer: nothing saved.
    expect(await setDoNotSell(987_654, true)).toBe(false);
  });
});
