/**
 * `npm run audit` (issue 7 §6): Lighthouse's mobile audit (the npm `lighthouse` package, its default mobile
 * emulation and simulated throttling) of the home, a category and a product page, in Debian's Chromium, against the
 * production server on a fresh seeded store. Prints the scores, writes them with the key metrics, the machine's
 * load average and what kept a category under its target to `docs/benchmarks.md`, and exits 1 when a page is under
 * target (performance 95, accessibility, best practices and SEO 100).
 *
 * Environment: AUDIT_PORT (default 3190), AUDIT_BASE_URL (audit a server already running instead), DATA_DIR (the
 * store's data; default a new temporary directory, seeded at start), CHROMIUM_PATH (default /usr/bin/chromium),
 * AUDIT_RUNS (default 1: with more, each page's median run by performance counts).
 * Run it on a quiet machine, under the team's lock: `flock /tmp/storefront-heavy.lock npm run audit`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale, runBuild } from './build.mjs';
import { markdownTable, replaceBetween } from './markdown-table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.AUDIT_PORT ?? 3190);
const baseUrl = process.env.AUDIT_BASE_URL ?? `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.AUDIT_RUNS ?? 1));
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

type Audit = {
  score: number | null;
  details?: { items?: { node?: { selector?: string; snippet?: string } }[] };
  displayValue?: string;
  title: string;
  numericValue?: number;
  scoreDisplayMode?: string;
};
type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};
type PageResult = { name: string; url: string; scores: Record<string, number>; report: Report };

async function waitForServer(url: string, child: ChildProcess | undefined): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 5 minutes`);
}

function startServer(): { child: ChildProcess; dataDir: string; temporary: boolean } {
  const temporary = !process.env.DATA_DIR;
  const dataDir = process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-audit-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  return { child, dataDir, temporary };
}

/** The first link on `page` whose path matches `pattern`. */
async function firstLink(page: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(new URL(page, baseUrl))).text();
  for (const match of html.matchAll(/href="([^"#?]+)"/g)) {
    if (pattern.test(match[1]!)) return match[1]!;
  }
  throw new Error(`no link matching ${pattern} on ${page}`);
}

/**
 * Lighthouse now and then fails to record its trace (`NO_NAVSTART`, "Please run Lighthouse again") and exits 1
 * with no report; such a run is run again, at most this many times, and said on stderr. A failure that repeats is
 * the page's or the setup's: the audit stops.
 */
const LIGHTHOUSE_ATTEMPTS = 3;

function lighthouse(url: string): Report {
  for (let attempt = 1; ; attempt++) {
    const report = lighthouseOnce(url);
    if (report) return report;
    if (attempt === LIGHTHOUSE_ATTEMPTS) {
      throw new Error(`lighthouse failed on ${url} ${LIGHTHOUSE_ATTEMPTS} times in a row`);
    }
    process.stderr.write(`lighthouse failed on ${url} (attempt ${attempt}); running it again\n`);
  }
}

/** One Lighthouse run; undefined when it exits non-zero or writes no report. */
function lighthouseOnce(url: string): Report | undefined {
  const output = path.join(os.tmpdir(), `storefront-audit-${process.pid}.json`);
  fs.rmSync(output, { force: true });
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--quiet',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0 || !fs.existsSync(output)) return undefined;
  const report = JSON.parse(fs.readFileSync(output, 'utf8')) as Report;
  fs.rmSync(output, { force: true });
  return report;
}

const score = (report: Report, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);

function auditPage(name: string, url: string): PageResult {
  const reports = Array.from({ length: runs }, () => lighthouse(url));
  reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const report = reports[Math.floor(reports.length / 2)]!;
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, score(report, category)]));
  return { name, url, scores, report };
}

/** The audits that cost a category points: failed or partial, weighted, most weight first. */
function shortfalls(report: Report, category: string): string[] {
  const refs = report.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => {
      const audit = report.audits[ref.id];
      return ref.weight > 0 && audit && audit.score !== null && audit.score < 1;
    })
    .sort((a, b) => b.weight - a.weight)
    .map((ref) => {
      const audit = report.audits[ref.id]!;
      // The elements the audit names (tap targets, contrast…), so the note says what to fix.
      const nodes = (audit.details?.items ?? [])
        .flatMap((item) => (item.node?.selector ? [`\`${item.node.selector}\``] : []))
        .slice(0, 5);
      const where = nodes.length > 0 ? `: ${nodes.join(', ')}` : '';
      return `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${where}`;
    });
}

function markdown(results: PageResult[], load: number[], started: Date): string {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const lines = [
    `Run ${started.toISOString().slice(0, 16)} UTC at ${commit}, Chromium ${chromiumVersion()}, ${runs} run(s) per page`,
    `(median by performance), load average before/after: ${load.map((value) => value.toFixed(2)).join(' / ')}.`,
    'Command: `flock /tmp/storefront-heavy.lock npm run audit` (Lighthouse mobile, simulated throttling).',
    '',
    // As Prettier prints it (scripts/markdown-table.ts): docs/benchmarks.md passes `prettier --check` as written.
    markdownTable(
      [
        'page',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        ...Object.values(METRICS),
        'DOM elements',
      ],
      results.map(({ name, url, scores, report }) => [
        `${name} (\`${new URL(url).pathname}\`)`,
        ...CATEGORIES.map((category) => scores[category] ?? 'n/a'),
        ...Object.keys(METRICS).map((id) => report.audits[id]?.displayValue ?? 'n/a'),
        report.audits['dom-size']?.numericValue ?? 'n/a',
      ]),
    ),
    '',
  ];
  const notes = results.flatMap(({ name, scores, report }) =>
    CATEGORIES.filter((category) => scores[category]! < TARGETS[category]).map(
      (category) => `- ${name}, ${category} ${scores[category]}: ${shortfalls(report, category).join('; ')}`,
    ),
  );
  if (notes.length > 0) lines.push('Under target:', '', ...notes, '');
  return lines.join('\n');
}

function chromiumVersion(): string {
  const result = spawnSync(chromium, ['--version'], { encoding: 'utf8' });
  return /\d+\.\d+\.\d+\.\d+/.exec(result.stdout)?.[0] ?? 'unknown';
}

const START = '<!-- audit:start -->';
const END = '<!-- audit:end -->';

function writeBenchmarks(section: string): void {
  const file = path.join(root, 'docs/benchmarks.md');
  const text = fs.readFileSync(file, 'utf8');
  const next =
    replaceBetween(text, START, END, section) ??
    `${text.trimEnd()}\n\n## Lighthouse (npm run audit)\n\n${START}\n\n${section.trim()}\n\n${END}\n`;
  fs.writeFileSync(file, next);
}

async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  let server: ReturnType<typeof startServer> | undefined;
  if (!process.env.AUDIT_BASE_URL) {
    if (buildIsStale(root)) runBuild(root);
    server = startServer();
  }
  try {
    await waitForServer(`${baseUrl}/`, server?.child);
    const category = await firstLink('/', /^\/[a-z-]+\/$/);
    const product = await firstLink(category, /^\/products\/[^/]+\/[^/]+$/);
    const results = [
      auditPage('home', `${baseUrl}/`),
      auditPage('category', `${baseUrl}${category}`),
      auditPage('product', `${baseUrl}${product}`),
    ];
    const load = [loadBefore, os.loadavg()[0]!];
    for (const { name, scores } of results) {
      console.log(`${name}: ${CATEGORIES.map((category) => `${category} ${scores[category]}`).join(', ')}`);
    }
    const section = markdown(results, load, started);
    console.log(section);
    writeBenchmarks(section);
    const under = results.some(({ scores }) =>
      CATEGORIES.some((category) => scores[category]! < TARGETS[category]),
    );
    process.exitCode = under ? 1 : 0;
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server!.child.once('exit', resolve));
      if (server.temporary) fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
