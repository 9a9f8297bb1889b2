import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { chooseEncoding, compressedVariants, type Encoding } from './precompressed';

const both: Encoding[] = ['br', 'gzip'];

describe('chooseEncoding: which of the build’s compressed copies a browser gets (RFC 9110 §12.5.3)', () => {
  test.each<[string | undefined, Encoding[], Encoding | null]>([
    // What browsers send: Chromium over plain HTTP, and over HTTPS.
    ['gzip, deflate', both, 'gzip'],
    ['gzip, deflate, br, zstd', both, 'br'],
    // Brotli wins a tie wherever the header lists it.
    ['br, gzip', both, 'br'],
    ['gzip, br', both, 'br'],
    // Weights decide before preference.
    ['br;q=0.5, gzip', both, 'gzip'],
    ['br;q=1.0, gzip;q=0.9', both, 'br'],
    ['gzip;q=0.001', both, 'gzip'],
    // q=0 refuses; a wildcard covers what the header does not name.
    ['gzip;q=0', both, null],
    ['br;q=0, *', both, 'gzip'],
    ['*', both, 'br'],
    ['*;q=0', both, null],
    ['gzip;q=0, *;q=0.5', both, 'br'],
    // Names are case-insensitive; x-gzip is gzip; spaces and empty entries are tolerated.
    ['GZIP', both, 'gzip'],
    ['x-gzip', both, 'gzip'],
    [' gzip ; q=0.8 ,, ', both, 'gzip'],
    // Only what the build made.
    ['br', ['gzip'], null],
    ['gzip, br', ['gzip'], 'gzip'],
    // No header, identity only, or codings the build does not make: the original bytes.
    [undefined, both, null],
    ['', both, null],
    ['identity', both, null],
    ['deflate, zstd', both, null],
    // A malformed weight makes its entry unusable rather than guessed.
    ['gzip;q=2', both, null],
    ['gzip;q=abc', both, null],
    ['gzip;q=0.5555', both, null],
    ['gzip;q=', both, null],
  ])('%j with %j → %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe('compressedVariants: the copies each asset has', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('lists the files with a .br or .gz beside them, Brotli first, and nothing else', () => {
    for (const name of ['a.js', 'a.js.br', 'a.js.gz', 'b.css', 'b.css.gz', 'c.woff2', 'd.js.gz']) {
      fs.writeFileSync(path.join(dir, name), name);
    }
    const variants = compressedVariants(dir);
    expect(Object.fromEntries(variants)).toEqual({ '/a.js': ['br', 'gzip'], '/b.css': ['gzip'] });
  });
});
