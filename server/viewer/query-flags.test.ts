import { describe, expect, test } from 'vitest';
import { queryFlagIsOn } from './query-flags';

describe('queryFlagIsOn (SPEC §2: any value but "false")', () => {
  test.each([
    ['cart', true],
    ['cart=', true],
    ['cart=true', true],
    ['cart=1', true],
    ['cart=no', true],
    ['cart=false', false],
    ['cart=FALSE', false],
    ['cart=False&login', false],
    ['', false],
    ['carts', false],
    ['login=true', false],
  ])('?%s → %s', (search, on) => {
    expect(queryFlagIsOn(new URLSearchParams(search), 'cart')).toBe(on);
  });
});
