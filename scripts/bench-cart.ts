/**
 * `npm run bench -- --cart`: the cart and checkout under load (issue 11 §11), on PGlite and on PostgreSQL. Each
 * scenario runs `--shoppers` (50) concurrent shoppers in closed loops for `--duration` (60) seconds over HTTP with
 * their own cookies, posting the store's own forms (scripts/shopper.ts):
 *
 * - **add to cart**: a shopper adds one unit of one of 16 sizes, a new shopper after 8 adds;
 * - **cart page**: a shopper with a 3-line cart loads `/cart`;
 * - **mixed**: browse (a product page), search (`/search?q=`), add, and every fourth shopper checks out (embedded
 *   checkout, order placed), the checkouts going round all 16 sizes.
 *
 * The 16 sizes get 1,000,000 units of standard stock before the run (the server stopped): a sold-out size is rightly
 * refused at checkout, which says nothing about speed. Errors are reported by step and answer.
 *
 * Reported per engine and scenario: requests per second, p50/p99 latency, errors (transport errors and answers
 * other than 2xx/3xx), orders acknowledged and orders lost (acknowledged but not in the database afterwards), and
 * the server's resident memory after the scenario. `--write` records the table in docs/benchmarks.md between the
 * CART-BENCH markers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../server/db/database.server';
import { inventoryRecords, orders } from '../server/db/schema';
import { markdownTable, replaceBetween } from './markdown-table';
import { describeReply, mostStockedSizes, Shopper } from './shopper';

export type CartBenchOptions = {
  root: string;
  products: number;
  duration: number;
  shoppers: number;
  port: number;
  write: boolean;
  /** Only these engines ('pglite', 'postgres') and scenarios (by the start of their name); all by default. */
  engines?: string[];
  scenarios?: string[];
};

type Figures = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  acknowledged: number;
  lost: number;
  rssMb: number;
};

/**
 * What a failed step answered, for the error breakdown: `step: status message`. Order numbers and other long
 * numbers are elided so one kind of failure is one line; a status (three digits) stays.
 */
export function errorKind(step: string, detail: string): string {
  const line = detail
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .replace(/#\d+/g, '#N')
    .replace(/\d{4,}/g, 'N');
  return `${step}: ${line || 'no answer'}`;
}

class Recorder {
  readonly latencies: number[] = [];
  errors = 0;
  /** Errors by step and answer (errorKind), so a run says what failed, not only how often. */
  readonly kinds = new Map<string, number>();
  async time<T>(
    step: string,
    work: () => Promise<T>,
    ok: (value: T) => boolean,
    describe: (value: T) => string,
  ): Promise<T | undefined> {
    const started = performance.now();
    try {
      const value = await work();
      this.latencies.push(performance.now() - started);
      if (!ok(value)) this.fail(step, describe(value));
      return value;
    } catch (error) {
      this.latencies.push(performance.now() - started);
      this.fail(
        step,
        `transport ${error instanceof Error ? (error.cause ?? error).toString() : String(error)}`,
      );
      return undefined;
    }
  }
  private fail(step: string, detail: string): void {
    this.errors += 1;
    const kind = errorKind(step, detail);
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
  }
}

/** Standard stock of the benchmark's 16 sizes, set before the run. */
const BENCH_STOCK = 1_000_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function runScenario(
  origin: string,
  shoppers: number,
  duration: number,
  loop: (recorder: Recorder, acknowledged: number[], index: number, until: number) => Promise<void>,
): Promise<{ recorder: Recorder; acknowledged: number[]; seconds: number }> {
  const recorder = new Recorder();
  const acknowledged: number[] = [];
  const started = performance.now();
  const until = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: shoppers }, (_, index) => loop(recorder, acknowledged, index, until)),
  );
  void origin;
  return { recorder, acknowledged, seconds: (performance.now() - started) / 1000 };
}

export async function runCartBench(options: CartBenchOptions): Promise<void> {
  const { root, products: productCount, duration, shoppers, port } = options;
  const origin = `http://127.0.0.1:${port}`;
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The production build failed');
  const postgresUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/storefront_bench_cart';
  const pgName = new URL(postgresUrl).pathname.slice(1);
  // Fresh databases: orders and stock start from the seed every run.
  spawnSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', pgName], { stdio: 'ignore' });
  spawnSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', pgName], { stdio: 'ignore' });
  const engines: [string, Record<string, string>][] = [
    ['PGlite', { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cart-')), DATABASE_URL: '' }],
    [
      'PostgreSQL',
      { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cart-pg-')), DATABASE_URL: postgresUrl },
    ],
  ];
  const wanted = (name: string, list: string[] | undefined) =>
    !list || list.length === 0 || list.some((item) => name.toLowerCase().startsWith(item.toLowerCase()));
  const load0 = os.loadavg()[0]!;
  const rows: { engine: string; scenario: string; figures: Figures }[] = [];
  for (const [engine, env] of engines) {
    if (!wanted(engine, options.engines)) continue;
    const start = () =>
      spawn(process.execPath, ['build/node/main.js'], {
        cwd: root,
        // BENCH_LOG_LEVEL=warn shows the server's warnings (sheds, slow syncs) beside the figures.
        stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: origin,
          SEED_PRODUCTS: String(productCount),
          TRUST_PROXY: 'loopback',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
          ...env,
        },
      });
    const stop = async (server: ChildProcess) => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    };
    const openDb = () =>
      env.DATABASE_URL
        ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 2 })
        : openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR!, 'db') });

    // First start seeds; the catalogue is read with the server stopped (PGlite admits one process).
    let server = start();
    await waitFor(`${origin}/`, 600_000);
    await stop(server);
    let handle = await openDb();
    const items = await mostStockedSizes(handle.db, { count: 16, minStock: 1 });
    if (items.length === 0) throw new Error('no purchasable sizes');
    // Stock enough for any run: a sold-out size is refused at checkout, rightly, and that would be counted as an
    // error that says nothing about the server's speed (the run of 2026-11-24 placed all 320 units of the four
    // sizes it checked out on PostgreSQL, then 538 checkouts were refused).
    await handle.db
      .update(inventoryRecords)
      .set({ standardQuantity: BENCH_STOCK })
      .where(
        inArray(
          inventoryRecords.variantSku,
          items.map((item) => item.sku),
        ),
      );
    await handle.close();

    let mixedTurns = 0;
    const scenarios: [string, Parameters<typeof runScenario>[3]][] = [
      [
        'add to cart',
        async (recorder, _ack, index, until) => {
          let shopper = new Shopper(origin);
          for (let n = 0; Date.now() < until; n += 1) {
            if (n % 8 === 0) shopper = new Shopper(origin);
            await recorder.time(
              'add',
              () => shopper.addReply(items[(index + n) % items.length]!),
              Shopper.added,
              describeReply,
            );
          }
        },
      ],
      [
        'cart page (`/cart`, 3 lines)',
        async (recorder, _ack, index, until) => {
          const shopper = new Shopper(origin);
          for (let i = 0; i < 3; i += 1) await shopper.add(items[(index + i) % items.length]!);
          while (Date.now() < until) {
            await recorder.time(
              'cart page',
              () => shopper.get('/cart'),
              (reply) => reply.status === 200,
              describeReply,
            );
          }
        },
      ],
      [
        'mixed (browse, search, add, checkout)',
        async (recorder, acknowledged, _index, until) => {
          while (Date.now() < until) {
            // Turns shared by all shoppers: every fourth checks out, and the checkouts go round all 16 sizes.
            const turn = (mixedTurns += 1);
            const shopper = new Shopper(origin);
            const item = items[Math.floor(turn / 4) % items.length]!;
            await recorder.time(
              'browse',
              () => shopper.get(item.path),
              (reply) => reply.status < 400,
              describeReply,
            );
            await recorder.time(
              'search',
              () => shopper.get('/search?q=jacket'),
              (reply) => reply.status < 400,
              describeReply,
            );
            await recorder.time('add', () => shopper.addReply(item), Shopper.added, describeReply);
            if (turn % 4 === 0) {
              const outcome = await recorder.time(
                'checkout',
                () => shopper.checkout(),
                (result) => 'orderId' in result,
                (result) => ('refused' in result ? result.refused : ''),
              );
              if (outcome && 'orderId' in outcome) acknowledged.push(outcome.orderId);
            }
          }
        },
      ],
    ];
    const acknowledgedAll: number[] = [];
    server = start();
    await waitFor(`${origin}/`, 120_000);
    try {
      for (const [scenario, loop] of scenarios) {
        if (!wanted(scenario, options.scenarios)) continue;
        const { recorder, acknowledged, seconds } = await runScenario(origin, shoppers, duration, loop);
        acknowledgedAll.push(...acknowledged);
        const sorted = [...recorder.latencies].sort((a, b) => a - b);
        const figures: Figures = {
          requests: sorted.length,
          rps: sorted.length / seconds,
          p50: Math.round(percentile(sorted, 50)),
          p99: Math.round(percentile(sorted, 99)),
          errors: recorder.errors,
          acknowledged: acknowledged.length,
          lost: 0,
          rssMb: rssMb(server.pid),
        };
        rows.push({ engine, scenario, figures });
        process.stdout.write(
          `${engine} ${scenario}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
            `${figures.errors} errors, ${figures.acknowledged} orders, RSS ${figures.rssMb} MB\n`,
        );
        for (const [kind, count] of [...recorder.kinds].sort((a, b) => b[1] - a[1]))
          process.stdout.write(`  ${count} × ${kind}\n`);
      }
    } finally {
      await stop(server);
    }
    // Orders lost: acknowledged but not in the database.
    handle = await openDb();
    try {
      const found = new Set<number>();
      for (let i = 0; i < acknowledgedAll.length; i += 500) {
        const ids = acknowledgedAll.slice(i, i + 500);
        for (const row of await handle.db
          .select({ id: orders.id })
          .from(orders)
          .where(inArray(orders.id, ids)))
          found.add(row.id);
      }
      const lost = acknowledgedAll.filter((id) => !found.has(id)).length;
      for (const row of rows)
        if (row.engine === engine && row.figures.acknowledged > 0) row.figures.lost = lost;
    } finally {
      await handle.close();
    }
  }
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, ${productCount} products, ` +
      `${shoppers} concurrent shoppers, ${duration} s per scenario, the production server (\`npm start\`); load ` +
      `average before the run ${load0.toFixed(1)}, after ${os.loadavg()[0]!.toFixed(1)}.`,
    '',
    markdownTable(
      [
        'engine',
        'scenario',
        'requests/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'orders acknowledged',
        'orders lost',
        'server RSS after',
      ],
      rows.map(({ engine, scenario, figures: f }) => [
        engine,
        scenario,
        f.rps.toFixed(1),
        f.p50,
        f.p99,
        f.errors,
        f.acknowledged,
        f.lost,
        `${f.rssMb} MB`,
      ]),
    ),
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  if (options.write) {
    const file = path.join(root, 'docs', 'benchmarks.md');
    const text = fs.readFileSync(file, 'utf8');
    const begin = '<!-- CART-BENCH:BEGIN -->';
    const end = '<!-- CART-BENCH:END -->';
    // As Prettier prints it (scripts/markdown-table.ts): the file passes `prettier --check` as written.
    fs.writeFileSync(
      file,
      replaceBetween(text, begin, end, table) ??
        `${text.trimEnd()}\n\n## Cart and checkout (issue 11 §11, \`npm run bench -- --cart\`)\n\n${begin}\n\n${table}\n\n${end}\n`,
    );
  }
}
