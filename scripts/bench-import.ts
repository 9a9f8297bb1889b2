/**
 * Time and peak memory of `npm run import` with a generated 10,000-product file (issue 25 §3), on PGlite and on the
 * local PostgreSQL, first run (everything new) and second run (everything matched, nothing changes):
 *
 *   flock /tmp/heavy.lock npx tsx scripts/bench-import.ts [--products 10000] [--engine pglite|postgres]
 *
 * Each engine gets a fresh store seeded with the default catalogue (PGlite in a temporary DATA_DIR; PostgreSQL in
 * `storefront_bench_import` on 127.0.0.1:5432, dropped and created again, or BENCH_IMPORT_DATABASE_URL). The import
 * runs as `scripts/import.ts` would under `npm run import`, in a process of its own under `/usr/bin/time -v`:
 * the wall time and the maximum resident set size are that process's. Prints a Markdown table for
 * docs/benchmarks.md, with the load average before and after.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../server/paths';
import { writeGeneratedCatalogue } from '../test/helpers/import-catalogue-file';

type Engine = 'pglite' | 'postgres';
type Env = Record<string, string>;
type Measure = { run: string; wallSeconds: number; maxRssMb: number; summary: string };

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { products: { type: 'string', default: '10000' }, engine: { type: 'string' } },
});
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a whole number');
const engines: Engine[] = values.engine ? [values.engine as Engine] : ['pglite', 'postgres'];
const postgresUrl =
  process.env.BENCH_IMPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/storefront_bench_import';

function run(command: string, args: string[], env: Env): { stdout: string; stderr: string } {
  const result = spawnSync(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return { stdout: result.stdout, stderr: result.stderr };
}

/** Seconds of GNU time's "Elapsed (wall clock) time (h:mm:ss or m:ss): 1:02.33". */
function wallSeconds(report: string): number {
  const clock = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(report)?.[1] ?? '0';
  return clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

function measureImport(file: string, env: Env, label: string): Measure {
  const { stdout, stderr } = run(
    '/usr/bin/time',
    ['-v', process.execPath, '--import', 'tsx', 'scripts/import.ts', file],
    env,
  );
  const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0);
  const summary = stdout.split('\n').find((line) => line.startsWith('Imported')) ?? stdout.trim();
  return { run: label, wallSeconds: wallSeconds(stderr), maxRssMb: Math.round(rssKb / 1024), summary };
}

function prepare(engine: Engine): Env {
  if (engine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    run(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts'], env);
    return env;
  }
  const url = new URL(postgresUrl);
  const name = url.pathname.slice(1);
  const admin = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
  spawnSync('dropdb', [...admin, '--if-exists', name], { encoding: 'utf8' });
  run('createdb', [...admin, name], {});
  const env = {
    DATABASE_URL: postgresUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-')),
  };
  run(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts'], env);
  return env;
}

const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-file-'));
const file = writeGeneratedCatalogue(fileDir, products);
const sizeMb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const loadBefore = load();
const rows: string[] = [];
for (const engine of engines) {
  const env = prepare(engine);
  for (const label of ['first run (all new)', 'second run (all matched)']) {
    const measure = measureImport(file, env, label);
    process.stdout.write(
      `${engine} ${label}: ${measure.wallSeconds.toFixed(1)} s, ${measure.maxRssMb} MB\n  ${measure.summary}\n`,
    );
    rows.push(
      `| ${engine === 'pglite' ? 'PGlite (disk)' : 'PostgreSQL 127.0.0.1'} | ${measure.run} | ${measure.wallSeconds.toFixed(1)} s | ${measure.maxRssMb} MB |`,
    );
  }
  if (engine === 'pglite') fs.rmSync(env.DATA_DIR as string, { recursive: true, force: true });
}
fs.rmSync(fileDir, { recursive: true, force: true });
process.stdout.write(
  [
    '',
    `${products} products (${products * 6} variants), file ${sizeMb} MB; load average (1/5/15 min) ${loadBefore} before, ${load()} after; ${os.cpus().length} cores`,
    '',
    '| engine | run | wall time | peak RSS of the import process |',
    '| --- | --- | ---: | ---: |',
    ...rows,
    '',
  ].join('\n'),
);
