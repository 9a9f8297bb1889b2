import { describe, expect, test } from 'vitest';
import { mayBeFile } from './app.server';

describe('mayBeFile: only paths that can name a built file are looked up on disk', () => {
  test.each<[string, boolean]>([
    ['/favicon.svg', true],
    ['/brand/logo.svg', true],
    ['/robots.txt', true],
    ['/mens.data', true],
    ['/', false],
    ['/mens/', false],
    ['/mens/jackets-and-vests/', false],
    ['/products/jetstream-softshell-jacket/Optifade-Subalpine', false],
    ['/v1.2/page', false],
  ])('%s → %s', (requestPath, expected) => {
    expect(mayBeFile(requestPath)).toBe(expected);
  });
});
