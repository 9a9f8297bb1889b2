/**
 * `npm run bench`: load-test the production build over a seeded catalogue and compare each page with the same
 * bytes served as a static file by the same server, in one run (absolute figures on a shared 2-core machine
 * are noise; the ratio is the signal).
 *
 *   npm run bench [-- --products 10000 --duration 10 --connections 10 --write]
 *
 * The seeded data directory is kept under ./data/bench-<products> so later runs skip seeding.
 * `--write` records the table in docs/benchmarks.md between the BENCH markers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runSearchBench } from './bench-search';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3999' },
    write: { type: 'boolean', default: false },
    /** Only the search scenarios (scripts/bench-search.ts). */
    search: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const duration = Number(values.duration);
const connections = Number(values.connections);
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;

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

/** Picks a category with products and one of its product URLs from the running store's own pages. */
async function discoverPages(): Promise<{ name: string; path: string }[]> {
  const category = '/mens/';
  const html = await (await fetch(origin + category)).text();
  const product = html.match(/href="(\/products\/[^"?]+)"/)?.[1];
  if (!product) throw new Error(`No product link found on ${category}`);
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: category },
    { name: 'product', path: product },
  ];
}

type Figures = { rps: number; p50: number; p99: number; bytes: number; errors: number };

async function load(url: string): Promise<Figures> {
  // A generous timeout: an uncached page on a loaded machine can queue for seconds; slow is a figure, not a failure.
  const result = await autocannon({ url, connections, duration, timeout: 60 });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(result.requests.average, 1),
    errors: result.errors + result.timeouts,
  };
}

type Row = { page: string; static: Figures; cached: Figures; uncached: Figures };

function table(rows: Row[]): string {
  const cell = (figures: Figures, baseline: Figures) =>
    `${figures.rps.toFixed(0)} | ${figures.p50} | ${figures.p99} | **${(figures.rps / baseline.rps).toFixed(2)}**` +
    (figures.errors ? ` (${figures.errors} errors)` : '');
  const lines = [
    '| page | static req/s | static p50 ms | static p99 ms | rendered req/s | p50 ms | p99 ms | ratio to static | ' +
      'no micro-cache req/s | p50 ms | p99 ms | ratio to static |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.page} | ${row.static.rps.toFixed(0)} | ${row.static.p50} | ${row.static.p99} | ` +
        `${cell(row.cached, row.static)} | ${cell(row.uncached, row.static)} |`,
    );
  }
  return lines.join('\n');
}

function startServer(dataDir: string, staticDir: string, env: Record<string, string>): ChildProcess {
  return spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      BENCH_STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const dataDir = path.join(root, 'data', `bench-${products}`);
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-static-'));
  run('npx', ['remix', 'vite:build'], { NODE_ENV: 'production' });
  if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    run('npx', [
      'tsx',
      'server/db/seed/cli.ts',
      '--products',
      String(products),
      '--data-dir',
      path.join(dataDir, 'db'),
    ]);
  }

  let server: ChildProcess | undefined;
  try {
    // Phase 1, as in production: the micro-cache on (MICRO_CACHE_TTL_MS default), and the static baseline.
    server = startServer(dataDir, staticDir, {});
    await waitFor(origin + '/', 120_000);
    const pages = await discoverPages();
    const measured: { static: Figures; cached: Figures }[] = [];
    for (const page of pages) {
      // The baseline is exactly the bytes the store rendered for this page.
      const body = Buffer.from(await (await fetch(origin + page.path)).arrayBuffer());
      fs.writeFileSync(path.join(staticDir, `${page.name}.html`), body);
      await load(origin + page.path); // warm-up pass, not recorded
      const cached = await load(origin + page.path);
      const baseline = await load(`${origin}/__static/${page.name}.html`);
      measured.push({ static: baseline, cached });
      process.stdout.write(
        `${page.name}: ${cached.rps.toFixed(0)} req/s vs static ${baseline.rps.toFixed(0)} req/s\n`,
      );
    }
    await stopServer(server);

    // Phase 2: every request rendered (MICRO_CACHE_TTL_MS=0), to show what a render costs.
    server = startServer(dataDir, staticDir, { MICRO_CACHE_TTL_MS: '0' });
    await waitFor(origin + '/', 120_000);
    const rows: Row[] = [];
    for (const [index, page] of pages.entries()) {
      await load(origin + page.path); // warm-up pass, not recorded
      const uncached = await load(origin + page.path);
      rows.push({ page: `${page.name} (\`${page.path}\`)`, ...measured[index]!, uncached });
      process.stdout.write(`${page.name} without micro-cache: ${uncached.rps.toFixed(0)} req/s\n`);
    }

    const command = `npm run bench -- --products ${products} --duration ${duration} --connections ${connections}`;
    const report = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
        `${products} products, ${connections} connections, ${duration} s per measurement, production build, embedded PGlite; ` +
        `load average before the run ${os.loadavg()[0]!.toFixed(1)}.`,
      '',
      table(rows),
      '',
      `Reproduce: \`${command}\``,
    ].join('\n');
    process.stdout.write(`\n${report}\n`);
    if (values.write) writeReport(report);
  } finally {
    await stopServer(server);
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
}

function writeReport(report: string): void {
  const file = path.join(root, 'docs', 'benchmarks.md');
  const begin = '<!-- BENCH:BEGIN -->';
  const end = '<!-- BENCH:END -->';
  const current = fs.readFileSync(file, 'utf8');
  const from = current.indexOf(begin);
  const to = current.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} lacks the ${begin} … ${end} markers`);
  fs.writeFileSync(file, current.slice(0, from + begin.length) + '\n' + report + '\n' + current.slice(to));
}

(values.search ? runSearchBench({ root, products, duration, port, write: values.write }) : main()).catch(
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
