/**
 * The search scenarios of `npm run bench` (issue 12), self-contained: `npm run bench -- --search` runs only these.
 *
 * Against a 10,000-product catalogue on PGlite and on PostgreSQL, with every per-term cache off
 * (`SEARCH_CACHE_ENTRIES=0`, `MICRO_CACHE_TTL_MS=0`) so each request does the work, 20 concurrent clients cycle
 * through at least 200 different terms (prefixes, words, phrases and one-typo variants of seeded names):
 * - autocomplete: `/api/search/suggestions?q=…`, what the header asks as a shopper types (memory index);
 * - results page: `/search?q=…`, the whole HTML page (full-text search, facets, cards).
 * Figures: requests per second, p50 and p99 latency. `--write` records them in docs/benchmarks.md between the
 * SEARCH-BENCH markers. PostgreSQL is the local server (`BENCH_DATABASE_URL`, default
 * postgres://postgres@127.0.0.1:5432/storefront_bench_search, created and seeded when missing or smaller).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateSeedData } from '../server/db/seed/generate';
import { markdownTable, writeMarkedBlock } from './markdown-table';

export type SearchBenchOptions = {
  root: string;
  products: number;
  duration: number;
  port: number;
  write: boolean;
};

const CONNECTIONS = 20;
const TERMS = 240;

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** One typo chosen by `n`: a dropped, doubled or swapped letter. */
function withTypo(word: string, n: number): string {
  if (word.length < 4) return word;
  const at = 1 + (n % (word.length - 2));
  if (n % 3 === 0) return word.slice(0, at) + word.slice(at + 1);
  if (n % 3 === 1) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** At least 240 distinct terms from the seeded names: prefixes, words, two-word phrases, typos. */
export function searchTerms(products: number): string[] {
  const names = generateSeedData({ products: Math.min(products, 2000) }).products.map((p) =>
    p.name.toLowerCase().replace(/'/g, ''),
  );
  const terms = new Set<string>();
  for (let i = 0; terms.size < TERMS && i < names.length * 4; i++) {
    const words = names[(i * 37) % names.length]!.split(' ');
    const word = words[i % words.length]!;
    switch (i % 5) {
      case 0:
        if (word.length >= 3) terms.add(word.slice(0, 3 + (i % 3)));
        break;
      case 1:
        terms.add(withTypo(word, i));
        break;
      case 2:
        terms.add(words.slice(-2).join(' '));
        break;
      case 3:
        terms.add(withTypo(words.join(' '), i));
        break;
      default:
        terms.add(word);
    }
  }
  return [...terms].filter((term) => term.trim().length >= 3);
}

async function load(origin: string, paths: string[], duration: number): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration,
    timeout: 60,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function startServer(root: string, port: number, env: Record<string, string>): ChildProcess {
  // As `npm start` runs it: the compiled server with node (runSearchBench builds it first when needed).
  return spawn(process.execPath, ['build/node/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MICRO_CACHE_TTL_MS: '0',
      SEARCH_CACHE_ENTRIES: '0',
      SEARCH_SYNC_MS: '0',
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

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function seed(root: string, products: number, env: Record<string, string>, args: string[]): void {
  const result = spawnSync('npx', ['tsx', 'server/db/seed/cli.ts', '--products', String(products), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error('seeding failed');
}

type Row = { engine: string; scenario: string; figures: Figures };

export async function runSearchBench(options: SearchBenchOptions): Promise<void> {
  const { root, products, duration, port } = options;
  const origin = `http://127.0.0.1:${port}`;
  const terms = searchTerms(products);
  const suggestPaths = terms.map((term) => `/api/search/suggestions?${new URLSearchParams({ q: term })}`);
  const resultPaths = terms.map((term) => `/search?${new URLSearchParams({ q: term })}`);

  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The production build failed');
  const pgliteDir = path.join(root, 'data', `bench-${products}`);
  if (!fs.existsSync(path.join(pgliteDir, 'db', 'PG_VERSION')))
    seed(root, products, {}, ['--data-dir', path.join(pgliteDir, 'db')]);
  const postgresUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/storefront_bench_search';
  spawnSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', new URL(postgresUrl).pathname.slice(1)], {
    stdio: 'ignore',
  });
  seedPostgresIfNeeded(root, products, postgresUrl);

  const engines: [string, Record<string, string>][] = [
    ['PGlite', { DATA_DIR: pgliteDir, DATABASE_URL: '' }],
    [
      'PostgreSQL',
      { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-')), DATABASE_URL: postgresUrl },
    ],
  ];
  const rows: Row[] = [];
  const load0 = os.loadavg()[0]!;
  for (const [engine, env] of engines) {
    let server: ChildProcess | undefined;
    try {
      server = startServer(root, port, env);
      // The first start of a catalogue builds its search documents.
      await waitFor(`${origin}/api/search/suggestions?q=jacket`, 600_000);
      for (const [scenario, paths] of [
        ['autocomplete (`/api/search/suggestions`)', suggestPaths],
        ['results page (`/search?q=`)', resultPaths],
      ] as const) {
        await load(origin, paths, Math.min(3, duration)); // warm-up, not recorded
        const figures = await load(origin, paths, duration);
        rows.push({ engine, scenario, figures });
        process.stdout.write(
          `${engine} ${scenario}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms\n`,
        );
      }
    } finally {
      await stopServer(server);
    }
  }
  const report = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `${products} products, ${CONNECTIONS} connections, ${duration} s per measurement, ${terms.length} different terms ` +
      `(prefixes, words, phrases, one-typo names), per-term caches and the micro-cache off; load average before the run ${load0.toFixed(1)}.`,
    '',
    markdownTable(
      ['engine', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
      rows.map(({ engine, scenario, figures }) => [
        engine,
        scenario,
        figures.rps.toFixed(0),
        figures.p50,
        figures.p99,
        figures.errors + figures.non2xx,
      ]),
    ),
    '',
    `Reproduce: \`npm run bench -- --search --products ${products} --duration ${duration}\``,
  ].join('\n');
  process.stdout.write(`\n${report}\n`);
  if (options.write) writeReport(root, report);
}

function seedPostgresIfNeeded(root: string, products: number, url: string): void {
  const count = spawnSync(
    'psql',
    [
      url,
      '-tAc',
      "select coalesce((select (value->>'products')::int from store_meta where key = 'seed'), 0)",
    ],
    { encoding: 'utf8' },
  );
  if (Number(count.stdout.trim()) === products) return;
  seed(root, products, { DATABASE_URL: url }, ['--reset']);
}

function writeReport(root: string, report: string): void {
  // As Prettier prints it (scripts/markdown-table.ts): the file passes `prettier --check` as written.
  writeMarkedBlock(path.join(root, 'docs', 'benchmarks.md'), 'SEARCH-BENCH', report);
}
