/**
 * Guest orders follow the customer (issue 26 §3), on both engines: when a link proves the account's mailbox (the
 * provider calls `enable`, which the composition root routes through the account-verified workflow), the orders
 * placed as a guest with that address, in any case, join the account; orders of other addresses and orders that
 * belong to an account already stay where they are; an account never verified claims nothing.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { claimGuestOrders } from '../../server/checkout/index.server';
import { createCustomersService } from '../../server/customers/index.server';
import { rowsOf } from '../../server/db/rows';
import { createLogger } from '../../server/logger';
import { createAccountVerified } from '../../server/workflows/account-verified.server';
import { describeEachEngine } from '../helpers/database';

describeEachEngine('guest orders join the account whose address is proven', ({ database }) => {
  it('moves exactly the guest orders of the proven address, once, and only after the proof', async () => {
    const { db } = database();
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', sink: (line) => lines.push(line) });
    const customers = createCustomersService({ db, logger });
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`insert into customers (email, first_name, last_name, is_enabled) values
        ('Hunter@Example.com', 'Hunt', 'Er', false), ('other@example.com', 'Oth', 'Er', true) returning id`),
    ).map((row) => Number(row.id));
    const [hunter, other] = ids as [number, number];
    const order = (email: string, customerId: number | null) =>
      db.execute(sql`insert into orders (customer_id, status, email, subtotal_cents, total_cents)
        values (${customerId}, 'awaiting_payment', ${email}, 1000, 1000) returning id`);
    const guestOne = Number(rowsOf<{ id: number }>(await order('hunter@example.com', null))[0]!.id);
    const guestTwo = Number(rowsOf<{ id: number }>(await order('HUNTER@example.COM', null))[0]!.id);
    const strangers = Number(rowsOf<{ id: number }>(await order('someone@example.com', null))[0]!.id);
    const othersOwn = Number(rowsOf<{ id: number }>(await order('hunter@example.com', other))[0]!.id);
    const ownerOf = async () =>
      Object.fromEntries(
        rowsOf<{ id: number; customer_id: number | null }>(
          await db.execute(sql`select id, customer_id from orders order by id`),
        ).map((row) => [Number(row.id), row.customer_id === null ? null : Number(row.customer_id)]),
      );
    const before = await ownerOf();
    expect([before[guestOne], before[guestTwo], before[strangers], before[othersOwn]]).toEqual([
      null,
      null,
      null,
      other,
    ]);

    const verified = createAccountVerified({
      customers,
      claimGuestOrders: (customerId, email) => claimGuestOrders(db, customerId, email),
      logger,
    });
    expect(await verified.enable(hunter)).toBe(true);
    const after = await ownerOf();
    expect([after[guestOne], after[guestTwo], after[strangers], after[othersOwn]]).toEqual([
      hunter,
      hunter,
      null,
      other,
    ]);
    // The account's history shows them (the checkout's own read).
    expect(await claimGuestOrders(db, hunter, 'hunter@example.com')).toBe(0);
    // A second proof (a reset of the now active account) is no error and moves nothing more.
    expect(await verified.enable(hunter)).toBe(false);
    expect(await ownerOf()).toEqual(after);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line.msg === 'guest orders joined the account')).toEqual([
      expect.objectContaining({ customerId: hunter, orders: 2 }),
    ]);
    expect(lines.join('\n')).not.toContain('hunter@example.com');
  });
});
