import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { signValue, unsignValue } from './cookies.server';
import { deriveKey, deriveKeys } from './keys';

const current = 'c'.repeat(40);
const previous = 'p'.repeat(40);

/** RFC 5869 HKDF-SHA256 written out with HMAC (extract, then one block of expand): the oracle for deriveKey. */
function hkdf(secret: string, info: string): string {
  const prk = crypto.createHmac('sha256', 'storefront').update(secret).digest();
  const block = crypto
    .createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from(info), Buffer.from([1])]))
    .digest();
  return block.toString('base64url');
}

/** How cookies were signed before per-purpose keys: HMAC-SHA256 of `name=value` under SESSION_SECRET itself. */
const legacySigned = (secret: string, name: string, value: string) =>
  `${value}.${crypto.createHmac('sha256', secret).update(`${name}=${value}`).digest('base64url')}`;

describe('deriveKey', () => {
  test('is HKDF-SHA256 of the secret, salt `storefront`, info the purpose', () => {
    expect(deriveKey(current, 'cookies')).toBe(hkdf(current, 'cookies'));
    expect(deriveKey(current, 'uploads')).toBe(hkdf(current, 'uploads'));
  });

  test('gives each purpose its own key, none of them the secret', () => {
    const keys = deriveKeys({ current, previous: [] });
    const single = [
      keys.cookies[0],
      keys.uploads,
      keys.mailViewer,
      keys.rateLimit,
      keys.identityProvider,
      keys.unsubscribe[0],
      keys.esiFragments[0],
    ];
    expect(new Set(single).size).toBe(7);
    expect(single).not.toContain(current);
  });
});

test('unsubscribe links keep verifying across a rotation: the new secret signs, the old one still verifies', () => {
  expect(deriveKeys({ current, previous: [previous] }).unsubscribe).toEqual([
    hkdf(current, 'unsubscribe'),
    hkdf(previous, 'unsubscribe'),
  ]);
});

test('fragment URLs of shells the CDN keeps verify across a rotation (decision 115)', () => {
  expect(deriveKeys({ current, previous: [previous] }).esiFragments).toEqual([
    hkdf(current, 'esi-fragments'),
    hkdf(previous, 'esi-fragments'),
  ]);
});

describe('cookie keys across a rotation', () => {
  const before = deriveKeys({ current: previous, previous: [] }).cookies;
  const after = deriveKeys({ current, previous: [previous] }).cookies;

  test('the new secret signs', () => {
    const signed = signValue(after, 'cart', 'abc');
    expect(unsignValue([hkdf(current, 'cookies')], 'cart', signed)).toBe('abc');
    expect(unsignValue([hkdf(previous, 'cookies')], 'cart', signed)).toBeNull();
  });

  test('a cookie signed under the previous secret is still accepted', () => {
    expect(unsignValue(after, 'cart', signValue(before, 'cart', 'abc'))).toBe('abc');
  });

  test('a cookie signed before per-purpose keys is still accepted, by the current or the previous secret', () => {
    expect(unsignValue(after, 'cart', legacySigned(current, 'cart', 'abc'))).toBe('abc');
    expect(unsignValue(after, 'cart', legacySigned(previous, 'cart', 'abc'))).toBe('abc');
  });

  test('once the previous secret is dropped, its cookies read as forged', () => {
    const dropped = deriveKeys({ current, previous: [] }).cookies;
    expect(unsignValue(dropped, 'cart', signValue(before, 'cart', 'abc'))).toBeNull();
  });

  test('a value signed for another purpose is not a cookie', () => {
    const upload = `abc.${crypto.createHmac('sha256', deriveKey(current, 'uploads')).update('cart=abc').digest('base64url')}`;
    expect(unsignValue(after, 'cart', upload)).toBeNull();
    expect(unsignValue(after, 'cart', legacySigned('o'.repeat(40), 'cart', 'abc'))).toBeNull();
  });
});
