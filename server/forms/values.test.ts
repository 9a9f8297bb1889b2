import { describe, expect, it } from 'vitest';
import { databaseId, isDatabaseId, isStorable, MAX_DATABASE_ID } from './values';

describe('database ids (issue 27 §4)', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
    [' 42 ', 42],
  ])('%j is the id %i', (input, id) => expect(databaseId('Bad id').parse(input)).toBe(id));

  it.each(['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '1e3x', ''])(
    '%j is refused with the message',
    (input) => {
      const result = databaseId('Bad id').safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe('Bad id');
    },
  );

  it('names the largest PostgreSQL integer', () => expect(MAX_DATABASE_ID).toBe(2 ** 31 - 1));

  it.each([
    ['1', true],
    ['2147483647', true],
    ['2147483648', false],
    ['0', false],
    ['01', false],
    ['-1', false],
    ['12a', false],
    ['', false],
  ])('isDatabaseId(%j) is %s', (text, expected) => expect(isDatabaseId(text)).toBe(expected));
});

describe('values that may be stored (issue 27 §4)', () => {
  it.each([
    ['plain text', 'hello', true],
    ['a well-formed pair (emoji)', '\uD83E\uDD8C', true],
    ['letters of any script', 'José Núñez, Seán', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD800', false],
    ['a lone low surrogate', '\uDC00b', false],
    ['U+FFFD from undecodable bytes', 'a\uFFFDb', false],
    ['NUL deep in an object', { a: [{ b: 'x\u0000' }] }, false],
    ['a lone surrogate in a key', { ['k\uD800']: 1 }, false],
    ['numbers, booleans and null', { a: 1, b: true, c: null, d: [1.5] }, true],
  ])('%s: %s', (_, value, expected) => expect(isStorable(value)).toBe(expected));

  it('refuses a document nested deeper than it walks', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i += 1) deep = [deep];
    expect(isStorable(deep)).toBe(false);
  });
});
