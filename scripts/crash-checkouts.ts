/**
 * `npm run crash`: crash safety of the embedded database (issue 11 §10; README "Durability"). On a fresh data
 * directory it starts the production server, runs a stream of checkouts from concurrent shoppers (add one unit,
 * open the embedded checkout, place the order), kills the server with SIGKILL in the middle of the stream, restarts
 * it on the same directory, and does that `--rounds` times. Then it stops the server and opens the database itself:
 * every order whose checkout was acknowledged must exist with its units, and the stock of the sku must equal the
 * initial stock minus the units of all orders in the database (an order committed but not yet acknowledged when the
 * server died may exist; none may be half there). Exit code 1 on any violation.
 *
 *   npm run crash [-- --rounds 3 --shoppers 8 --kill-after-ms 2500 --port 3998]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, desc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/database.server';
import { inventoryRecords, orderLines, orders, products, variants } from '../server/db/schema';
import { Shopper, type Product } from './shopper';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    shoppers: { type: 'string', default: '8' },
    'kill-after-ms': { type: 'string', default: '2500' },
    port: { type: 'string', default: '3998' },
    products: { type: 'string', default: '60' },
  },
});
const rounds = Number(values.rounds);
const shoppers = Number(values.shoppers);
const killAfterMs = Number(values['kill-after-ms']);
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-crash-'));
/** Where the server keeps the embedded database under DATA_DIR (server/config.server.ts). */
const databaseDir = path.join(dataDir, 'db');

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['build/node/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_PRODUCTS: values.products,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'error',
    },
  });
  return child;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** The sku with the most standard stock, and its variant (read with the server stopped). */
async function pickProduct(): Promise<Product & { sku: string; stock: number }> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
  try {
    const [row] = await handle.db
      .select({
        productId: variants.productId,
        variantId: variants.id,
        sku: variants.sku,
        stock: inventoryRecords.standardQuantity,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(inventoryRecords, eq(inventoryRecords.variantSku, variants.sku))
      .where(and(eq(products.isVisible, true), eq(variants.purchasingDisabled, false)))
      .orderBy(desc(inventoryRecords.standardQuantity))
      .limit(1);
    if (!row) throw new Error('no purchasable variant with stock');
    return row;
  } finally {
    await handle.close();
  }
}

type Acknowledged = { orderId: number; units: number };

async function shopperLoop(product: Product, acknowledged: Acknowledged[], stop: { now: boolean }) {
  let failures = 0;
  while (!stop.now) {
    const shopper = new Shopper(origin);
    try {
      if (!(await shopper.add(product))) continue;
      const outcome = await shopper.checkout();
      if ('orderId' in outcome) acknowledged.push({ orderId: outcome.orderId, units: 1 });
      else if (/Out of stock/.test(outcome.refused)) return;
    } catch {
      // The server died under this request: nothing was acknowledged.
      failures += 1;
      if (stop.now || failures > 1000) return;
    }
  }
}

async function main() {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('build failed');

  console.log(`data directory ${dataDir}; seeding ${values.products} products`);
  let server = startServer();
  await waitFor(`${origin}/`, 300_000);
  server.kill('SIGTERM');
  await exited(server);
  const product = await pickProduct();
  console.log(`sku ${product.sku}: initial stock ${product.stock}`);

  const acknowledged: Acknowledged[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    server = startServer();
    await waitFor(`${origin}/`, 120_000);
    const before = acknowledged.length;
    const stop = { now: false };
    const loops = Array.from({ length: shoppers }, () => shopperLoop(product, acknowledged, stop));
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    server.kill('SIGKILL');
    stop.now = true;
    await exited(server);
    await Promise.all(loops);
    console.log(
      `round ${round}: SIGKILL after ${killAfterMs} ms, ${acknowledged.length - before} orders acknowledged`,
    );
  }

  // Restarted once more: it must start and serve on what the last kill left.
  server = startServer();
  await waitFor(`${origin}/`, 120_000);
  const after = new Shopper(origin);
  const serves = (await after.add(product)) && 'orderId' in (await after.checkout());
  server.kill('SIGTERM');
  await exited(server);

  const handle = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
  const problems: string[] = [];
  try {
    const ids = new Set((await handle.db.select({ id: orders.id }).from(orders)).map((row) => row.id));
    const missing = acknowledged.filter((order) => !ids.has(order.orderId));
    if (missing.length > 0)
      problems.push(`acknowledged orders missing: ${missing.map((o) => o.orderId).join(', ')}`);
    const [units] = await handle.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.sku, product.sku));
    const [stock] = await handle.db
      .select({ standard: inventoryRecords.standardQuantity })
      .from(inventoryRecords)
      .where(eq(inventoryRecords.variantSku, product.sku));
    const ordered = Number(units?.units ?? 0);
    const orphanLines = await handle.db.execute(
      sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
    );
    const orphans = Number((orphanLines as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (orphans > 0) problems.push(`${orphans} orders without lines`);
    if (stock!.standard !== product.stock - ordered) {
      problems.push(`stock ${stock!.standard} != initial ${product.stock} - ordered ${ordered}`);
    }
    if (!serves) problems.push('the restarted server did not place an order');
    console.log(
      JSON.stringify({
        rounds,
        shoppers,
        acknowledged: acknowledged.length,
        ordersInDatabase: ids.size,
        unitsOrdered: ordered,
        initialStock: product.stock,
        stockAfter: stock!.standard,
        lost: missing.length,
        restartedServerPlacesOrders: serves,
      }),
    );
  } finally {
    await handle.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (problems.length > 0) {
    console.error(`CRASH CHECK FAILED:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('crash check passed: every acknowledged order survived, stock = initial - ordered');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
