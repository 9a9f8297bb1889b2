import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BENCH_USAGE, readBenchArgs } from './bench-args';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('readBenchArgs', () => {
  test.each([
    [[], { kind: 'run' }],
    [['--cart', '--engines', 'pglite', '--duration', '5'], { kind: 'run' }],
    [['--help'], { kind: 'help' }],
    [['-h'], { kind: 'help' }],
    [['--cart', '--help'], { kind: 'help' }],
    [
      ['--listing', '--runs', '11'],
      { kind: 'run', values: { listing: true, runs: '11', products: '10000' } },
    ],
    [['--bogus'], { kind: 'refused', message: "Unknown option '--bogus'" }],
    [['--port'], { kind: 'refused', message: "Option '--port <value>' argument missing" }],
    [['10000'], { kind: 'refused', message: "Unexpected argument '10000'" }],
  ])('%j', (args, expected) => {
    expect(readBenchArgs(args)).toMatchObject(expected);
  });

  test('a run gets the defaults and the values given', () => {
    const command = readBenchArgs(['--cart', '--engines', 'pglite']);
    expect(command).toMatchObject({
      kind: 'run',
      values: { products: '10000', duration: '10', cart: true, engines: 'pglite', write: false },
    });
  });
});

describe('--topology', () => {
  test('asks for the topology run, with the port of its front door', () => {
    expect(readBenchArgs(['--topology', '--port', '3405', '--products', '320'])).toMatchObject({
      kind: 'run',
      values: { topology: true, port: '3405', products: '320', cart: false, search: false },
    });
    expect(readBenchArgs([])).toMatchObject({ kind: 'run', values: { topology: false } });
  });
});

describe('npm run bench', () => {
  const bench = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });

  test('--help prints the usage and exits 0, without starting anything', () => {
    const result = bench('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(BENCH_USAGE);
    expect(result.stderr).toBe('');
  });

  test('an unknown option is one line of error, the usage, exit 2', () => {
    const result = bench('--bogus');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`bench: Unknown option '--bogus'\n\n${BENCH_USAGE}`);
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
