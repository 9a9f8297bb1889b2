/**
 * The stock feed (issue 25 §4, decision 097) over the production HTTP app on both engines: a batch of absolute
 * quantities is applied once, unknown SKUs reported; a replay answers the same summary and changes nothing; the same
 * batch sent twice at once is applied once; a batch id reused for other content is refused; a missing, wrong,
 * malformed or revoked token is a 401, and so is a request that carries cookies only; a token is limited to 60
 * batches a minute.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { forEachEngine } from '../helpers/database';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

forEachEngine('stock feed', (engine) => {
  let app: RunningApp;
  let token: string;
  let skus: string[];

  beforeAll(async () => {
    app = await startHttpApp({ engine, products: 12 });
    token = (await app.services.inventory.createFeedToken('warehouse-test')).token;
    const rows = rowsOf<{ sku: string }>(
      await app.services.db.execute(sql`select sku from variants order by sku limit 4`),
    );
    skus = rows.map((row) => row.sku);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const post = (body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${token}` }) =>
    app.request('/api/stock/feed', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const stockOf = async (sku: string) =>
    rowsOf<{ standard: number; pro: number }>(
      await app.services.db.execute(
        sql`select standard_quantity as standard, pro_quantity as pro from inventory_records where variant_sku = ${sku}`,
      ),
    )[0];

  const json = (reply: Reply) => JSON.parse(reply.text) as Record<string, unknown>;

  it('applies a batch once, reports unknown SKUs, and a replay changes nothing and answers the same', async () => {
    const [a, b] = skus as [string, string];
    const batch = {
      batchId: `batch-${engine}-1`,
      items: [
        { sku: a, standard: 987, pro: 65 },
        { sku: b.toLowerCase(), standard: 0, pro: 4321 },
        { sku: 'NOPE-NOPE-XX', standard: 5, pro: 5 },
      ],
    };
    const first = await post(batch);
    expect(first.status, first.text).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const summary = {
      batchId: `batch-${engine}-1`,
      received: 3,
      updated: 2,
      unchanged: 0,
      unknownSkus: ['NOPE-NOPE-XX'],
      noticesQueued: 0,
    };
    expect(json(first)).toEqual(summary);
    expect(await stockOf(a)).toEqual({ standard: 987, pro: 65 });
    expect(await stockOf(b)).toEqual({ standard: 0, pro: 4321 });

    // Stock moves on (an order); the replayed batch must not put it back.
    await app.services.db.execute(
      sql`update inventory_records set standard_quantity = 980 where variant_sku = ${a}`,
    );
    const replay = await post(batch);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(json(replay)).toEqual(summary);
    expect(await stockOf(a)).toEqual({ standard: 980, pro: 65 });

    // The same id with other content is refused, and changes nothing either.
    const other = await post({ ...batch, items: [{ sku: a, standard: 1, pro: 1 }] });
    expect(other.status).toBe(409);
    expect(await stockOf(a)).toEqual({ standard: 980, pro: 65 });
  });

  it('a batch sent twice at once is applied once', async () => {
    const [, , c, d] = skus as [string, string, string, string];
    const batch = {
      batchId: `batch-${engine}-race`,
      items: [
        { sku: c, standard: 11, pro: 12 },
        { sku: d, standard: 13, pro: 14 },
      ],
    };
    const replies = await Promise.all([post(batch), post(batch), post(batch)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(replies.filter((reply) => reply.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const reply of replies)
      expect(json(reply)).toEqual({
        batchId: `batch-${engine}-race`,
        received: 2,
        updated: 2,
        unchanged: 0,
        unknownSkus: [],
        noticesQueued: 0,
      });
    const batches = rowsOf<{ n: number }>(
      await app.services.db.execute(
        sql`select count(*)::int as n from stock_feed_batches where batch_id = ${`batch-${engine}-race`}`,
      ),
    );
    expect(batches[0]!.n).toBe(1);
    expect(await stockOf(c)).toEqual({ standard: 11, pro: 12 });
  });

  it('refuses a missing, wrong, malformed or revoked token, and cookies without a token', async () => {
    const batch = { batchId: `batch-${engine}-refused`, items: [{ sku: skus[0]!, standard: 1, pro: 1 }] };
    const secret = token.split('_')[2]!;
    const wrong = `sft_${token.split('_')[1]}_${secret.startsWith('A') ? 'B' : 'A'}${secret.slice(1)}`;
    const revoked = await app.services.inventory.createFeedToken('warehouse-gone');
    expect(await app.services.inventory.revokeFeedToken(revoked.id)).toBe(true);
    const refusedHeaders: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${wrong}` },
      { Authorization: `Basic ${Buffer.from('staff@example.com:x').toString('base64')}` },
      { Authorization: 'Bearer not-a-token' },
      { Authorization: `Bearer ${revoked.token}` },
      // A browser's cookies alone (a session, a cart) never authenticate the feed.
      { Cookie: '__session=abc; customer_token=def; cart=ghi' },
    ];
    for (const headers of refusedHeaders) {
      const reply = await post(batch, headers);
      expect(reply.status, JSON.stringify(headers)).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer realm="stock feed"');
    }
    expect(await stockOf(skus[0]!)).not.toEqual({ standard: 1, pro: 1 });
  });

  it('refuses bad batches with a 400 naming the problem', async () => {
    const duplicate = await post({
      batchId: `batch-${engine}-dup`,
      items: [
        { sku: skus[0]!, standard: 1, pro: 1 },
        { sku: skus[0]!.toLowerCase(), standard: 2, pro: 2 },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(json(duplicate).details).toEqual(['items[1].sku appears twice in the batch']);
    const negative = await post({ batchId: 'x', items: [{ sku: skus[0]!, standard: -1, pro: 1 }] });
    expect(negative.status).toBe(400);
    expect(json(negative).details).toEqual(['items[0].standard must be 0 or more']);
    expect((await post('{not json')).status).toBe(400);
    const tooMany = await post({
      batchId: 'too-many',
      items: Array.from({ length: 5001 }, (_, index) => ({ sku: `SKU${index}`, standard: 1, pro: 1 })),
    });
    expect(tooMany.status).toBe(400);
    expect(json(tooMany).details).toEqual(['items must hold at most 5000 items']);
  });

  it('limits a token to 60 batches a minute', async () => {
    const { token: own } = await app.services.inventory.createFeedToken('warehouse-busy');
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1)
      statuses.push((await post({ batchId: 'x', items: [] }, { Authorization: `Bearer ${own}` })).status);
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
