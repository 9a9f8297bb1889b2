/**
 * Back-in-stock notices (issue 25 §5, decision 098) on both engines: when a size's standard stock comes back from
 * 0 — a stock desk adjustment, the stock feed, stock returned by a cancelled order — each confirmed subscriber gets
 * exactly one mail naming the brand with an absolute link to the product page with that colour and size chosen, and
 * the subscription is removed; unconfirmed requests get nothing. Restocks that race, and sweeps that race, still
 * mail once. One transaction queues at most 50 notices of a SKU; the sweep sends the rest. A size sold out again
 * before its notices went out waits for the next restock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { returnStock } from '../../server/inventory/index.server';
import { forEachEngine } from '../helpers/database';
import { startHttpApp, type RunningApp } from '../helpers/http-app';

type Variant = { sku: string; url: string; color: string; size: string };

forEachEngine('back-in-stock notices', (engine) => {
  let app: RunningApp;
  let variants: Variant[];
  let token: string;
  const staff = { id: 1, email: 'desk@example.com' };

  beforeAll(async () => {
    app = await startHttpApp({ engine, products: 12 });
    token = (await app.services.inventory.createFeedToken('warehouse-notices')).token;
    variants = rowsOf<Variant>(
      await app.services.db.execute(
        sql`select v.sku, p.url, c.label as color, s.label as size from variants v
            join products p on p.id = v.product_id
            join product_option_values c on c.id = v.color_value_id
            join product_option_values s on s.id = v.size_value_id
            order by v.sku limit 8`,
      ),
    );
    expect(variants).toHaveLength(8);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.services.db;

  /** The product page with the colour and size chosen (SPEC §2: spaces of the colour become hyphens). */
  const pageOf = (variant: Variant) =>
    `${app.origin}/products/${encodeURIComponent(variant.url)}/${encodeURIComponent(
      variant.color.trim().replace(/\s+/g, '-'),
    )}?size=${encodeURIComponent(variant.size)}`;

  async function soldOutWithSubscribers(variant: Variant, confirmed: string[], unconfirmed: string[] = []) {
    await db().execute(
      sql`update inventory_records set standard_quantity = 0, pro_quantity = 7 where variant_sku = ${variant.sku}`,
    );
    for (const email of confirmed)
      await db().execute(
        sql`insert into back_in_stock_requests (email, variant_sku, confirmed_at) values (${email}, ${variant.sku}, now())`,
      );
    for (const email of unconfirmed)
      await db().execute(
        sql`insert into back_in_stock_requests (email, variant_sku) values (${email}, ${variant.sku})`,
      );
  }

  const noticesTo = async (email: string) =>
    rowsOf<{ subject: string; text: string; html: string }>(
      await db().execute(
        sql`select subject, text, html from mail_outbox where "to" = ${email} and template = 'back-in-stock-notice'`,
      ),
    );

  const requestsFor = async (sku: string) =>
    rowsOf<{ email: string; due: boolean }>(
      await db().execute(
        sql`select email, notice_due_at is not null as due from back_in_stock_requests where variant_sku = ${sku} order by email`,
      ),
    );

  it('two restocks of one size at once (desk and feed) mail each confirmed subscriber once', async () => {
    const variant = variants[0]!;
    const confirmed = [`a-${engine}@example.com`, `b-${engine}@example.com`];
    const waiting = `unconfirmed-${engine}@example.com`;
    await soldOutWithSubscribers(variant, confirmed, [waiting]);

    const [desk, feed] = await Promise.all([
      app.services.inventory.adjustStock({
        sku: variant.sku,
        stock: 'standard',
        mode: 'delta',
        amount: 2,
        reason: 'found in the back room',
        staff,
      }),
      app.request('/api/stock/feed', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          batchId: `restock-${engine}`,
          items: [{ sku: variant.sku, standard: 3, pro: 7 }],
        }),
      }),
    ]);
    expect(desk.ok).toBe(true);
    expect(feed.status).toBe(200);
    const queued =
      (desk.ok ? desk.notices : 0) + (JSON.parse(feed.text) as { noticesQueued: number }).noticesQueued;
    expect(queued).toBe(2);

    for (const email of confirmed) {
      const mails = await noticesTo(email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toContain('Cairn Outdoor');
      expect(mail!.subject).toContain(`size ${variant.size}`);
      expect(mail!.text).toContain(`Order it here: ${pageOf(variant)}`);
      expect(mail!.html).toContain(`href="${pageOf(variant).replace(/&/g, '&amp;')}"`);
    }
    expect(await noticesTo(waiting)).toHaveLength(0);
    // The confirmed requests are used up; the unconfirmed one still waits for its confirmation.
    expect(await requestsFor(variant.sku)).toEqual([{ email: waiting, due: false }]);
  });

  it('stock returned by a cancelled order marks the notices due; racing sweeps mail each once', async () => {
    const variant = variants[1]!;
    const confirmed = [`c-${engine}@example.com`, `d-${engine}@example.com`, `e-${engine}@example.com`];
    await soldOutWithSubscribers(variant, confirmed);

    await db().transaction((tx) => returnStock(tx, [{ sku: variant.sku, warehouse: '02', quantity: 1 }]));
    expect((await requestsFor(variant.sku)).every((request) => request.due)).toBe(true);
    await Promise.all([
      app.services.inventory.sweepNotices(),
      app.services.inventory.sweepNotices(),
      app.services.inventory.sweepNotices(),
    ]);
    // The app's own sweep may hold some of them a moment longer (it runs every 2 s after a restock).
    await expect.poll(async () => (await requestsFor(variant.sku)).length, { timeout: 10_000 }).toBe(0);
    for (const email of confirmed) expect(await noticesTo(email)).toHaveLength(1);
  });

  it('pro stock coming back sends nothing: the notice is for the standard stock shoppers buy', async () => {
    const variant = variants[2]!;
    const email = `pro-${engine}@example.com`;
    await soldOutWithSubscribers(variant, [email]);
    await db().execute(sql`update inventory_records set pro_quantity = 0 where variant_sku = ${variant.sku}`);
    await db().transaction((tx) => returnStock(tx, [{ sku: variant.sku, warehouse: '03', quantity: 4 }]));
    await app.services.inventory.sweepNotices();
    expect(await noticesTo(email)).toHaveLength(0);
    expect(await requestsFor(variant.sku)).toEqual([{ email, due: false }]);
  });

  it('queues at most 50 notices of a SKU in one transaction; the sweep sends the rest', async () => {
    const variant = variants[3]!;
    const many = Array.from({ length: 60 }, (_, index) => `many-${index}-${engine}@example.com`);
    await soldOutWithSubscribers(variant, many);
    const outcome = await app.services.inventory.adjustStock({
      sku: variant.sku,
      stock: 'standard',
      mode: 'set',
      amount: 4,
      reason: 'return to stock',
      staff,
    });
    expect(outcome.ok && outcome.notices).toBe(50);
    expect(await requestsFor(variant.sku)).toHaveLength(10);
    await app.services.inventory.sweepNotices();
    await expect.poll(async () => (await requestsFor(variant.sku)).length, { timeout: 10_000 }).toBe(0);
    for (const email of many) expect(await noticesTo(email)).toHaveLength(1);
  });

  it('a size sold out again before its notices went out waits for the next restock', async () => {
    const variant = variants[4]!;
    const email = `later-${engine}@example.com`;
    await soldOutWithSubscribers(variant, [email]);
    await db().transaction(async (tx) => {
      await returnStock(tx, [{ sku: variant.sku, warehouse: '02', quantity: 1 }]);
      await tx.execute(
        sql`update inventory_records set standard_quantity = 0 where variant_sku = ${variant.sku}`,
      );
    });
    await app.services.inventory.sweepNotices();
    expect(await noticesTo(email)).toHaveLength(0);
    expect(await requestsFor(variant.sku)).toEqual([{ email, due: false }]);

    const outcome = await app.services.inventory.adjustStock({
      sku: variant.sku,
      stock: 'standard',
      mode: 'delta',
      amount: 1,
      reason: 'restock',
      staff,
    });
    expect(outcome.ok && outcome.notices).toBe(1);
    expect(await noticesTo(email)).toHaveLength(1);
  });

  it('records every desk adjustment with who, before, after and why; refuses going below 0', async () => {
    const variant = variants[5]!;
    await db().execute(
      sql`update inventory_records set standard_quantity = 5, pro_quantity = 2 where variant_sku = ${variant.sku}`,
    );
    const down = await app.services.inventory.adjustStock({
      sku: variant.sku.toLowerCase(),
      stock: 'pro',
      mode: 'delta',
      amount: -2,
      reason: 'damaged in transit',
      staff,
    });
    expect(down.ok).toBe(true);
    const refused = await app.services.inventory.adjustStock({
      sku: variant.sku,
      stock: 'standard',
      mode: 'delta',
      amount: -6,
      reason: 'count',
      staff,
    });
    expect(refused).toEqual({ ok: false, message: 'The stock cannot go below 0 (it is 5).' });
    const unknown = await app.services.inventory.adjustStock({
      sku: 'NOPE-NOPE-XX',
      stock: 'standard',
      mode: 'set',
      amount: 1,
      reason: 'count',
      staff,
    });
    expect(unknown).toEqual({ ok: false, message: 'No variant has the SKU NOPE-NOPE-XX.' });
    const [latest] = await app.services.inventory.listAdjustments({ sku: variant.sku });
    expect(latest).toMatchObject({
      sku: variant.sku,
      staffEmail: 'desk@example.com',
      standardBefore: 5,
      standardAfter: 5,
      proBefore: 2,
      proAfter: 0,
      reason: 'damaged in transit',
    });
  });
});
