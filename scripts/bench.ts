/**
 * `npm run bench`: load-test the production server (`npm start`'s compiled build) over a seeded catalogue and
 * compare each page kind with the same bytes served as static files by the same server, in one run (absolute
 * figures on a shared 2-core machine are noise; the ratio is the signal). Issue 7 §7:
 *
 * - **personal** (first): a shopper with a cart and without JavaScript's help (a signed `cart` cookie of a real
 *   cart, no `js` cookie): `private, no-store`, the cart count in it; since decision 107 the shared copy from the
 *   page cache with their header spliced in, not a render;
 * - **shared**: the same shopper once their browser runs scripts (`js=1`): the shared copy of the retail price
 *   list, from the in-process page cache (MICRO_CACHE_TTL_MS, 10 s by default) as in production;
 * - **static**: the personal pages' bytes written to files and served by `express.static` (`/__static/`) in the
 *   store's own process;
 * - **plain static**: the same files from a plain static server in a process of its own
 *   (scripts/bench-static-server.mjs, on `--port` + 1): the baseline a shopper would compare with (issue 28).
 *
 * Each page kind rotates over at least 16 URLs (home: `/` with 16 campaign query strings, as links from mailings
 * arrive; 16 categories; 16 products), every connection cycling through them.
 *
 *   npm run bench [-- --products 10000 --duration 10 --connections 10 --write]   (all options: -- --help)
 *
 * The seeded data directory is kept under ./data/bench-<products> so later runs skip seeding.
 * `--write` records the table in docs/benchmarks.md between the BENCH markers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signValue } from '../server/web/cookies.server';
import { deriveKey } from '../server/web/keys';
import { benchArgsOrExit } from './bench-args';
import { runCartBench } from './bench-cart';
import { runListingBench } from './bench-listing';
import { markdownTable, writeMarkedBlock } from './markdown-table';
import { runSearchBench } from './bench-search';
import { runTopologyBench } from './bench-topology';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const values = benchArgsOrExit(process.argv.slice(2));
const products = Number(values.products);
const duration = Number(values.duration);
const connections = Number(values.connections);
const port = Number(values.port);
const urlsPerKind = Math.max(16, Number(values.urls));
const origin = `http://127.0.0.1:${port}`;
/** Known to the bench so it can sign the cart cookie as the store does. */
const sessionSecret = crypto.randomBytes(32).toString('base64url');
const cookieKeys = [deriveKey(sessionSecret, 'cookies')] as const;

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const unique = <T>(items: T[]) => [...new Set(items)];

/** URLs of each page kind, discovered from the running store's own pages. */
async function discoverPages(): Promise<{ kind: string; paths: string[] }[]> {
  const home = await (await fetch(origin + '/')).text();
  const categories = unique(
    [...home.matchAll(/href="(\/(?:mens|womens|youth|gear)\/[a-z0-9-]+\/)"/g)].map((match) => match[1]!),
  ).slice(0, urlsPerKind);
  if (categories.length < urlsPerKind)
    throw new Error(`Only ${categories.length} category links on the home page`);
  const productPaths: string[] = [];
  for (const category of categories) {
    const html = await (await fetch(origin + category)).text();
    productPaths.push(...[...html.matchAll(/href="(\/products\/[^"?]+)"/g)].map((match) => match[1]!));
    if (unique(productPaths).length >= urlsPerKind) break;
  }
  const productList = unique(productPaths).slice(0, urlsPerKind);
  if (productList.length < urlsPerKind) throw new Error(`Only ${productList.length} product links found`);
  return [
    { kind: 'home', paths: Array.from({ length: urlsPerKind }, (_, i) => `/?utm_campaign=bench-${i + 1}`) },
    { kind: 'category', paths: categories },
    { kind: 'product', paths: productList },
  ];
}

type Figures = { rps: number; p50: number; p99: number; kib: number; errors: number; non2xx: number };

async function load(
  paths: string[],
  headers: Record<string, string>,
  target: string = origin,
): Promise<Figures> {
  const result = await autocannon({
    url: target,
    connections,
    duration,
    // A generous timeout: a render on a loaded machine can queue; slow is a figure, not a failure.
    timeout: 60,
    requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath, headers })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kib: result.throughput.average / Math.max(result.requests.average, 1) / 1024,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

type Row = {
  kind: string;
  example: string;
  static: Figures;
  plainStatic: Figures;
  personal: Figures;
  shared: Figures;
};

function table(rows: Row[]): string {
  const ratio = (figures: Figures, baseline: Figures) => `**${(figures.rps / baseline.rps).toFixed(2)}×**`;
  const cells = (figures: Figures) => [
    figures.rps.toFixed(0),
    `${figures.p50} / ${figures.p99}` +
      (figures.errors || figures.non2xx ? ` (${figures.errors} errors, ${figures.non2xx} non-2xx)` : ''),
  ];
  // As Prettier prints it (scripts/markdown-table.ts): docs/benchmarks.md passes `prettier --check` as written.
  return markdownTable(
    [
      'page kind',
      'personal ÷ static',
      'personal ÷ plain static',
      'shared ÷ static',
      'shared ÷ plain static',
      'personal req/s',
      'p50 / p99 ms',
      'shared req/s',
      'p50 / p99 ms',
      'static req/s',
      'p50 / p99 ms',
      'plain static req/s',
      'p50 / p99 ms',
      'page KiB',
    ],
    rows.map((row) => [
      `${row.kind} (e.g. \`${row.example}\`)`,
      ratio(row.personal, row.static),
      ratio(row.personal, row.plainStatic),
      ratio(row.shared, row.static),
      ratio(row.shared, row.plainStatic),
      ...cells(row.personal),
      ...cells(row.shared),
      ...cells(row.static),
      ...cells(row.plainStatic),
      row.static.kib.toFixed(0),
    ]),
  );
}

function startServer(dataDir: string, staticDir: string, env: Record<string, string>): ChildProcess {
  // As `npm start` runs it: the compiled server with node.
  return spawn(process.execPath, ['build/node/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BENCH_STATIC_DIR: staticDir,
      SESSION_SECRET: sessionSecret,
      // The bench's shopper gets a real cart (POST /__test/cart), so the count in the header is real.
      TEST_FIXTURES: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

/** The plain static server (scripts/bench-static-server.mjs) over `staticDir`, on the port after the store's. */
function startPlainStaticServer(staticDir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/bench-static-server.mjs', staticDir, String(port + 1)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** A cart of 3 units made through the fixture endpoint; its signed cookie, as the store set it. */
async function makeCart(): Promise<string> {
  const response = await fetch(`${origin}/__test/cart`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ quantities: [2, 1] }),
  });
  if (response.status !== 201) throw new Error(`The cart fixture answered ${response.status}`);
  const { cartId } = (await response.json()) as { cartId: string };
  return `cart=${signValue(cookieKeys, 'cart', cartId)}`;
}

/** The bench's data directory (`data/bench-<products>`), seeded on first use. */
function seeded(): string {
  const dataDir = path.join(root, 'data', `bench-${products}`);
  if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    run(path.join(root, 'node_modules', '.bin', 'tsx'), [
      'server/db/seed/cli.ts',
      '--products',
      String(products),
      '--data-dir',
      path.join(dataDir, 'db'),
    ]);
  }
  return dataDir;
}

async function main(): Promise<void> {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-static-'));
  run(process.execPath, ['scripts/build.mjs', '--if-needed']);
  const dataDir = seeded();

  const loadBefore = os.loadavg()[0]!;
  let server: ChildProcess | undefined;
  let plainStatic: ChildProcess | undefined;
  const plainOrigin = `http://127.0.0.1:${port + 1}`;
  try {
    server = startServer(dataDir, staticDir, {});
    plainStatic = startPlainStaticServer(staticDir);
    await waitFor(origin + '/', 600_000);
    const cart = await makeCart();
    const personalHeaders = { Cookie: cart };
    const sharedHeaders = { Cookie: `${cart}; js=1` };
    const kinds = await discoverPages();
    const rows: Row[] = [];
    for (const { kind, paths } of kinds) {
      // The baseline is exactly the bytes the store rendered for this shopper, one file per URL.
      const files: string[] = [];
      for (const [index, pagePath] of paths.entries()) {
        const response = await fetch(origin + pagePath, { headers: personalHeaders });
        if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
        if (response.headers.get('cache-control') !== 'private, no-store')
          throw new Error(`${pagePath} was not a personal render`);
        const body = Buffer.from(await response.arrayBuffer());
        if (!body.includes('Cart, 3 items')) throw new Error(`${pagePath} lacks the cart count`);
        const file = `${kind}-${index}.html`;
        fs.writeFileSync(path.join(staticDir, file), body);
        files.push(`/__static/${file}`);
      }
      const plainFiles = files.map((file) => file.replace(/^\/__static/, ''));
      await waitFor(plainOrigin + plainFiles[0]!, 10_000);
      await load(paths, personalHeaders); // warm-up pass, not recorded
      const personal = await load(paths, personalHeaders);
      const shared = await load(paths, sharedHeaders);
      const baseline = await load(files, {});
      const plainBaseline = await load(plainFiles, {}, plainOrigin);
      rows.push({ kind, example: paths[0]!, static: baseline, plainStatic: plainBaseline, personal, shared });
      process.stdout.write(
        `${kind}: personal ${personal.rps.toFixed(0)} req/s, shared ${shared.rps.toFixed(0)} req/s, ` +
          `static ${baseline.rps.toFixed(0)} req/s, plain static ${plainBaseline.rps.toFixed(0)} req/s\n`,
      );
    }

    const command = `npm run bench -- --products ${products} --duration ${duration} --connections ${connections}`;
    const report = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores ` +
        `(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${products} products, ${connections} connections, ` +
        `${duration} s per measurement, ${urlsPerKind} URLs per page kind, production build (\`node build/node/main.js\`, ` +
        `NODE_ENV=production), embedded PGlite; load average ${loadBefore.toFixed(1)} before the run, ` +
        `${os.loadavg()[0]!.toFixed(1)} after.`,
      '',
      table(rows),
      '',
      `Reproduce: \`${command}\``,
    ].join('\n');
    process.stdout.write(`\n${report}\n`);
    if (values.write) writeReport(report);
  } finally {
    await stopServer(server);
    await stopServer(plainStatic);
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
}

/** `--listing`: category pages' database time on the seeded store (scripts/bench-listing.ts), no server. */
async function listing(): Promise<void> {
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive whole number, not ${values.runs}`);
  const dataDir = seeded();
  const table = await runListingBench({ dataDir: path.join(dataDir, 'db'), runs });
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, ${products} products. ${table}`,
    '',
    `Reproduce: \`npm run bench -- --listing --products ${products} --runs ${runs}\``,
  ].join('\n');
  process.stdout.write(`\n${report}\n`);
  if (values.write) writeReport(report, 'LISTING');
}

function writeReport(report: string, marker = 'BENCH'): void {
  writeMarkedBlock(path.join(root, 'docs', 'benchmarks.md'), marker, report);
}

(values.cart
  ? runCartBench({
      root,
      products,
      duration,
      port,
      shoppers: Number(values.shoppers),
      write: values.write,
      engines: values.engines?.split(','),
      scenarios: values.scenarios?.split(','),
    })
  : values.search
    ? runSearchBench({ root, products, duration, port, write: values.write })
    : values.listing
      ? listing()
      : values.topology
        ? runTopologyBench({ root, products, duration, connections, port, write: values.write })
        : main()
).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
